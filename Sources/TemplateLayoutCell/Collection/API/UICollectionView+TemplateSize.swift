#if canImport(UIKit)
import UIKit

/// Sizes of cells registered by reuse identifier. The `fittingWidth:` methods fix the width
/// and measure the height (full-width rows, grid columns, cards); the `fittingHeight:`
/// methods fix the height and measure the width (chips, carousel pages). The answer's fixed
/// axis is the length given, the other the measured length.
///
/// Templates are built from the class or nib the app registered (recorded from launch, see
/// `RegistrationTracking.swift`), never dequeued: on iOS 18 and later a cell dequeued
/// outside `collectionView(_:cellForItemAt:)` throws at the next layout pass.
///
/// Bad input, for every method here: an identifier no registration of which was seen, or a
/// registered cell that is not a `Cell`, asserts in debug builds naming it and the cure,
/// and answers the fallback size without caching; a fitting length that is NaN or infinite
/// does the same, one that is 0 or negative (a view not laid out yet) is logged once and
/// answers the fallback. The fallback: a flow layout's estimated item size (unless
/// `automaticSize`), else its item size; 50 points for other layouts; the fitting length
/// on the fixed axis when it is one.
extension UICollectionView {
    /// The size of the cell registered for `identifier`, configured by `configure`, at
    /// `width`, its height cached by index path.
    ///
    /// Call it from `collectionView(_:layout:sizeForItemAt:)`. On a hit `configure` is not
    /// called. On a miss the template is reset with `prepareForReuse()`, given the view's
    /// text size and weight, configured, given its configuration update, and measured with
    /// Auto Layout (width required); the height is cached in that layout context (width,
    /// text size and weight), so a column-count change and back hits again.
    ///
    /// Bad input: as for every method here (see the extension), and an index path that names
    /// no item of the view also asserts in debug builds and answers the fallback. With a
    /// diffable data source nothing is cached by index path (it moves items with no update
    /// the cache follows, a drag-reorder commit): cache by item identifier instead.
    ///
    /// - Complexity: O(1) on a hit; one Auto Layout pass on a miss.
    public func fd_size<Cell: UICollectionViewCell>(
        identifier: String, fittingWidth width: CGFloat, cacheBy indexPath: IndexPath, configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.identifier(identifier, kind: .cell), fixing: .width, length: width,
                     key: itemKey(for: indexPath), indexPath: indexPath, configure: configure)
    }

    /// The size of the cell registered for `identifier` at `width`, its height cached by
    /// `key`, typically the item's identifier (a diffable data source's).
    ///
    /// Item updates never touch sizes cached by key; when an item's content changes, forget
    /// its sizes with ``fd_invalidateSize(forKey:)``.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    public func fd_size<Cell: UICollectionViewCell, Key: Hashable>(
        identifier: String, fittingWidth width: CGFloat, cacheBy key: Key, configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.identifier(identifier, kind: .cell), fixing: .width, length: width, key: .key(AnyHashable(key)), configure: configure)
    }

    /// The size of the cell registered for `identifier` at `width`, measured every time and
    /// never cached.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: one Auto Layout pass.
    public func fd_size<Cell: UICollectionViewCell>(
        identifier: String, fittingWidth width: CGFloat, configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.identifier(identifier, kind: .cell), fixing: .width, length: width, key: .none, configure: configure)
    }

    /// The size of the cell registered for `identifier` at `height`, its width cached by
    /// index path: the horizontal twin of `fd_size(identifier:fittingWidth:cacheBy:configure:)` (by index path).
    ///
    /// Bad input: as for the width variant.
    ///
    /// - Complexity: O(1) on a hit; one Auto Layout pass on a miss.
    public func fd_size<Cell: UICollectionViewCell>(
        identifier: String, fittingHeight height: CGFloat, cacheBy indexPath: IndexPath, configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.identifier(identifier, kind: .cell), fixing: .height, length: height,
                     key: itemKey(for: indexPath), indexPath: indexPath, configure: configure)
    }

    /// The size of the cell registered for `identifier` at `height`, its width cached by `key`.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    public func fd_size<Cell: UICollectionViewCell, Key: Hashable>(
        identifier: String, fittingHeight height: CGFloat, cacheBy key: Key, configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.identifier(identifier, kind: .cell), fixing: .height, length: height, key: .key(AnyHashable(key)), configure: configure)
    }

    /// The size of the cell registered for `identifier` at `height`, measured every time and
    /// never cached.
    ///
    /// Bad input: as for every method here (see the extension).
    ///
    /// - Complexity: one Auto Layout pass.
    public func fd_size<Cell: UICollectionViewCell>(
        identifier: String, fittingHeight height: CGFloat, configure: (Cell) -> Void
    ) -> CGSize {
        templateSize(.identifier(identifier, kind: .cell), fixing: .height, length: height, key: .none, configure: configure)
    }
}
#endif
