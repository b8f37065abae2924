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
        let state = layoutState
        let previous = state.batchFetcher
        let fetcher = BatchFetcher(
            table: self, policy: BatchFetchingPolicy(leadingScreens: leadingScreens), replacing: previous
        ) { [weak owner] context in
            guard let owner else { return false }
            fetch(owner, context)
            return true
        }
        previous?.stop(replacedBy: fetcher)
        state.batchFetcher = fetcher
        fetcher.check(targetOffset: contentOffset.y, direction: .still, trigger: .request)
    }

    /// Stops batch fetching; a fetch running goes on, and its completion is ignored.
    public func fd_stopBatchFetching() {
        existingLayoutState?.batchFetcher?.stop()
        existingLayoutState?.batchFetcher = nil
    }

    /// Batch fetching again after a fetch completed with `hasMore: false`, for when the source
    /// has new content (a pull to refresh); checks at once.
    public func fd_resumeBatchFetching() {
        guard let fetcher = existingLayoutState?.batchFetcher else { return }
        fetcher.resume()
        fetcher.check(targetOffset: contentOffset.y, direction: .still, trigger: .request)
    }

    /// Checks the batch-fetching rule with UIKit's exact target offset; call it from
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`.
    public func fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint) {
        guard let fetcher = existingLayoutState?.batchFetcher else { return }
        fetcher.check(targetOffset: targetContentOffset.y,
                      direction: ScrollDirection(from: contentOffset.y, to: targetContentOffset.y), trigger: .request)
    }
}

/// Watches one table (its pan gesture, content offset and content size) and runs the app's
/// fetches one at a time, by the engine's ``BatchFetchingSession``. Held by the table's
/// state; holds the table weakly and the app's owner only through `fetch`'s weak capture.
@MainActor
final class BatchFetcher: NSObject {
    private var session: BatchFetchingSession
    /// Runs the app's fetch; `false` when the owner is gone.
    private let fetch: (BatchFetchContext) -> Bool
    private weak var table: UITableView?
    private var observations: [NSKeyValueObservation] = []
    private var checkIsScheduled = false
    private var lastCheckedOffset: CGFloat
    private var isStopped = false
    /// Where a running fetch's completion goes, shared by the fetchers that replace this one:
    /// the context holds it strongly, and a replaced fetcher is released at once.
    private let completionTarget: FetchCompletionTarget

    init(
        table: UITableView, policy: BatchFetchingPolicy, replacing previous: BatchFetcher? = nil,
        fetch: @escaping (BatchFetchContext) -> Bool
    ) {
        self.session = previous.map { BatchFetchingSession(policy: policy, continuing: $0.session) }
            ?? BatchFetchingSession(policy: policy)
        self.completionTarget = previous?.completionTarget ?? FetchCompletionTarget()
        self.fetch = fetch
        self.table = table
        self.lastCheckedOffset = table.contentOffset.y
        super.init()
        completionTarget.fetcher = self
        // Whether UIKit retains a gesture's targets is not documented; the fetcher holds
        // nothing the app owns either way, and `stop()` removes it.
        table.panGestureRecognizer.addTarget(self, action: #selector(panned(_:)))
        // Automatic KVO (NSKeyValueObserving.h) reports every call of a property's setter;
        // UIScrollView moves its content through `setContentOffset:` (scrolling, scroll to
        // top, accessibility scrolling) and UITableView sizes it through `setContentSize:`.
        // UIKit does not promise KVO compliance for these, so the drag end above and
        // `fd_batchFetchingWillEndDragging` stay as the documented paths. An observation
        // holds the table weakly; `stop()` removes it, and a table released with batch
        // fetching on removes it itself (since iOS 11, an autonotifying observed object
        // unregisters its observers when it deallocates, instead of raising).
        let changed: @Sendable (UITableView, NSKeyValueObservedChange<CGPoint>) -> Void = { [weak self] _, _ in
            // KVO calls back on the thread that set the property; off the main thread a
            // table must not be read, so that change is left to the next check.
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated { self?.scheduleCheck() }
        }
        let resized: @Sendable (UITableView, NSKeyValueObservedChange<CGSize>) -> Void = { [weak self] _, _ in
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated { self?.scheduleCheck() }
        }
        observations = [table.observe(\.contentOffset, changeHandler: changed), table.observe(\.contentSize, changeHandler: resized)]
    }

    /// Stops watching. Replaced by `successor` (which took over the completion target), a
    /// fetch running completes there; otherwise its completion is ignored.
    func stop(replacedBy successor: BatchFetcher? = nil) {
        if successor == nil { completionTarget.fetcher = nil }
        isStopped = true
        table?.panGestureRecognizer.removeTarget(self, action: #selector(panned(_:)))
        observations.forEach { $0.invalidate() }
        observations = []
    }

    func resume() {
        session.resume()
    }

    private func completeFetch(hasMore: Bool) {
        if session.complete(hasMore: hasMore) { scheduleCheck() }
    }

    @objc private func panned(_ gesture: UIPanGestureRecognizer) {
        guard gesture.state == .ended, let table else { return }
        // The pan's velocity moves the finger; the content moves the other way.
        let velocity = -gesture.velocity(in: table).y
        let resting = ScrollProjection.restingOffset(
            from: table.contentOffset.y, velocity: velocity, decelerationRate: table.decelerationRate.rawValue,
            in: table.scrollGeometry)
        check(targetOffset: resting, direction: ScrollDirection(from: table.contentOffset.y, to: resting), trigger: .request)
    }

    /// A check on the next turn of the main queue: several changes in one turn (every frame
    /// of a scroll sets the offset) make one check, and the app's fetch never runs inside
    /// UIKit's layout or inside its own completion.
    private func scheduleCheck() {
        guard !checkIsScheduled, !isStopped else { return }
        checkIsScheduled = true
        // Not inside one of the package's calls: the app's fetch may update the table.
        LiveCalls.onLaterTurn { [weak self] in
            guard let self, let table = self.table else { return }
            self.checkIsScheduled = false
            let offset = table.contentOffset.y
            self.check(targetOffset: offset, direction: ScrollDirection(from: self.lastCheckedOffset, to: offset), trigger: .change)
        }
    }

    /// The skeleton hid (or an update made while it showed is over): the check the skeleton
    /// held is made now, on the next turn, against the app's content.
    func skeletonDidHide() {
        scheduleCheck()
    }

    func check(targetOffset: CGFloat, direction: ScrollDirection, trigger: BatchFetchingSession.Trigger) {
        guard !isStopped, let table else { return }
        lastCheckedOffset = table.contentOffset.y
        let geometry = table.scrollGeometry
        // While a skeleton shows the content is its rows, about a screen long, and the app's
        // model is being replaced; an update held from UIKit is the app's, not yet shown.
        let state = table.existingLayoutState
        // A show planning its rows (a drag ending in a run of the loop its placeholder spun)
        // holds too: the fetch's insert would hide the skeleton before its page came.
        let isHeld = state?.skeleton != nil || state?.skeletonShowIsPlanning == true || state?.skeletonGate.isHolding == true
        guard session.begin(in: geometry, targetOffset: targetOffset, direction: direction, trigger: trigger, isHeld: isHeld)
        else { return }
        let context = BatchFetchContext { [completionTarget] hasMore in
            // The fetcher of now: this one, or the one that replaced it while the fetch ran
            // (this one may be gone); none after fd_stopBatchFetching.
            completionTarget.fetcher?.completeFetch(hasMore: hasMore)
        }
        table.layoutState.heights.log.trace("batch fetching: \(geometry.contentLength) pt of content, asking for more")
        if !fetch(context) {
            // The owner was released: nothing can fetch any more.
            table.fd_stopBatchFetching()
        }
    }
}

/// The fetcher a running fetch completes on: the one that started it, or the one that
/// replaced it while it ran (``UITableView/fd_setBatchFetching(leadingScreens:owner:fetch:)``
/// again); `nil` once batch fetching stops. Held strongly by the fetch's context, it holds the
/// fetcher weakly, so the context keeps no fetcher, table or owner alive.
@MainActor
final class FetchCompletionTarget {
    weak var fetcher: BatchFetcher?
}

extension UITableView {
    /// The table's vertical geometry for the engine's scrolling rules.
    var scrollGeometry: ScrollGeometry {
        ScrollGeometry(contentLength: contentSize.height, boundsLength: bounds.height,
                       insetTop: adjustedContentInset.top, insetBottom: adjustedContentInset.bottom)
    }

    /// The height content shows in: the bounds less the adjusted content insets (bars,
    /// refresh control, keyboard).
    var visibleContentHeight: CGFloat { scrollGeometry.visibleLength }
}
#endif
