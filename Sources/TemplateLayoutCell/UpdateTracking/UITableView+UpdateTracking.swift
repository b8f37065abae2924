#if canImport(UIKit)
import UIKit

/// What the blocks ``UpdateTracking`` installs on UIKit's update methods tell the engine,
/// on the main thread, before they call UIKit's method: the engine first, so that a batch is
/// applied with UIKit's semantics before UIKit asks for the heights of the rows it moved.
/// Each does nothing for a table that has never used the package.
extension UITableView {
    /// `reloadData`: forgets every index-path height, unless
    /// `fd_reloadDataWithoutInvalidateIndexPathHeightCache` is reloading.
    func trackReloadData() {
        guard let state = existingLayoutState else { return }
        // An edit made before the reload, this turn, is applied while its row is still known.
        state.applyObservedChangesMadeOnMainThread()
        state.tableDidReload()
        if !state.keepsIndexPathHeightsOnReload { state.heights.indexPaths.reloadData() }
        // For this reload only: one the app makes from code this reload runs (a hide from a
        // height request, review 18g) forgets as usual.
        state.keepsIndexPathHeightsOnReload = false
    }

    /// A call that opens or closes batches: the public `beginUpdates`/`endUpdates`, and
    /// the entry, closure and return of `performBatchUpdates`. Which of them are UIKit's own
    /// is the engine's rule (`UpdateCallAccounting`). A call still open when the main queue
    /// turns was cut short (an exception) or closed privately; the cache is then told once.
    func trackUpdateCall(_ call: UpdateCall) {
        guard let state = existingLayoutState, state.heights.indexPaths.track(call) else { return }
        state.reportTurnEndToIndexPathCache()
    }

    /// One row or section update of this table.
    func trackUpdate(_ update: (IndexPathHeightCache) -> Void) {
        guard let state = existingLayoutState else { return }
        // An edit made before the update, this turn, forgets its row's height where the row
        // is now, before the update moves it (and retires trackings by index path).
        state.applyObservedChangesMadeOnMainThread()
        update(state.heights.indexPaths)
        state.tableDidUpdate()
    }

    /// Moves the height cached for a row the user dragged, for heights cached by index path.
    /// Call it from `tableView(_:moveRowAt:to:)`, after updating your model: UIKit has already
    /// moved the row on screen and does not call `moveRow(at:to:)`, which the cache follows.
    ///
    /// The dragged row keeps its height at `destinationIndexPath`, and the rows between the
    /// two places shift by one, in every layout context kept (width and text size), with the
    /// semantics of `moveRow(at:to:)`. UIKit is not called. Heights cached by key need
    /// nothing: keys follow their items. Does nothing while `automaticallyInvalidateEnabled`
    /// is off, or for a table that has not used the package.
    ///
    /// Bad input: an out-of-range or negative index path is reported to the debug log and
    /// the heights of both sections involved are forgotten; an index path that is not
    /// section-and-row makes the cache forget everything. Never traps.
    ///
    /// - Complexity: O(*c* · *r*), for *c* layout contexts kept and *r* the stored rows of the
    ///   two sections.
    @objc(fd_didMoveRowAtIndexPath:toIndexPath:)
    public func fd_didMoveRow(at sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        trackUpdate { $0.moveRow(at: sourceIndexPath, to: destinationIndexPath) }
    }
}
#endif
