#if canImport(UIKit)
import Foundation

/// Stands in for a server: a feed of ``pageCount`` pages of ``pageSize`` posts, each
/// delivered after a delay, as a network request would deliver it.
///
/// Pages are the same on every load (posts are a pure function of their ids, see
/// ``PostGenerator``), so a pull to refresh brings back the same first page: exactly the case
/// where skeleton rows can have the real rows' heights and nothing moves when the data
/// arrives.
struct LoadingFeedService: Sendable {
    /// Posts per page.
    static let pageSize = 30
    /// Pages the feed has: the first, and the older ones batch fetching asks for as the user
    /// nears the end. Few, so the end of the feed (`complete(hasMore: false)`) is reachable.
    static let pageCount = 4

    /// The ids of the posts on the first page, in order, newest first.
    ///
    /// A skeleton shown before a load is given these as the ids of the rows about to come,
    /// so their heights cached by key (this launch's, or an earlier launch's persisted ones)
    /// size the skeleton rows. A real app knows them when it refreshes content it shows, or
    /// from the ids it saved with the content of its last session; in this demo the page
    /// never changes, so they are simply known.
    static let pagePostIDs: [FeedPost.ID] = postIDs(ofPage: 0)

    /// The ids on page `number` (0 is the first), newest first: each page is older than the
    /// one before it, down to id 1,030 − 30 × 4 + 1 = 911 on the last.
    static func postIDs(ofPage number: Int) -> [FeedPost.ID] {
        let newest = 1_030 - number * pageSize
        return Array(((newest - pageSize + 1)...newest).reversed())
    }

    /// How long a load takes, in seconds.
    var latency: TimeInterval = 1.5

    /// Page `number` (0 is the first), after ``latency``; empty past the last page.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it waits (the screen
    ///   went away, or a newer load replaced this one).
    func loadPage(_ number: Int = 0) async throws -> [FeedPost] {
        try await Task.sleep(nanoseconds: UInt64(max(0, latency) * 1_000_000_000))
        guard (0..<Self.pageCount).contains(number) else { return [] }
        return Self.postIDs(ofPage: number).map { PostGenerator.post(id: $0) }
    }
}
#endif
