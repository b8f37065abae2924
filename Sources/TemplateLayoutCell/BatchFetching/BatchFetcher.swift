#if canImport(UIKit)
import UIKit

/// What batch fetching (``BatchFetcher``) needs from the view it runs on, a table or a
/// collection view: where its fetcher is kept, the axis it is read along, and whether its
/// content is the app's. The rule and the watching are the same for both.
@MainActor
protocol BatchFetchingHost: UIScrollView {
    /// The view's fetcher, kept in its state; setting `nil` on a view without state makes none.
    var batchFetcher: BatchFetcher? { get set }
    /// Along which axis, and from which end, the end of the content is looked for.
    var batchFetchingAxis: ScrollAxisReading { get }
    /// Whether the content is not the app's now (a skeleton shows, or an update is held from
    /// UIKit while one does): checks then fetch nothing and are made again when it ends.
    var isHoldingBatchFetches: Bool { get }
    /// The view's debug log.
    var batchFetchingLog: DebugLog { get }
}

extension BatchFetchingHost {
    /// The shared body of `fd_setBatchFetching(leadingScreens:owner:fetch:)`.
    func setBatchFetching<Owner: AnyObject>(
        leadingScreens: CGFloat, owner: Owner, fetch: @escaping @MainActor (Owner, BatchFetchContext) -> Void
    ) {
        let previous = batchFetcher
        let fetcher = BatchFetcher(
            view: self, policy: BatchFetchingPolicy(leadingScreens: leadingScreens), replacing: previous
        ) { [weak owner] context in
            guard let owner else { return false }
            fetch(owner, context)
            return true
        }
        previous?.stop(replacedBy: fetcher)
        batchFetcher = fetcher
        fetcher.check(targetOffset: batchFetchingAxis.contentOffset(of: self), direction: .still, trigger: .request)
    }

    /// The shared body of `fd_stopBatchFetching()`.
    func stopBatchFetching() {
        batchFetcher?.stop()
        batchFetcher = nil
    }

    /// The shared body of `fd_resumeBatchFetching()`.
    func resumeBatchFetching() {
        guard let fetcher = batchFetcher else { return }
        fetcher.resume()
        fetcher.check(targetOffset: batchFetchingAxis.contentOffset(of: self), direction: .still, trigger: .request)
    }

    /// The shared body of `fd_batchFetchingWillEndDragging(targetContentOffset:)`.
    func batchFetchingWillEndDragging(targetContentOffset: CGPoint) {
        guard let fetcher = batchFetcher else { return }
        let axis = batchFetchingAxis
        let target = axis.offset(of: targetContentOffset, in: self)
        fetcher.check(targetOffset: target, direction: ScrollDirection(from: axis.contentOffset(of: self), to: target), trigger: .request)
    }
}

/// Watches one table or collection view (its pan gesture, content offset and content size)
/// and runs the app's fetches one at a time, by the engine's ``BatchFetchingSession``, along
/// the view's axis. Held by the view's state; holds the view weakly and the app's owner only
/// through `fetch`'s weak capture.
@MainActor
final class BatchFetcher: NSObject {
    private var session: BatchFetchingSession
    /// Runs the app's fetch; `false` when the owner is gone.
    private let fetch: (BatchFetchContext) -> Bool
    private weak var view: (any BatchFetchingHost)?
    private var observations: [NSKeyValueObservation] = []
    private var checkIsScheduled = false
    private var lastCheckedOffset: CGFloat
    private var isStopped = false
    /// Where a running fetch's completion goes, shared by the fetchers that replace this one:
    /// the context holds it strongly, and a replaced fetcher is released at once.
    private let completionTarget: FetchCompletionTarget

    init(
        view: any BatchFetchingHost, policy: BatchFetchingPolicy, replacing previous: BatchFetcher? = nil,
        fetch: @escaping (BatchFetchContext) -> Bool
    ) {
        self.session = previous.map { BatchFetchingSession(policy: policy, continuing: $0.session) }
            ?? BatchFetchingSession(policy: policy)
        self.completionTarget = previous?.completionTarget ?? FetchCompletionTarget()
        self.fetch = fetch
        self.view = view
        self.lastCheckedOffset = view.batchFetchingAxis.contentOffset(of: view)
        super.init()
        completionTarget.fetcher = self
        // Whether UIKit retains a gesture's targets is not documented; the fetcher holds
        // nothing the app owns either way, and `stop()` removes it.
        view.panGestureRecognizer.addTarget(self, action: #selector(panned(_:)))
        // Automatic KVO (NSKeyValueObserving.h) reports every call of a property's setter;
        // UIScrollView moves its content through `setContentOffset:` (scrolling, scroll to
        // top, accessibility scrolling) and UITableView and UICollectionView size it through
        // `setContentSize:`.
        // UIKit does not promise KVO compliance for these, so the drag end above and
        // `fd_batchFetchingWillEndDragging` stay as the documented paths. An observation
        // holds the view weakly; `stop()` removes it, and a view released with batch
        // fetching on removes it itself (since iOS 11, an autonotifying observed object
        // unregisters its observers when it deallocates, instead of raising).
        let changed: @Sendable (UIScrollView, NSKeyValueObservedChange<CGPoint>) -> Void = { [weak self] _, _ in
            // KVO calls back on the thread that set the property; off the main thread a
            // view must not be read, so that change is left to the next check.
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated { self?.scheduleCheck() }
        }
        let resized: @Sendable (UIScrollView, NSKeyValueObservedChange<CGSize>) -> Void = { [weak self] _, _ in
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated { self?.scheduleCheck() }
        }
        let scrollView: UIScrollView = view
        observations = [scrollView.observe(\.contentOffset, changeHandler: changed),
                        scrollView.observe(\.contentSize, changeHandler: resized)]
    }

    /// Stops watching. Replaced by `successor` (which took over the completion target), a
    /// fetch running completes there; otherwise its completion is ignored.
    func stop(replacedBy successor: BatchFetcher? = nil) {
        if successor == nil { completionTarget.fetcher = nil }
        isStopped = true
        view?.panGestureRecognizer.removeTarget(self, action: #selector(panned(_:)))
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
        guard gesture.state == .ended, let view else { return }
        let axis = view.batchFetchingAxis
        // The pan's velocity moves the finger; the content moves the other way.
        let velocity = axis.contentVelocity(ofPan: gesture.velocity(in: view))
        let offset = axis.contentOffset(of: view)
        let resting = ScrollProjection.restingOffset(
            from: offset, velocity: velocity, decelerationRate: view.decelerationRate.rawValue, in: axis.geometry(of: view))
        check(targetOffset: resting, direction: ScrollDirection(from: offset, to: resting), trigger: .request)
    }

    /// A check on the next turn of the main queue: several changes in one turn (every frame
    /// of a scroll sets the offset) make one check, and the app's fetch never runs inside
    /// UIKit's layout or inside its own completion.
    private func scheduleCheck() {
        guard !checkIsScheduled, !isStopped else { return }
        checkIsScheduled = true
        // Not inside one of the package's calls: the app's fetch may update the table.
        LiveCalls.onLaterTurn { [weak self] in
            guard let self, let view = self.view else { return }
            self.checkIsScheduled = false
            let offset = view.batchFetchingAxis.contentOffset(of: view)
            self.check(targetOffset: offset, direction: ScrollDirection(from: self.lastCheckedOffset, to: offset), trigger: .change)
        }
    }

    /// The skeleton hid (or an update made while it showed is over): the check the skeleton
    /// held is made now, on the next turn, against the app's content.
    func skeletonDidHide() {
        scheduleCheck()
    }

    func check(targetOffset: CGFloat, direction: ScrollDirection, trigger: BatchFetchingSession.Trigger) {
        guard !isStopped, let view else { return }
        let axis = view.batchFetchingAxis
        lastCheckedOffset = axis.contentOffset(of: view)
        let geometry = axis.geometry(of: view)
        let isHeld = view.isHoldingBatchFetches
        guard session.begin(in: geometry, targetOffset: targetOffset, direction: direction, trigger: trigger, isHeld: isHeld)
        else { return }
        let context = BatchFetchContext { [completionTarget] hasMore in
            // The fetcher of now: this one, or the one that replaced it while the fetch ran
            // (this one may be gone); none after fd_stopBatchFetching.
            completionTarget.fetcher?.completeFetch(hasMore: hasMore)
        }
        view.batchFetchingLog.trace("batch fetching: \(geometry.contentLength) pt of content, asking for more")
        if !fetch(context) {
            // The owner was released: nothing can fetch any more.
            view.stopBatchFetching()
        }
    }
}

/// The fetcher a running fetch completes on: the one that started it, or the one that
/// replaced it while it ran (`fd_setBatchFetching(leadingScreens:owner:fetch:)` again); `nil`
/// once batch fetching stops. Held strongly by the fetch's context, it holds the fetcher
/// weakly, so the context keeps no fetcher, view or owner alive.
@MainActor
final class FetchCompletionTarget {
    weak var fetcher: BatchFetcher?
}
#endif
