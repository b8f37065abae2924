#if canImport(UIKit)
import UIKit

extension UICollectionView {
    /// Keeps an update the app makes while a skeleton shows from reaching UIKit's item-count
    /// check (see ``SkeletonUpdateGate``), as `UITableView.skeletonWillUpdate(_:)` does for
    /// tables: the change is held, the skeleton hides (giving the app's data source back,
    /// with a debug message) and the view reloads, showing the app's items as they are now.
    ///
    /// The collection-view update hooks call it on the main thread, first, before the size
    /// caches or UIKit hear of the call:
    /// `if collectionView.skeletonWillUpdate(.change("insertItems(at:)")) { return }` for
    /// `insertSections`, `deleteSections`, `reloadSections`, `moveSection`, `insertItems`,
    /// `deleteItems`, `reloadItems`, `reconfigureItems` and `moveItem`; and
    /// `.performBatchUpdates(updates, completion: completion)` for `performBatchUpdates`.
    /// `true` means the call was handled here: neither UIKit's method nor the caches may see
    /// it. For `performBatchUpdates` the updates closure has then run, and the completion is
    /// called on a later turn of the main run loop, as UIKit calls it after its animations.
    ///
    /// - Complexity: O(1) for a view without a skeleton (one associated-object lookup);
    ///   otherwise the reload, when there is one.
    func skeletonWillUpdate(_ call: SkeletonUpdateCall) -> Bool {
        guard let state = existingCollectionSkeletonState, state.skeleton != nil || state.gate.isHolding else { return false }
        return call.route { admitSkeletonUpdate($0, named: $1, state: state) }
    }

    /// Runs the gate's decision; `true` when UIKit's method must not run.
    private func admitSkeletonUpdate(_ call: SkeletonUpdateGate.Call, named name: String, state: CollectionSkeletonState) -> Bool {
        switch state.gate.admit(call, isShowingSkeleton: state.skeleton != nil) {
        case .passThrough:
            return false
        case .hold:
            return true
        case .hideAndReload:
            if let controller = state.skeleton {
                collectionLayoutState.sizes.log.problem(
                    "skeleton: \(name) while the skeleton shows would fail UIKit's item-count check (its items are the " +
                    "skeleton's); hiding the skeleton and reloading the collection view instead. Call fd_hideSkeleton before updating it")
                state.skeleton = nil
                controller.detach()
            }
            reloadData()
            collectionLayoutState.batchFetcher?.skeletonDidHide()
            return true
        }
    }
}
#endif
