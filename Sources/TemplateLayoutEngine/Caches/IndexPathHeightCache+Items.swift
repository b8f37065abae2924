import Foundation

/// `UICollectionView`'s spellings of the row updates: a collection view's items are the
/// cache's rows (an `IndexPath` of a section and an item), and each stores one length, the
/// one measured along the free dimension of its context. Sections, `reloadData()` and
/// ``performBatchUpdates(_:)`` are spelled alike on both views.
extension IndexPathHeightCache {
    /// `UICollectionView.insertItems(at:)`; as ``insertRows(at:)``. - Complexity: see ``apply(_:)``.
    public func insertItems(at indexPaths: [IndexPath]) { insertRows(at: indexPaths) }
    /// `UICollectionView.deleteItems(at:)`; as ``deleteRows(at:)``. - Complexity: see ``apply(_:)``.
    public func deleteItems(at indexPaths: [IndexPath]) { deleteRows(at: indexPaths) }
    /// `UICollectionView.reloadItems(at:)`; as ``reloadRows(at:)``. - Complexity: see ``apply(_:)``.
    public func reloadItems(at indexPaths: [IndexPath]) { reloadRows(at: indexPaths) }
    /// `UICollectionView.moveItem(at:to:)`; as ``moveRow(at:to:)``. - Complexity: see ``apply(_:)``.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { moveRow(at: indexPath, to: newIndexPath) }
    /// `UICollectionView.reconfigureItems(at:)` (iOS 15); as ``reconfigureRows(at:)``: the
    /// items' lengths are forgotten in every context at once, named by the index paths as
    /// displayed, and it is not a batch item. Bad input as ``reconfigureRows(at:)``.
    ///
    /// - Complexity: O(*k* × `contextLimit`) for *k* index paths.
    public func reconfigureItems(at indexPaths: [IndexPath]) { reconfigureRows(at: indexPaths) }
}
