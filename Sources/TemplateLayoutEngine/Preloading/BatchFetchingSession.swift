import Foundation

/// One table's (or collection view's) batch fetching over time: Texture's rule
/// (``BatchFetchingPolicy``) and what a running app needs around it, as pure rules the UIKit
/// layer follows.
///
/// Vertical or horizontal: offsets and lengths along the scroll axis (see ``ScrollGeometry``).
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
    package init(policy: BatchFetchingPolicy = BatchFetchingPolicy()) {
        self.policy = policy
    }

    /// A session that replaces `previous` (the app set batch fetching again, with a new
    /// policy): a fetch `previous` runs is this one's, so no second fetch starts until it
    /// completes; "no more content" is forgotten, as setting it again promises.
    package init(policy: BatchFetchingPolicy, continuing previous: BatchFetchingSession) {
        self.policy = policy
        self.isFetching = previous.isFetching
        self.contentLengthAtLastFetch = previous.contentLengthAtLastFetch
    }

    /// Whether to start a fetch now, for a scroll view of `geometry` coming to rest at
    /// `targetOffset`; when it answers `true` the fetch counts as running.
    ///
    /// `isHeld` is `true` while the content is not the app's (a skeleton shows, or an update
    /// made while it showed is being held from UIKit): its length says nothing about how
    /// near the end of the app's content the user is, and a fetch then would change the
    /// app's model under the skeleton. A held check fetches nothing and changes nothing, so
    /// the check made when the hold ends judges the app's content as if none was made.
    package mutating func begin(
        in geometry: ScrollGeometry, targetOffset: CGFloat, direction: ScrollDirection, trigger: Trigger,
        isHeld: Bool = false
    ) -> Bool {
        guard !isHeld, hasMore, !isFetching else { return false }
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
    package mutating func complete(hasMore more: Bool) -> Bool {
        guard isFetching else { return false }
        isFetching = false
        hasMore = more
        return more
    }

    /// Forgets "no more content" and the length of the latest fetch, for when the source may
    /// have new content (a pull to refresh); a running fetch goes on.
    package mutating func resume() {
        hasMore = true
        contentLengthAtLastFetch = nil
    }
}
