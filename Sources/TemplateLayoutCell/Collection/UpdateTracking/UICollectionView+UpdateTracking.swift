#if canImport(UIKit)
import UIKit

/// What the blocks ``CollectionUpdateTracking`` installs on UIKit's update methods tell the
/// engine, on the main thread, before they call UIKit's method: the engine first, so that a
/// batch is applied with UIKit's semantics before UIKit asks the layout for the items it
/// moved. Items are rows for the engine. Each does nothing for a collection view that has
/// never used the package.
extension UICollectionView {
    /// `reloadData`: forgets every index-path size; sizes cached by key survive, as keys
    /// follow their items. UIKit invalidates the layout itself. A skeleton's own reloads
    /// (showing its items, giving the app's back) keep them: they are the previous load the
    /// skeleton sizes its items from, and the app's items are the same ones afterwards.
    func trackCollectionReloadData() {
        guard let state = existingCollectionLayoutState else { return }
        // An edit made before the reload, this turn, is applied while its item is still known.
        state.applyObservedChangesMadeOnMainThread()
        state.itemsDidChange()
        if let skeletonState = existingCollectionSkeletonState, skeletonState.keepsIndexPathSizesOnReload {
            // For this reload only: one the app makes from code this reload runs forgets as
            // usual (as for tables, review 18g).
            skeletonState.keepsIndexPathSizesOnReload = false
            return
        }
        state.sizes.indexPaths.reloadData()
    }

    /// The entry, closure and return of `performBatchUpdates` (UIKit sends no public
    /// begin or end). A call still open when the main queue turns was cut short (an
    /// exception); the cache is then told once, forgets, and the layout is asked again.
    func trackCollectionUpdateCall(_ call: UpdateCall) {
        guard let state = existingCollectionLayoutState, state.sizes.indexPaths.track(call) else { return }
        state.reportTurnEndToIndexPathCache()
    }

    /// One item or section update of this view. The layout needs no request: UIKit ends
    /// every update by invalidating it with the data source counts (26.1
    /// `_endItemAnimationsWithInvalidationContext:`), so a flow layout asks its delegate for
    /// every size again, and new or reloaded cells are sized afresh.
    func trackCollectionUpdate(_ update: (IndexPathHeightCache) -> Void) {
        guard let state = existingCollectionLayoutState else { return }
        // An edit made before the update, this turn, forgets its item's size where the item
        // is now, before the update moves it (and retires trackings by index path).
        state.applyObservedChangesMadeOnMainThread()
        update(state.sizes.indexPaths)
        state.itemsDidChange()
    }

    /// `reconfigureItems(at:)`: forgets the items' sizes at once (UIKit carries the
    /// reconfigure out when called, on the items as displayed), and asks the layout for them
    /// on the next turn: UIKit keeps the cell, and a layout keeps the size it has unless
    /// invalidated. Inside a batch the items may move before the next turn, so every size is
    /// asked again then.
    func trackCollectionReconfigure(at indexPaths: [IndexPath]) {
        guard let state = existingCollectionLayoutState else { return }
        let inBatch = state.sizes.indexPaths.hasOpenBatch
        state.applyObservedChangesMadeOnMainThread()
        state.sizes.indexPaths.reconfigureRows(at: indexPaths)
        // As tables treat `reconfigureRows(at:)`: an update like any other, moving nothing.
        state.itemsDidChange(moved: false)
        state.askForSizesAgain(at: inBatch ? nil : indexPaths, because: "items were reconfigured")
    }

    /// Moves the size cached for an item the user dragged, for sizes cached by index path.
    /// Call it from `collectionView(_:moveItemAt:to:)`, after updating your model: UIKit has
    /// already moved the item on screen and does not call `moveItem(at:to:)`, which the cache
    /// follows.
    ///
    /// The dragged item keeps its size at `destinationIndexPath`, and the items between the
    /// two places shift by one, in every layout context kept (fixed width or height, text
    /// size), with the semantics of `moveItem(at:to:)`; the layout is asked for sizes again
    /// on the next turn. UIKit's update methods are not called. Sizes cached by key need
    /// nothing: keys follow their items. Does nothing for a collection view that has not
    /// used the package.
    ///
    /// Bad input: an out-of-range or negative index path is reported to the debug log and
    /// the sizes of both sections involved are forgotten; an index path that is not
    /// section-and-item makes the cache forget everything. Never traps.
    ///
    /// - Complexity: O(*c* · *r*), for *c* layout contexts kept and *r* the stored items of
    ///   the two sections.
    @objc(fd_didMoveItemAtIndexPath:toIndexPath:)
    public func fd_didMoveItem(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let state = existingCollectionLayoutState else { return }
        state.applyObservedChangesMadeOnMainThread()
        state.sizes.indexPaths.moveRow(at: sourceIndexPath, to: destinationIndexPath)
        state.itemsDidChange()
        // While the item was dragged the layout placed the items between at their new places
        // with the sizes cached for the old ones.
        state.askForSizesAgain(at: nil, because: "an item was moved interactively")
    }
}
#endif
