import Foundation
import TemplateLayoutEngine

/// One row of the simulated table: the entry it shows and the height the table last got
/// for it (its geometry), or `nil` until it asks.
struct TableRow {
    var entry: FeedEntry
    var displayedHeight: CGFloat?

    init(_ entry: FeedEntry) {
        self.entry = entry
    }
}

/// One section of the simulated table.
struct TableSection {
    let title: String
    var rows: [TableRow]

    init(_ section: FeedSection) {
        title = section.title
        rows = section.entries.map(TableRow.init)
    }
}

/// The changes of one `performBatchUpdates` call, in `UITableView`'s vocabulary and index
/// spaces: deletes, reloads and move sources name rows as they were before the batch,
/// inserts and move destinations as they are after it, whatever order the calls come in.
///
/// Besides the ``TableUpdate``s the cache is told, it carries the content the table needs
/// for new and reloaded rows, as a data source would provide it.
struct TableBatch {
    /// The updates, in the order they were made: what is forwarded to the cache.
    private(set) var updates: [TableUpdate] = []
    private var insertedSections: [Int: FeedSection] = [:]
    private var insertedRows: [IndexPath: FeedEntry] = [:]
    private var reloadedRows: [IndexPath: FeedEntry] = [:]

    /// New sections at `indexes` (new index space) with their content.
    mutating func insertSections(_ sections: [FeedSection], at indexes: [Int]) {
        precondition(sections.count == indexes.count, "one section per index")
        for (index, section) in zip(indexes, sections) { insertedSections[index] = section }
        updates.append(.insertSections(IndexSet(indexes)))
    }

    /// Removes the sections at `sections` (old index space), rows and all.
    mutating func deleteSections(_ sections: IndexSet) {
        updates.append(.deleteSections(sections))
    }

    /// New rows at `indexPaths` (new index space) showing `entries`.
    mutating func insertRows(at indexPaths: [IndexPath], entries: [FeedEntry]) {
        precondition(indexPaths.count == entries.count, "one entry per index path")
        for (path, entry) in zip(indexPaths, entries) { insertedRows[path] = entry }
        updates.append(.insertRows(indexPaths))
    }

    /// Removes the rows at `indexPaths` (old index space).
    mutating func deleteRows(at indexPaths: [IndexPath]) {
        updates.append(.deleteRows(indexPaths))
    }

    /// Shows `entries` in the rows at `indexPaths` (old index space), which keep their place.
    mutating func reloadRows(at indexPaths: [IndexPath], entries: [FeedEntry]) {
        precondition(indexPaths.count == entries.count, "one entry per index path")
        for (path, entry) in zip(indexPaths, entries) { reloadedRows[path] = entry }
        updates.append(.reloadRows(indexPaths))
    }

    /// Moves the row at `indexPath` (old index space) to `newIndexPath` (new index space).
    mutating func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        updates.append(.moveRow(indexPath, to: newIndexPath))
    }

    /// The entries the batch reloads with new content, for caches keyed by entry; in index
    /// path order, since a dictionary's order changes from run to run.
    var reloadedEntries: [FeedEntry] { reloadedRows.sorted { $0.key < $1.key }.map(\.value) }

    /// `sections` after the batch, by `UITableView`'s rules: reload in place and take out
    /// deleted and moved rows (old index paths), drop deleted sections, then place new
    /// sections and then new and moved rows at their new indexes, lowest first.
    ///
    /// This is the table's own bookkeeping, written apart from the engine's, so that the
    /// check against the template compares two independent accounts of where rows went.
    /// Section moves and reloads are not needed by the script and not supported.
    func applied(to sections: [TableSection]) -> [TableSection] {
        var deletedSections = IndexSet()
        var removedRows = Set<IndexPath>()
        var moves: [(from: IndexPath, to: IndexPath)] = []
        for update in updates {
            switch update {
            case .deleteSections(let set): deletedSections.formUnion(set)
            case .deleteRows(let paths): removedRows.formUnion(paths)
            case .moveRow(let from, let to):
                moves.append((from, to))
                removedRows.insert(from)
            case .insertSections, .insertRows, .reloadRows: break
            case .moveSection, .reloadSections: preconditionFailure("the simulated table does not move or reload sections")
            }
        }

        var old = sections
        for (path, entry) in reloadedRows { old[path[0]].rows[path[1]] = TableRow(entry) }
        // A moved row keeps its entry and its geometry, as UITableView keeps the cell's frame.
        let placedRows = moves.map { (path: $0.to, row: old[$0.from[0]].rows[$0.from[1]]) }
            + insertedRows.map { (path: $0.key, row: TableRow($0.value)) }

        var new: [TableSection] = []
        for (index, section) in old.enumerated() where !deletedSections.contains(index) {
            var kept = section
            kept.rows = section.rows.enumerated()
                .filter { !removedRows.contains(IndexPath(indexes: [index, $0.offset])) }
                .map(\.element)
            new.append(kept)
        }
        for (index, section) in insertedSections.sorted(by: { $0.key < $1.key }) {
            new.insert(TableSection(section), at: index)
        }
        // Lowest first: every earlier row is then already where it ends up.
        for placed in placedRows.sorted(by: { $0.path < $1.path }) {
            new[placed.path[0]].rows.insert(placed.row, at: placed.path[1])
        }
        return new
    }
}
