#if canImport(UIKit)
import Foundation

/// The table updates one change of the feed needs, in UIKit's terms: deletions, reloads
/// and move sources are index paths before the change; insertions and move destinations
/// are index paths after it.
///
/// An update is derived from the posts' identities before and after the change rather than
/// counted by hand, so it always agrees with the model: UIKit raises an exception when the
/// row counts after `performBatchUpdates` do not add up.
struct FeedUpdate: Hashable, Sendable {
    /// A row moving from `source` (before the change) to `destination` (after it).
    struct RowMove: Hashable, Sendable {
        let source: IndexPath
        let destination: IndexPath
    }

    /// Rows removed, at their index paths before the change.
    private(set) var deletions: [IndexPath] = []
    /// Rows added, at their index paths after the change.
    private(set) var insertions: [IndexPath] = []
    /// Rows whose post was edited in place, at their index paths before the change (which
    /// are also their index paths after it).
    private(set) var reloads: [IndexPath] = []
    /// Rows that moved on their own account, not merely shifted by other updates.
    private(set) var moves: [RowMove] = []
    /// The posts whose content changed, whose heights cached by key are stale.
    private(set) var editedPostIDs: [FeedPost.ID] = []

    /// No change at all.
    static let none = FeedUpdate()

    private init() {}

    /// The update that turns `before` into `after`, given which posts were inserted,
    /// deleted, moved and edited. An edited post must keep its index path: UIKit reloads a
    /// row where it is, and reloading a row that also moves is an error.
    init(
        from before: [FeedSection], to after: [FeedSection],
        inserted: Set<FeedPost.ID> = [], deleted: Set<FeedPost.ID> = [],
        moved: Set<FeedPost.ID> = [], edited: Set<FeedPost.ID> = []
    ) {
        let oldPaths = Self.indexPathsByPostID(in: before)
        let newPaths = Self.indexPathsByPostID(in: after)
        deletions = deleted.compactMap { oldPaths[$0] }.sorted()
        insertions = inserted.compactMap { newPaths[$0] }.sorted()
        moves = moved.compactMap { id in
            guard let source = oldPaths[id], let destination = newPaths[id] else { return nil }
            return RowMove(source: source, destination: destination)
        }.sorted { $0.source < $1.source }
        reloads = edited.compactMap { id in
            guard let source = oldPaths[id] else { return nil }
            assert(newPaths[id] == source, "an edited post must stay where it is; post \(id) moved")
            return source
        }.sorted()
        editedPostIDs = edited.sorted()
    }

    /// Whether the update changes nothing.
    var isEmpty: Bool {
        deletions.isEmpty && insertions.isEmpty && reloads.isEmpty && moves.isEmpty
    }

    /// Where each post is in `sections`.
    static func indexPathsByPostID(in sections: [FeedSection]) -> [FeedPost.ID: IndexPath] {
        var paths: [FeedPost.ID: IndexPath] = [:]
        for (section, feedSection) in sections.enumerated() {
            for (row, post) in feedSection.posts.enumerated() {
                paths[post.id] = IndexPath(row: row, section: section)
            }
        }
        return paths
    }
}
#endif
