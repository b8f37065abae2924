#if canImport(UIKit)
import UIKit

/// Sizes of cells named by class, for apps that register with
/// `UICollectionView.CellRegistration`, which has no reuse identifier: the template is made
/// with the class's `init(frame:)`, or taken from `nib` (its first top-level view of the
/// class). Needs no registration, so it also serves cells registered before the package's
/// registration tracking was installed.
///
/// Bad input, for every method here: a nib with no top-level view of `cellClass` asserts in
/// debug builds and answers the fallback size without caching; fitting lengths as for the
/// identifier methods (`fd_size(identifier:fittingWidth:cacheBy:configure:)` (by index path)).
extension UICollectionView {
    /// The size of a `cellClass` cell, configured by `configure`, at `width`, its height
    /// cached by index path (none with a diffable data source, see the identifier variant).
    ///
    /// Bad input: as for every method here (see the extension); an index path naming no item
    /// asserts in debug builds and answers the fallback.
    ///
    /// - Complexity: O(1) on a hit; one Auto Layout pass on a miss.
    public func fd_size<Cell: UICollectionViewCell>(
        of cellClass: Cell.Type, nib: UINib? = nil, fittingWidth width: CGFloat, cacheBy indexPath: IndexPath,
        configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.cellClass(cellClass, nib: nib), fixing: .width, length: width,
                     key: itemKey(for: indexPath), indexPath: indexPath, configure: configure)
    }

    /// The size of a `cellClass` cell at `width`, its height cached by `key` (an item
    /// identifier); forget it with ``fd_invalidateSize(forKey:)``.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    public func fd_size<Cell: UICollectionViewCell, Key: Hashable>(
        of cellClass: Cell.Type, nib: UINib? = nil, fittingWidth width: CGFloat, cacheBy key: Key, configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.cellClass(cellClass, nib: nib), fixing: .width, length: width, key: .key(AnyHashable(key)), configure: configure)
    }

    /// The size of a `cellClass` cell at `width`, measured every time and never cached.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: one Auto Layout pass.
    public func fd_size<Cell: UICollectionViewCell>(
        of cellClass: Cell.Type, nib: UINib? = nil, fittingWidth width: CGFloat, configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.cellClass(cellClass, nib: nib), fixing: .width, length: width, key: .none, configure: configure)
    }

    /// The size of a `cellClass` cell at `height`, its width cached by index path.
    ///
    /// Bad input: as for the width variant.
    ///
    /// - Complexity: O(1) on a hit; one Auto Layout pass on a miss.
    public func fd_size<Cell: UICollectionViewCell>(
        of cellClass: Cell.Type, nib: UINib? = nil, fittingHeight height: CGFloat, cacheBy indexPath: IndexPath,
        configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.cellClass(cellClass, nib: nib), fixing: .height, length: height,
                     key: itemKey(for: indexPath), indexPath: indexPath, configure: configure)
    }

    /// The size of a `cellClass` cell at `height`, its width cached by `key`.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    public func fd_size<Cell: UICollectionViewCell, Key: Hashable>(
        of cellClass: Cell.Type, nib: UINib? = nil, fittingHeight height: CGFloat, cacheBy key: Key, configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.cellClass(cellClass, nib: nib), fixing: .height, length: height, key: .key(AnyHashable(key)), configure: configure)
    }

    /// The size of a `cellClass` cell at `height`, measured every time and never cached.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: one Auto Layout pass.
    public func fd_size<Cell: UICollectionViewCell>(
        of cellClass: Cell.Type, nib: UINib? = nil, fittingHeight height: CGFloat, configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.cellClass(cellClass, nib: nib), fixing: .height, length: height, key: .none, configure: configure)
    }
}
#endif
