#if canImport(UIKit)
import Foundation

/// What the collection screen shows: a row of handles, a grid of cards and a list of posts,
/// and every change its buttons make.
///
/// Each change edits the model and returns the ``CollectionDemoUpdate`` the collection view
/// needs, applied together inside `performBatchUpdates`. Picks come from a seeded generator:
/// the same taps give the same screen on every launch.
struct CollectionDemoModel: Sendable {
    /// The chips: handles, unique, in display order.
    private(set) var handles: [String]
    /// The grid's posts.
    private(set) var cards: [FeedPost]
    /// The list's posts.
    private(set) var rows: [FeedPost]
    private var newestPostID: Int
    private var chooser: SeededGenerator

    /// Twelve cards and twelve list rows (ids from 1001, apart from the feed's), and the
    /// handles of their authors.
    init() {
        let posts = (1_001...1_024).map { PostGenerator.post(id: $0) }
        cards = Array(posts.prefix(12))
        rows = Array(posts.dropFirst(12))
        var seen = Set<String>()
        handles = posts.map { "@" + $0.handle }.filter { seen.insert($0).inserted }
        newestPostID = 1_024
        chooser = SeededGenerator(seed: PostGenerator.seed ^ 0xC011_EC71)
    }

    /// The items of each section, by key, in section order.
    var sections: [[CollectionItemKey]] {
        CollectionDemoSection.allCases.map { section in
            switch section {
            case .chips: return handles.map { .chip($0) }
            case .grid: return cards.map { .card($0.id) }
            case .list: return rows.map { .row($0.id) }
            }
        }
    }

    /// How many items `section` has.
    func itemCount(in section: CollectionDemoSection) -> Int {
        switch section {
        case .chips: return handles.count
        case .grid: return cards.count
        case .list: return rows.count
        }
    }

    // MARK: Changes

    /// A new card at the top of the grid.
    mutating func insertCard() -> CollectionDemoUpdate {
        let before = sections
        let card = insertNewCard(at: 0)
        return CollectionDemoUpdate(from: before, to: sections, inserted: [.card(card)])
    }

    /// Deletes one card and one list row, when there are.
    mutating func deleteCardAndRow() -> CollectionDemoUpdate {
        let before = sections
        var deleted: [CollectionItemKey] = []
        if !cards.isEmpty { deleted.append(.card(cards.remove(at: chooser.index(below: cards.count)).id)) }
        if !rows.isEmpty { deleted.append(.row(rows.remove(at: chooser.index(below: rows.count)).id)) }
        return CollectionDemoUpdate(from: before, to: sections, deleted: deleted)
    }

    /// Moves one card to another place in the grid.
    mutating func moveCard() -> CollectionDemoUpdate {
        let before = sections
        guard let moved = moveRandomCard() else { return .none }
        return CollectionDemoUpdate(from: before, to: sections, moved: [.card(moved)])
    }

    /// One batch across the three sections: a card deleted, a card moved, a card inserted
    /// at a random place, its author's chip inserted at the front when new, and a list row
    /// edited in place (a reload).
    mutating func mixedBatch() -> CollectionDemoUpdate {
        let before = sections
        var deleted: [CollectionItemKey] = []
        if !cards.isEmpty { deleted.append(.card(cards.remove(at: chooser.index(below: cards.count)).id)) }
        let moved = moveRandomCard().map { [CollectionItemKey.card($0)] } ?? []
        let card = insertNewCard(at: chooser.int(in: 0...cards.count))
        var inserted: [CollectionItemKey] = [.card(card)]
        let handle = "@" + PostGenerator.post(id: card).handle
        if !handles.contains(handle) {
            handles.insert(handle, at: 0)
            inserted.append(.chip(handle))
        }
        // The list is untouched otherwise, so every row keeps its index path.
        var edited: [CollectionItemKey] = []
        if !rows.isEmpty {
            let row = chooser.index(below: rows.count)
            rows[row] = PostGenerator.edited(rows[row])
            edited.append(.row(rows[row].id))
        }
        return CollectionDemoUpdate(from: before, to: sections, inserted: inserted, deleted: deleted, moved: moved, edited: edited)
    }

    /// Edits the card or list row at `indexPath`: its body grows by a sentence. Chips are
    /// not edited.
    mutating func editItem(at indexPath: IndexPath) -> CollectionDemoUpdate {
        let before = sections
        switch CollectionDemoSection(rawValue: indexPath.section) {
        case .grid where cards.indices.contains(indexPath.item):
            cards[indexPath.item] = PostGenerator.edited(cards[indexPath.item])
            return CollectionDemoUpdate(from: before, to: sections, edited: [.card(cards[indexPath.item].id)])
        case .list where rows.indices.contains(indexPath.item):
            rows[indexPath.item] = PostGenerator.edited(rows[indexPath.item])
            return CollectionDemoUpdate(from: before, to: sections, edited: [.row(rows[indexPath.item].id)])
        default:
            return .none
        }
    }

    /// Moves the card at `source` to `destination`, as the user dragged it. UIKit has moved
    /// the item on screen already, so there is no update for the collection view.
    mutating func moveCard(from source: Int, to destination: Int) {
        guard cards.indices.contains(source), destination >= 0, destination < cards.count else { return }
        cards.insert(cards.remove(at: source), at: destination)
    }

    // MARK: Steps shared by the changes

    private mutating func insertNewCard(at index: Int) -> FeedPost.ID {
        newestPostID += 1
        cards.insert(PostGenerator.post(id: newestPostID), at: index)
        return newestPostID
    }

    private mutating func moveRandomCard() -> FeedPost.ID? {
        guard cards.count > 1 else { return nil }
        let source = chooser.index(below: cards.count)
        let card = cards.remove(at: source)
        var destination = chooser.index(below: cards.count)
        if destination >= source { destination += 1 }
        cards.insert(card, at: destination)
        return card.id
    }
}
#endif
