#if canImport(UIKit)
import UIKit

extension UICollectionView {
    /// Sends `update`'s item changes to the collection view. Call it inside
    /// `performBatchUpdates`, after the model changed, so UIKit checks the new counts against
    /// them; the package's index-path cache follows these same calls (this screen caches by
    /// key, which needs nothing).
    func apply(_ update: CollectionDemoUpdate) {
        deleteItems(at: update.deletions)
        reloadItems(at: update.reloads)
        for move in update.moves {
            moveItem(at: move.source, to: move.destination)
        }
        insertItems(at: update.insertions)
    }
}
#endif
