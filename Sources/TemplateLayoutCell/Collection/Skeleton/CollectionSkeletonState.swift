#if canImport(UIKit)
import UIKit
import ObjectiveC

/// A collection view's skeleton bookkeeping, the twin of the table's (`TableLayoutState`'s
/// `skeleton`, `skeletonRequests`, `skeletonShowIsPlanning`, `skeletonGate`), with the same
/// meaning. Kept apart from ``CollectionLayoutState`` so that views that never show a
/// skeleton carry none of it.
@MainActor
final class CollectionSkeletonState {
    /// The skeleton showing, if any.
    var skeleton: CollectionSkeletonController?
    /// Counts the app's skeleton shows and hides: a show that ran the app's placeholder code
    /// gives way when the count moved meanwhile (a hide or another show made from there).
    var requests = 0
    /// Whether a show is planning (running the app's placeholder code): a hide made then
    /// reloads the app's items and the show gives way (review 18e, C1; 18g, P1).
    var showIsPlanning = false
    /// Updates held from UIKit while a skeleton shows (see `skeletonWillUpdate`).
    var gate = SkeletonUpdateGate()
    /// Set around the skeleton's own reloads (show, planning again): the index-path sizes of
    /// the previous load are the plan's best source, so the update tracking must keep them
    /// through those reloads, as `TableLayoutState.keepsIndexPathHeightsOnReload` does.
    var keepsIndexPathSizesOnReload = false
}

/// The association key of ``CollectionSkeletonState``.
@MainActor
private let collectionSkeletonStateKey = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

extension UICollectionView {
    /// This collection view's skeleton bookkeeping, made on first use.
    var collectionSkeletonState: CollectionSkeletonState {
        if let state = existingCollectionSkeletonState { return state }
        let state = CollectionSkeletonState()
        objc_setAssociatedObject(self, collectionSkeletonStateKey, state, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return state
    }

    /// This collection view's skeleton bookkeeping, if a skeleton was ever shown.
    var existingCollectionSkeletonState: CollectionSkeletonState? {
        objc_getAssociatedObject(self, collectionSkeletonStateKey) as? CollectionSkeletonState
    }

    /// Runs `reload` with the index-path sizes kept (see
    /// ``CollectionSkeletonState/keepsIndexPathSizesOnReload``).
    func reloadKeepingIndexPathSizes() {
        keepingIndexPathSizes { reloadData() }
    }

    /// Runs `body`, whose reloads (the skeleton's own) keep the index-path sizes.
    func keepingIndexPathSizes(_ body: () -> Void) {
        let state = collectionSkeletonState
        let outer = state.keepsIndexPathSizesOnReload
        state.keepsIndexPathSizesOnReload = true
        defer { state.keepsIndexPathSizesOnReload = outer }
        body()
    }
}
#endif
