#if canImport(UIKit)
import Foundation

/// The item updates one change of the collection screen needs, in UIKit's terms: deletions,
/// reloads and move sources are index paths before the change; insertions and move
/// destinations are index paths after it.
///
/// Derived from the items' keys before and after the change, as ``FeedUpdate`` is from post
/// ids, so it always agrees with the model (UIKit raises when the counts after
/// `performBatchUpdates` do not add up).
struct CollectionDemoUpdate: Sendable {
    /// An item moving from `source` (before the change) to `destination` (after it).
    struct ItemMove: Hashable, Sendable {
        let source: IndexPath
        let destination: IndexPath
    }

    private(set) var deletions: [IndexPath] = []
    private(set) var insertions: [IndexPath] = []
    /// Items edited in place, at their index paths before (and after) the change.
    private(set) var reloads: [IndexPath] = []
    private(set) var moves: [ItemMove] = []
    /// The keys whose content changed: their cached sizes are stale.
    private(set) var editedKeys: [CollectionItemKey] = []

    /// No change at all.
    static let none = CollectionDemoUpdate()

    private init() {}

    /// The update turning `before` into `after` (each a list of sections of item keys),
    /// given which items were inserted, deleted, moved and edited. An edited item must keep
    /// its index path: UIKit reloads an item where it is.
    init(
        from before: [[CollectionItemKey]], to after: [[CollectionItemKey]],
        inserted: [CollectionItemKey] = [], deleted: [CollectionItemKey] = [],
        moved: [CollectionItemKey] = [], edited: [CollectionItemKey] = []
    ) {
        let oldPaths = Self.indexPaths(in: before)
        let newPaths = Self.indexPaths(in: after)
        deletions = deleted.compactMap { oldPaths[$0] }.sorted()
        insertions = inserted.compactMap { newPaths[$0] }.sorted()
        moves = moved.compactMap { key in
            guard let source = oldPaths[key], let destination = newPaths[key] else { return nil }
            return ItemMove(source: source, destination: destination)
        }
        reloads = edited.compactMap { key in
            guard let source = oldPaths[key] else { return nil }
            assert(newPaths[key] == source, "an edited item must stay where it is; \(key) moved")
            return source
        }.sorted()
        editedKeys = edited
    }

    /// Where each key is in `sections`.
    static func indexPaths(in sections: [[CollectionItemKey]]) -> [CollectionItemKey: IndexPath] {
        var paths: [CollectionItemKey: IndexPath] = [:]
        for (section, keys) in sections.enumerated() {
            for (item, key) in keys.enumerated() {
                paths[key] = IndexPath(item: item, section: section)
            }
        }
        return paths
    }
}
#endif
