#if canImport(UIKit)
import UIKit

extension UITableView {
    /// Keeps an update the app makes while a skeleton shows from reaching UIKit's row-count
    /// check (see ``SkeletonUpdateGate``): the change is held, the skeleton hides (giving the
    /// app's data source back, with a debug message) and the table reloads, showing the
    /// app's rows as they are now.
    ///
    /// The update hooks call it on the main thread, first, before the index-path cache or
    /// UIKit hear of the call:
    /// `if table.skeletonWillUpdate(.change("insertRows(at:with:)")) { return }`. `true` means
    /// the call was handled here: neither UIKit's method nor the cache may see it. For
    /// `performBatchUpdates` the updates closure has then run, and the completion is called
    /// on a later turn of the main run loop, as UIKit calls it after its animations.
    ///
    /// - Complexity: O(1) for a table without a skeleton (one associated-object lookup);
    ///   otherwise the reload, when there is one.
    func skeletonWillUpdate(_ call: SkeletonUpdateCall) -> Bool {
        guard let state = existingLayoutState, state.skeleton != nil || state.skeletonGate.isHolding else { return false }
        return call.route { admitSkeletonUpdate($0, named: $1, state: state) }
    }

    /// Runs the gate's decision; `true` when UIKit's method must not run.
    private func admitSkeletonUpdate(_ call: SkeletonUpdateGate.Call, named name: String, state: TableLayoutState) -> Bool {
        switch state.skeletonGate.admit(call, isShowingSkeleton: state.skeleton != nil) {
        case .passThrough:
            return false
        case .hold:
            return true
        case .hideAndReload:
            if let controller = state.skeleton {
                state.heights.log.problem(
                    "skeleton: \(name) while the skeleton shows would fail UIKit's row-count check (its rows are the " +
                    "skeleton's); hiding the skeleton and reloading the table instead. Call fd_hideSkeleton before updating the table")
                state.skeleton = nil
                controller.detach()
            }
            reloadData()
            state.batchFetcher?.skeletonDidHide()
            return true
        }
    }
}
#endif
