#if canImport(UIKit)
import UIKit

/// A batch fetch in progress: the app calls ``complete()`` when its new content is in.
@MainActor
public final class BatchFetchContext {
    private let onComplete: () -> Void
    /// Whether ``complete()`` has been called.
    public private(set) var isComplete = false

    init(onComplete: @escaping () -> Void) {
        self.onComplete = onComplete
    }

    /// Ends this fetch: another may start when the user nears the end again (or at once, if
    /// the content is still shorter than the screen). Calling it twice does nothing more.
    ///
    /// - Complexity: O(1), plus a new check of the policy.
    public func complete() {
        guard !isComplete else { return }
        isComplete = true
        onComplete()
    }
}

extension UITableView {
    /// Calls `fetch` when the user nears the end of the content, by Texture's rule
    /// (``BatchFetchingPolicy``): when no more than `leadingScreens` screens are left below
    /// where scrolling will stop, never while a fetch runs, never when scrolling toward the
    /// top, and always when the content is shorter than the screen.
    ///
    /// Where scrolling will stop is projected from the pan gesture's velocity when the finger
    /// lifts, with UIKit's deceleration; for UIKit's exact target, also call
    /// ``fd_batchFetchingWillEndDragging(targetContentOffset:)`` from
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`.
    ///
    /// `fetch` receives a context; call `complete()` on it when the new rows are inserted.
    ///
    /// - Complexity: O(1) per check.
    public func fd_setBatchFetching(leadingScreens: CGFloat = 2, fetch: @escaping @MainActor (BatchFetchContext) -> Void) {
        let state = layoutState
        let fetcher = state.batchFetcher ?? BatchFetcher(table: self)
        fetcher.policy = BatchFetchingPolicy(leadingScreens: leadingScreens)
        fetcher.fetch = fetch
        state.batchFetcher = fetcher
        fetcher.check(targetOffset: contentOffset.y, direction: .still)
    }


    /// Stops batch fetching; a fetch running goes on, and its completion is ignored.
    ///
    /// - Complexity: O(1).
    public func fd_stopBatchFetching() {
        existingLayoutState?.batchFetcher?.stop()
        existingLayoutState?.batchFetcher = nil
    }

    /// Checks the batch-fetching rule with UIKit's exact target offset; call it from
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`.
    ///
    /// - Complexity: O(1).
    public func fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint) {
        guard let fetcher = existingLayoutState?.batchFetcher else { return }
        fetcher.check(targetOffset: targetContentOffset.y,
                      direction: ScrollDirection(from: contentOffset.y, to: targetContentOffset.y))
    }
}

/// Watches one table's pan gesture and runs the app's fetches one at a time.
@MainActor
final class BatchFetcher: NSObject {
    var policy = BatchFetchingPolicy()
    var fetch: ((BatchFetchContext) -> Void)?
    private weak var table: UITableView?
    private var current: BatchFetchContext?

    init(table: UITableView) {
        self.table = table
        super.init()
        table.panGestureRecognizer.addTarget(self, action: #selector(panned(_:)))
    }

    func stop() {
        table?.panGestureRecognizer.removeTarget(self, action: #selector(panned(_:)))
        fetch = nil
        current = nil
    }

    @objc private func panned(_ gesture: UIPanGestureRecognizer) {
        guard gesture.state == .ended, let table else { return }
        // The pan's velocity moves the finger; the content moves the other way.
        let velocity = -gesture.velocity(in: table).y
        let resting = ScrollProjection.restingOffset(
            from: table.contentOffset.y, velocity: velocity, decelerationRate: table.decelerationRate.rawValue,
            in: table.scrollGeometry)
        check(targetOffset: resting, direction: ScrollDirection(from: table.contentOffset.y, to: resting))
    }

    func check(targetOffset: CGFloat, direction: ScrollDirection) {
        guard let table, let fetch else { return }
        let shouldFetch = policy.shouldFetch(
            in: table.scrollGeometry, targetOffset: targetOffset, direction: direction, isFetching: current != nil)
        guard shouldFetch else { return }
        let context = BatchFetchContext { [weak self] in
            guard let self, let table = self.table else { return }
            self.current = nil
            // Content still shorter than the screen fetches again at once.
            self.check(targetOffset: table.contentOffset.y, direction: .still)
        }
        current = context
        table.layoutState.heights.log.trace("batch fetching: \(table.contentSize.height) pt of content, asking for more")
        fetch(context)
    }
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
