#if canImport(UIKit)
import Foundation

/// Stands in for a server: the first page of a feed, delivered after a delay, as a network
/// request would deliver it.
///
/// The page is the same on every load (posts are a pure function of their ids, see
/// ``PostGenerator``), so a pull to refresh brings back the same content: exactly the case
/// where skeleton rows can have the real rows' heights and nothing moves when the data
/// arrives.
struct LoadingFeedService: Sendable {
    /// The ids of the posts on the page, in order, newest first.
    ///
    /// A skeleton shown before a load is given these as the ids of the rows about to come,
    /// so their heights cached by key (this launch's, or an earlier launch's persisted ones)
    /// size the skeleton rows. A real app knows them when it refreshes content it shows, or
    /// from the ids it saved with the content of its last session; in this demo the page
    /// never changes, so they are simply known.
    static let pagePostIDs: [FeedPost.ID] = Array((1_001...1_030).reversed())

    /// How long a load takes, in seconds.
    var latency: TimeInterval = 1.5

    /// The page, after ``latency``.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it waits (the screen
    ///   went away, or a newer load replaced this one).
    func loadPage() async throws -> [FeedPost] {
        try await Task.sleep(nanoseconds: UInt64(max(0, latency) * 1_000_000_000))
        return Self.pagePostIDs.map { PostGenerator.post(id: $0) }
    }
}
#endif
