#if canImport(UIKit)
import UIKit

/// Sizes of supplementary views (section headers and footers, a compositional layout's own
/// kinds) registered by kind and reuse identifier.
///
/// Cached by the app's key or not at all, never by index path: the engine follows updates
/// for items (and a table's one header and footer per section), not for views of any kind,
/// so a size cached by position would stay on a moved section. A key (a section
/// identifier) moves with the section by itself. Keys are kept per kind: a header and an
/// item, or a header and a footer, given equal keys never share a size.
///
/// Bad input, for every method here: as for the cell methods
/// (`fd_size(identifier:fittingWidth:cacheBy:configure:)` (by index path)); the
/// fallback for a flow layout's headers and footers is its header or footer reference size.
extension UICollectionView {
    /// The size of the supplementary view of `kind` registered for `identifier`, configured
    /// by `configure`, at `width`, its height cached by `key`; forget it with
    /// ``fd_invalidateSize(ofSupplementaryViewOfKind:forKey:)``.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    public func fd_size<View: UICollectionReusableView, Key: Hashable>(
        ofSupplementaryViewOfKind kind: String, identifier: String, fittingWidth width: CGFloat, cacheBy key: Key,
        configure: (View) -> Void
    ) -> CGSize {
        templateSize(.identifier(identifier, kind: .supplementary(kind)), fixing: .width, length: width,
                     key: .key(AnyHashable(SupplementarySizeKey(kind: kind, key: AnyHashable(key)))), configure: configure)
    }

    /// The size of the supplementary view of `kind` registered for `identifier` at `width`,
    /// measured every time and never cached.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: one Auto Layout pass.
    public func fd_size<View: UICollectionReusableView>(
        ofSupplementaryViewOfKind kind: String, identifier: String, fittingWidth width: CGFloat, configure: (View) -> Void
    ) -> CGSize {
        templateSize(.identifier(identifier, kind: .supplementary(kind)), fixing: .width, length: width, key: .none, configure: configure)
    }

    /// The size of the supplementary view of `kind` registered for `identifier` at `height`,
    /// its width cached by `key`.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    public func fd_size<View: UICollectionReusableView, Key: Hashable>(
        ofSupplementaryViewOfKind kind: String, identifier: String, fittingHeight height: CGFloat, cacheBy key: Key,
        configure: (View) -> Void
    ) -> CGSize {
        templateSize(.identifier(identifier, kind: .supplementary(kind)), fixing: .height, length: height,
                     key: .key(AnyHashable(SupplementarySizeKey(kind: kind, key: AnyHashable(key)))), configure: configure)
    }

    /// The size of the supplementary view of `kind` registered for `identifier` at `height`,
    /// measured every time and never cached.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: one Auto Layout pass.
    public func fd_size<View: UICollectionReusableView>(
        ofSupplementaryViewOfKind kind: String, identifier: String, fittingHeight height: CGFloat, configure: (View) -> Void
    ) -> CGSize {
        templateSize(.identifier(identifier, kind: .supplementary(kind)), fixing: .height, length: height, key: .none, configure: configure)
    }
}
#endif
