import Foundation

/// When to fetch the next batch of content, by Texture's rule: when what is left to scroll
/// is within a few screens of the end.
///
/// Texture's rule, against the threshold rules of the seed article (fetch when 70 % of the
/// content has been scrolled, or 70 % of the latest page): the distance left is measured in
/// screens, so it does not drift as the content grows (70 % of 50 pages fires 15 pages from
/// the end), nor depend on the page size or row heights; it never fires while a fetch runs or
/// while scrolling back toward the top; and it always fires when the content is shorter than
/// the screen, where no scrolling will ever reach a threshold.
package struct BatchFetchingPolicy: Hashable, Sendable {
    /// Fetch when no more than this many screens are left below the viewport. Texture's
    /// default is 2; 0 or less (or not finite) turns batch fetching off.
    package var leadingScreens: CGFloat

    /// Creates a policy.
    ///
    /// - Complexity: O(1).
    package init(leadingScreens: CGFloat = 2) {
        self.leadingScreens = leadingScreens
    }

    /// Whether to start fetching the next batch.
    ///
    /// - Parameters:
    ///   - contentLength: The content's height.
    ///   - viewportLength: The visible height.
    ///   - targetOffset: Where scrolling will stop (`scrollViewWillEndDragging`'s target
    ///     content offset), or the current offset.
    ///   - direction: The scroll direction; toward the start never fetches.
    ///   - isFetching: Whether a fetch is running; if so, never.
    /// - Returns: `true` when the next batch should be fetched now.
    ///
    /// Bad input: non-finite or negative lengths and offsets never fetch.
    ///
    /// - Complexity: O(1).
    package func shouldFetch(
        contentLength: CGFloat, viewportLength: CGFloat, targetOffset: CGFloat,
        direction: ScrollDirection, isFetching: Bool
    ) -> Bool {
        guard leadingScreens.isFinite, leadingScreens > 0, !isFetching, direction != .towardStart else { return false }
        guard contentLength.isFinite, viewportLength.isFinite, targetOffset.isFinite,
              contentLength >= 0, viewportLength > 0 else { return false }
        if contentLength < viewportLength { return true }
        let remaining = contentLength - viewportLength - targetOffset
        return remaining <= viewportLength * leadingScreens
    }
}

/// Where a scroll view coming to rest will stop: the projection UIKit's deceleration
/// follows, for when the target offset of `scrollViewWillEndDragging` is not at hand (a pan
/// gesture's end, with its velocity).
package enum ScrollProjection {
    /// `UIScrollView.DecelerationRate.normal`.
    package static let normalDecelerationRate: CGFloat = 0.998

    /// The offset a scroll with `velocity` (points per second) comes to rest at, from
    /// `offset`: `offset + velocity / 1000 * rate / (1 - rate)`.
    ///
    /// Bad input: a rate outside (0, 1) or non-finite values give `offset` unchanged.
    ///
    /// - Complexity: O(1).
    package static func restingOffset(from offset: CGFloat, velocity: CGFloat, decelerationRate: CGFloat = normalDecelerationRate) -> CGFloat {
        guard offset.isFinite, velocity.isFinite, decelerationRate > 0, decelerationRate < 1 else { return offset }
        return offset + velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }
}

/// One table's batch fetching over time: Texture's rule (``BatchFetchingPolicy``) and what a
/// running app needs around it, as pure rules the UIKit layer follows.
///
/// - One fetch at a time.
/// - A fetch that ends with "no more content" ends batch fetching until ``resume()``.
/// - Checks come from two kinds of ``Trigger``: a request (batch fetching set or resumed,
///   the user ending a drag) applies Texture's rule alone; a change (the offset or content
///   size moved on its own, or a fetch completed) fetches again only if the content length
///   changed since the latest fetch began. So a fetch that adds nothing while the content is
///   shorter than the screen is not repeated forever, and one that added rows checks again.
///
/// Bad input: as ``BatchFetchingPolicy``; ``complete(hasMore:)`` with no fetch running
/// changes nothing.
package struct BatchFetchingSession: Hashable, Sendable {
    /// What asked for a check.
    package enum Trigger: Hashable, Sendable {
        /// Batch fetching was set or resumed, or the user ended a drag: Texture's rule alone.
        case request
        /// The offset or content size changed without a drag ending (programmatic scroll,
        /// scroll to top, VoiceOver, content growing or shrinking), or a fetch completed:
        /// Texture's rule, and only if the content length changed since the latest fetch began.
        case change
    }

    /// Texture's rule.
    package var policy: BatchFetchingPolicy
    /// Whether a fetch is running.
    package private(set) var isFetching = false
    /// `false` once a fetch completed with "no more content", until ``resume()``.
    package private(set) var hasMore = true
    /// The content length when the latest fetch began; `nil` before any.
    package private(set) var contentLengthAtLastFetch: CGFloat?

    /// Creates a session with no fetch run yet.
    ///
    /// - Complexity: O(1).
    package init(policy: BatchFetchingPolicy = BatchFetchingPolicy()) {
        self.policy = policy
    }

    /// Whether to start a fetch now, for a scroll view of `geometry` coming to rest at
    /// `targetOffset`; when it answers `true` the fetch counts as running.
    ///
    /// - Complexity: O(1).
    package mutating func begin(
        in geometry: ScrollGeometry, targetOffset: CGFloat, direction: ScrollDirection, trigger: Trigger
    ) -> Bool {
        guard hasMore, !isFetching else { return false }
        if trigger == .change, let last = contentLengthAtLastFetch, last == geometry.contentLength { return false }
        guard policy.shouldFetch(in: geometry, targetOffset: targetOffset, direction: direction, isFetching: false) else {
            return false
        }
        isFetching = true
        contentLengthAtLastFetch = geometry.contentLength
        return true
    }

    /// Ends the running fetch. Returns whether to check again, with trigger
    /// ``Trigger/change``: when there may be more. The check belongs on a later turn of the
    /// run loop, never inside the completion, so that a fetch completing synchronously does
    /// not recurse.
    ///
    /// - Complexity: O(1).
    package mutating func complete(hasMore more: Bool) -> Bool {
        guard isFetching else { return false }
        isFetching = false
        hasMore = more
        return more
    }

    /// Forgets "no more content" and the length of the latest fetch, for when the source may
    /// have new content (a pull to refresh); a running fetch goes on.
    ///
    /// - Complexity: O(1).
    package mutating func resume() {
        hasMore = true
        contentLengthAtLastFetch = nil
    }
}
