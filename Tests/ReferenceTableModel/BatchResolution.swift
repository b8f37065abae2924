import Foundation
import TemplateLayoutEngine

/// A row named by a batch, as a section and a row in the old or the new index space.
struct RowPlace: Hashable, Comparable, CustomStringConvertible {
    let section: Int
    let row: Int

    static func < (lhs: RowPlace, rhs: RowPlace) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    var description: String { "[\(section):\(row)]" }
}

/// Where a section of the table after a batch comes from.
enum SectionOrigin: Hashable {
    /// The section at this old index, kept, reloaded or moved.
    case old(Int)
    /// A section the batch inserts.
    case inserted
}

/// A batch checked against UIKit's rules and sorted into what it does to each section
/// and row; it computes the table after the batch but does not hold the items.
///
/// UIKit's model, which this follows literally: deletes, reloads and move sources name
/// the table before the batch (old space); inserts and move destinations name the table
/// after it (new space); whatever is not named keeps its relative order and fills the
/// places left over. The order of calls, and of index paths within a call, is irrelevant.
struct BatchResolution {
    /// Rows per section before the batch.
    let oldSizes: [Int]
    /// Where each section after the batch comes from, by new index.
    let sectionOrigins: [SectionOrigin]
    /// Rows per section after the batch, by new index.
    let newSizes: [Int]

    private let reloadedSections: Set<Int>
    private let removedRows: Set<RowPlace>
    private let reloadedRows: Set<RowPlace>
    /// Moved rows by their new place, with their old place.
    private let arrivingRows: [Int: [(to: Int, from: RowPlace)]]
    /// Inserted rows by new section.
    private let insertedRows: [Int: [Int]]
    private let freshRows: [Int: Int]

    private enum OldRowRole { case delete, reload, moveSource }
    private enum NewRowRole { case insert, moveDestination(from: RowPlace) }

    /// The row an index path names.
    private static func place(_ path: IndexPath, in update: TableUpdate) throws -> RowPlace {
        guard path.count == 2 else {
            throw InvalidBatchError(.notSectionAndRow, in: update, "index path \(Array(path)) is not a section and a row")
        }
        return RowPlace(section: path[0], row: path[1])
    }

    /// Validates `updates` against a table with `oldSizes` rows per section.
    ///
    /// - Throws: ``InvalidBatchError`` naming the first broken rule found, checking
    ///   section indexes first, then rows in the old space, then rows in the new space.
    init(oldSizes: [Int], updates: [TableUpdate], freshRows: [Int: Int]) throws {
        self.oldSizes = oldSizes
        self.freshRows = freshRows
        let oldCount = oldSizes.count

        // Sort every named index into its space, keeping the call that named it.
        var deletedSections = Set<Int>()
        var reloadedSections = Set<Int>()
        var oldSectionNames: [(index: Int, update: TableUpdate)] = []
        var newSectionNames: [(index: Int, update: TableUpdate, origin: SectionOrigin)] = []
        var oldRowNames: [(place: RowPlace, update: TableUpdate, role: OldRowRole)] = []
        var newRowNames: [(place: RowPlace, update: TableUpdate, role: NewRowRole)] = []

        for update in updates {
            switch update {
            case .deleteSections(let set):
                deletedSections.formUnion(set)
                oldSectionNames += set.map { ($0, update) }
            case .reloadSections(let set):
                reloadedSections.formUnion(set)
                oldSectionNames += set.map { ($0, update) }
            case .moveSection(let from, let to):
                oldSectionNames.append((from, update))
                newSectionNames.append((to, update, .old(from)))
            case .insertSections(let set):
                newSectionNames += set.map { ($0, update, .inserted) }
            case .deleteRows(let paths):
                for path in paths { oldRowNames.append((try Self.place(path, in: update), update, .delete)) }
            case .reloadRows(let paths):
                for path in paths { oldRowNames.append((try Self.place(path, in: update), update, .reload)) }
            case .insertRows(let paths):
                for path in paths { newRowNames.append((try Self.place(path, in: update), update, .insert)) }
            case .moveRow(let from, let to):
                let source = try Self.place(from, in: update)
                oldRowNames.append((source, update, .moveSource))
                newRowNames.append((try Self.place(to, in: update), update, .moveDestination(from: source)))
            }
        }

        // Sections, old space: in range, each named once.
        var oldSectionClaims: [Int: TableUpdate] = [:]
        for (index, update) in oldSectionNames {
            guard (0..<oldCount).contains(index) else {
                throw InvalidBatchError(.sectionOutOfRange, in: update, "old section \(index) of a table with \(oldCount) sections")
            }
            if let earlier = oldSectionClaims[index] {
                throw InvalidBatchError(.sectionNamedTwice, in: update, "old section \(index) is also named by \"\(earlier)\"")
            }
            oldSectionClaims[index] = update
        }

        // Sections, new space: the count follows from the old one, then the same checks.
        let insertedCount = newSectionNames.filter { $0.origin == .inserted }.count
        let newCount = oldCount - deletedSections.count + insertedCount
        var fixedSections: [Int: SectionOrigin] = [:]
        var newSectionClaims: [Int: TableUpdate] = [:]
        for (index, update, origin) in newSectionNames {
            guard (0..<newCount).contains(index) else {
                throw InvalidBatchError(.sectionOutOfRange, in: update, "new section \(index) of a table with \(newCount) sections after the batch")
            }
            if let earlier = newSectionClaims[index] {
                throw InvalidBatchError(.sectionNamedTwice, in: update, "new section \(index) is also named by \"\(earlier)\"")
            }
            newSectionClaims[index] = update
            fixedSections[index] = origin
        }
        let movedAway = Set(newSectionNames.compactMap { name -> Int? in
            if case .old(let from) = name.origin { return from }
            return nil
        })
        let stayingSections = (0..<oldCount)
            .filter { !deletedSections.contains($0) && !movedAway.contains($0) }
            .map(SectionOrigin.old)
        let origins = Placement.arrange(count: newCount, fixed: fixedSections, staying: stayingSections)
        sectionOrigins = origins
        self.reloadedSections = reloadedSections

        for (index, count) in freshRows.sorted(by: { $0.key < $1.key }) {
            guard origins.indices.contains(index), origins[index] == .inserted else {
                throw InvalidBatchError(.badFreshRowCount, in: nil, "fresh rows given for new section \(index), which the batch does not insert")
            }
            guard count >= 0 else {
                throw InvalidBatchError(.badFreshRowCount, in: nil, "\(count) fresh rows for new section \(index)")
            }
        }

        // Rows, old space: in a section that survives unreloaded, in range, named once.
        var oldRowClaims: [RowPlace: TableUpdate] = [:]
        var removedRows = Set<RowPlace>()
        var reloadedRows = Set<RowPlace>()
        var removedCount = [Int](repeating: 0, count: oldCount)
        for (place, update, role) in oldRowNames {
            guard (0..<oldCount).contains(place.section) else {
                throw InvalidBatchError(.sectionOutOfRange, in: update, "old row \(place) names section \(place.section) of a table with \(oldCount) sections")
            }
            guard !deletedSections.contains(place.section) else {
                throw InvalidBatchError(.rowInDeletedSection, in: update, "old row \(place) is in a section the batch deletes")
            }
            guard !reloadedSections.contains(place.section) else {
                throw InvalidBatchError(.rowInReloadedSection, in: update, "old row \(place) is in a section the batch reloads")
            }
            guard (0..<oldSizes[place.section]).contains(place.row) else {
                throw InvalidBatchError(.rowOutOfRange, in: update, "old row \(place) of a section with \(oldSizes[place.section]) rows")
            }
            if let earlier = oldRowClaims[place] {
                throw InvalidBatchError(.rowNamedTwice, in: update, "old row \(place) is also named by \"\(earlier)\"")
            }
            oldRowClaims[place] = update
            switch role {
            case .delete, .moveSource:
                removedRows.insert(place)
                removedCount[place.section] += 1
            case .reload:
                reloadedRows.insert(place)
            }
        }
        self.removedRows = removedRows
        self.reloadedRows = reloadedRows

        // Rows, new space: in a section that exists after the batch and is not reloaded,
        // named once; the upper bound needs every section's final count, so it comes last.
        var newRowClaims: [RowPlace: TableUpdate] = [:]
        var arrivingRows: [Int: [(to: Int, from: RowPlace)]] = [:]
        var insertedRows: [Int: [Int]] = [:]
        var arrivals = [Int](repeating: 0, count: newCount)
        for (place, update, role) in newRowNames {
            guard (0..<newCount).contains(place.section) else {
                throw InvalidBatchError(.sectionOutOfRange, in: update, "new row \(place) names section \(place.section) of a table with \(newCount) sections after the batch")
            }
            if case .old(let oldIndex) = origins[place.section], reloadedSections.contains(oldIndex) {
                throw InvalidBatchError(.rowInReloadedSection, in: update, "new row \(place) is in old section \(oldIndex), which the batch reloads")
            }
            guard place.row >= 0 else {
                throw InvalidBatchError(.rowOutOfRange, in: update, "new row \(place) is negative")
            }
            if let earlier = newRowClaims[place] {
                throw InvalidBatchError(.rowNamedTwice, in: update, "new row \(place) is also named by \"\(earlier)\"")
            }
            newRowClaims[place] = update
            arrivals[place.section] += 1
            switch role {
            case .insert: insertedRows[place.section, default: []].append(place.row)
            case .moveDestination(let from): arrivingRows[place.section, default: []].append((place.row, from))
            }
        }
        self.arrivingRows = arrivingRows
        self.insertedRows = insertedRows

        let newSizes = origins.enumerated().map { index, origin in
            switch origin {
            case .old(let oldIndex): oldSizes[oldIndex] - removedCount[oldIndex] + arrivals[index]
            case .inserted: (freshRows[index] ?? 0) + arrivals[index]
            }
        }
        for (place, update, _) in newRowNames where place.row >= newSizes[place.section] {
            throw InvalidBatchError(.rowOutOfRange, in: update, "new row \(place) of a section with \(newSizes[place.section]) rows after the batch")
        }
        self.newSizes = newSizes
    }

    /// One row of a section after the batch, before new items get their ids.
    private enum Slot {
        case existing(ReferenceItem)
        case new
    }

    /// The sections after the batch, given the items before it; new items take ids from
    /// `nextItemID` up, in table order, so the result does not depend on the order of calls.
    func newSections(from old: [[ReferenceItem]], nextItemID: inout Int) -> [[ReferenceItem]] {
        sectionOrigins.enumerated().map { newIndex, origin in
            let staying: [Slot]
            switch origin {
            case .old(let oldIndex):
                let reloadsAll = reloadedSections.contains(oldIndex)
                staying = old[oldIndex].enumerated().compactMap { row, item in
                    let place = RowPlace(section: oldIndex, row: row)
                    guard !removedRows.contains(place) else { return nil }
                    return .existing(reloadsAll || reloadedRows.contains(place) ? item.reloaded() : item)
                }
            case .inserted:
                staying = Array(repeating: .new, count: freshRows[newIndex] ?? 0)
            }
            var fixed: [Int: Slot] = [:]
            for (row, from) in arrivingRows[newIndex] ?? [] {
                fixed[row] = .existing(old[from.section][from.row])
            }
            for row in insertedRows[newIndex] ?? [] {
                fixed[row] = .new
            }
            return Placement.arrange(count: newSizes[newIndex], fixed: fixed, staying: staying).map { slot in
                switch slot {
                case .existing(let item):
                    return item
                case .new:
                    defer { nextItemID += 1 }
                    return ReferenceItem(id: nextItemID)
                }
            }
        }
    }
}
