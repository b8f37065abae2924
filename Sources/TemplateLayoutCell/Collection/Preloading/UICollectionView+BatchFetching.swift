#if canImport(UIKit)
import UIKit

extension UICollectionView {
    /// Calls `fetch` when the user nears the end of the content along the layout's scroll
    /// axis: the bottom of a vertical layout, the right end of a horizontal one (a carousel,
    /// a chip row), the left end when the layout flips for a right-to-left interface. The
    /// table's rule (``UIKit/UITableView/fd_setBatchFetching(leadingScreens:owner:fetch:)``):
    /// Texture's, when no more than `leadingScreens` screens (visible lengths along the axis)
    /// are left beyond where scrolling will stop, never while a fetch runs, never when
    /// scrolling back toward the start, and always when the content is shorter than the view;
    /// a fetch that added nothing is not repeated until the content changes or the user drags.
    ///
    /// No retain cycle by design: the view holds `owner` weakly and hands it to `fetch`, so
    /// `fetch` needs to capture nothing; write `{ owner, context in owner.loadMore(context) }`.
    /// When `owner` is released, batch fetching stops.
    ///
    /// The rule is checked when batch fetching is set; when a drag ends (projected from the
    /// pan's velocity; for UIKit's exact target also call
    /// ``fd_batchFetchingWillEndDragging(targetContentOffset:)``); and on the next turn of the
    /// main run loop after the content offset or content size changes without a drag, or a
    /// fetch completes. The axis is read from the layout at each check, so a layout swapped
    /// or turned is followed.
    ///
    /// Setting it again replaces the owner and closure, and resumes after "no more content";
    /// a fetch still running counts as the new setting's.
    ///
    /// Bad input: `leadingScreens` of 0 or less, or not finite, never fetches.
    ///
    /// - Complexity: O(1) per check.
    public func fd_setBatchFetching<Owner: AnyObject>(
        leadingScreens: CGFloat = 2, owner: Owner, fetch: @escaping @MainActor (Owner, BatchFetchContext) -> Void
    ) {
        setBatchFetching(leadingScreens: leadingScreens, owner: owner, fetch: fetch)
    }

    /// Stops batch fetching; a fetch running goes on, and its completion is ignored.
    public func fd_stopBatchFetching() {
        stopBatchFetching()
    }

    /// Batch fetching again after a fetch completed with `hasMore: false`, for when the source
    /// has new content (a pull to refresh); checks at once.
    public func fd_resumeBatchFetching() {
        resumeBatchFetching()
    }

    /// Checks the batch-fetching rule with UIKit's exact target offset; call it from
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`. The offset is read
    /// along the layout's axis.
    public func fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint) {
        batchFetchingWillEndDragging(targetContentOffset: targetContentOffset)
    }
}

extension UICollectionView: BatchFetchingHost {
    var batchFetcher: BatchFetcher? {
        get { existingCollectionLayoutState?.batchFetcher }
        set {
            // Only a new fetcher makes the state; clearing needs none.
            if newValue != nil || existingCollectionLayoutState != nil { collectionLayoutState.batchFetcher = newValue }
        }
    }

    var batchFetchingAxis: ScrollAxisReading { scrollAxisReading }

    var isHoldingBatchFetches: Bool {
        // As for tables: while a skeleton shows (or plans, or holds an update) the content is
        // its items and the app's model is being replaced.
        guard let state = existingCollectionSkeletonState else { return false }
        return state.skeleton != nil || state.showIsPlanning || state.gate.isHolding
    }

    var batchFetchingLog: DebugLog { collectionLayoutState.sizes.log }
}
#endif
