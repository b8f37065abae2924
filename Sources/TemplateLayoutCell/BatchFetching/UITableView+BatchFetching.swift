#if canImport(UIKit)
import UIKit

extension UITableView {
    /// Calls `fetch` when the user nears the end of the content, by Texture's rule: when no
    /// more than `leadingScreens` screens are left below where scrolling will stop, never
    /// while a fetch runs, never when scrolling toward the top, and always when the content
    /// is shorter than the screen; a fetch that added nothing is not repeated until the
    /// content changes or the user drags. Never while a skeleton shows
    /// (``fd_showSkeleton(_:)``): the rule is checked again when it hides.
    ///
    /// No retain cycle by design: the table holds `owner` weakly and hands it to `fetch`,
    /// so `fetch` needs to capture nothing; write `{ owner, context in owner.loadMore(context) }`,
    /// not `self.loadMore`. When `owner` is released, batch fetching stops. This is UIKit's
    /// target-action convention (a control does not retain its targets), with types.
    ///
    /// The rule is checked when batch fetching is set; when a drag ends (projecting where
    /// scrolling will stop from the pan's velocity, with UIKit's deceleration; for UIKit's
    /// exact target also call ``fd_batchFetchingWillEndDragging(targetContentOffset:)``); and
    /// on the next turn of the main run loop after the content offset or content size changes
    /// without a drag (programmatic scrolls, scroll to top, VoiceOver, content growing or
    /// shrinking) or a fetch completes.
    ///
    /// Setting it again replaces the owner and closure, and resumes after "no more content";
    /// a fetch still running counts as the new setting's (no second fetch starts), and its
    /// completion is the new setting's.
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
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`.
    public func fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint) {
        batchFetchingWillEndDragging(targetContentOffset: targetContentOffset)
    }
}

extension UITableView: BatchFetchingHost {
    var batchFetcher: BatchFetcher? {
        get { existingLayoutState?.batchFetcher }
        set {
            // Only a new fetcher makes the state; clearing needs none.
            if newValue != nil || existingLayoutState != nil { layoutState.batchFetcher = newValue }
        }
    }

    var batchFetchingAxis: ScrollAxisReading { .vertical }

    var isHoldingBatchFetches: Bool {
        // While a skeleton shows the content is its rows, about a screen long, and the app's
        // model is being replaced; an update held from UIKit is the app's, not yet shown.
        let state = existingLayoutState
        // A show planning its rows (a drag ending in a run of the loop its placeholder spun)
        // holds too: the fetch's insert would hide the skeleton before its page came.
        return state?.skeleton != nil || state?.skeletonShowIsPlanning == true || state?.skeletonGate.isHolding == true
    }

    var batchFetchingLog: DebugLog { layoutState.heights.log }
}

extension UITableView {
    /// The table's vertical geometry for the engine's scrolling rules.
    var scrollGeometry: ScrollGeometry { ScrollAxisReading.vertical.geometry(of: self) }

    /// The height content shows in: the bounds less the adjusted content insets (bars,
    /// refresh control, keyboard).
    var visibleContentHeight: CGFloat { scrollGeometry.visibleLength }
}
#endif
