import Foundation
import TemplateLayoutEngine

/// One random batch under construction for ``RandomBatchGenerator``.
///
/// Valid by construction, in three passes that mirror UIKit's two index spaces: first
/// the sections (old indexes drawn without repetition; then, once the new section count
/// is known, new indexes for inserts and move destinations), then the rows named in the
/// old space (each drawn once, never in a deleted or reloaded section), and last the new
/// row indexes, drawn once every section's final row count is known.
struct BatchDraft {
    private let table: ReferenceTable
    private let limits: RandomBatchGenerator

    /// Old sections no call has named yet.
    private var unnamedOldSections: [Int]
    /// Old rows, per old section, that no call has named yet; empty for deleted and
    /// reloaded sections, whose rows must not be named.
    private var unnamedOldRows: [[Int]]

    private var calls: [TableUpdate] = []
    private var deletedSections = Set<Int>()
    private var reloadedSections = Set<Int>()
    private var sectionMoves: [(from: Int, to: Int)] = []
    private var insertedSectionCalls: [[Int]] = []
    private var freshRows: [Int: Int] = [:]

    /// Where each section after the batch comes from, by new index.
    private var origins: [SectionOrigin] = []
    /// The new index of each surviving old section.
    private var newIndexOfOld: [Int: Int] = [:]
    /// Rows each new section will have, kept up to date as rows are drawn.
    private var plannedSizes: [Int] = []
    /// Moved rows: the old place, and the new section (its row is drawn last).
    private var rowMoves: [(from: RowPlace, toSection: Int)] = []
    /// Inserted rows, per insertRows call, by new section (rows drawn last).
    private var rowInsertCalls: [[Int]] = []

    init(table: ReferenceTable, limits: RandomBatchGenerator) {
        self.table = table
        self.limits = limits
        unnamedOldSections = Array(0..<table.numberOfSections)
        unnamedOldRows = table.sections.map { Array($0.indices) }
    }

    /// The batch for these kinds of call, or `nil` if none of them could be made.
    mutating func make(kinds: [RandomBatchGenerator.CallKind], using random: inout SeededRandom) -> ReferenceBatch? {
        for kind in kinds { drawOldSections(kind, using: &random) }
        for kind in kinds where kind == .insertSections { drawSectionInsert(using: &random) }
        placeSections(using: &random)
        for kind in kinds { drawOldRows(kind, using: &random) }
        for kind in kinds where kind == .insertRows { drawRowInsert(using: &random) }
        placeRows(using: &random)
        guard !calls.isEmpty else { return nil }
        return ReferenceBatch(random.shuffled(calls), freshRowsInInsertedSections: freshRows)
    }

    // MARK: Sections

    private mutating func takeOldSections(_ count: Int, using random: inout SeededRandom) -> [Int] {
        random.sample(count, from: 0..<unnamedOldSections.count)
            .sorted(by: >)
            .map { unnamedOldSections.remove(at: $0) }
    }

    private mutating func drawOldSections(_ kind: RandomBatchGenerator.CallKind, using random: inout SeededRandom) {
        let available = unnamedOldSections.count
        guard available > 0 else { return }
        switch kind {
        case .deleteSections:
            // Now and then everything goes, so that tables with no sections come up.
            let count = random.chance(0.08) ? available : random.int(in: 1...min(3, available))
            let sections = takeOldSections(count, using: &random)
            deletedSections.formUnion(sections)
            for section in sections { unnamedOldRows[section] = [] }
            calls.append(.deleteSections(IndexSet(sections)))
        case .reloadSections:
            let sections = takeOldSections(random.int(in: 1...min(2, available)), using: &random)
            reloadedSections.formUnion(sections)
            for section in sections { unnamedOldRows[section] = [] }
            calls.append(.reloadSections(IndexSet(sections)))
        case .moveSection:
            // The destination is drawn once the new section count is known.
            sectionMoves.append((takeOldSections(1, using: &random)[0], -1))
        default:
            break
        }
    }

    private mutating func drawSectionInsert(using random: inout SeededRandom) {
        let insertedSoFar = insertedSectionCalls.reduce(0) { $0 + $1.count }
        let room = limits.maxSections - (table.numberOfSections - deletedSections.count + insertedSoFar)
        guard room > 0 else { return }
        // Placeholders; their new indexes are drawn in `placeSections`.
        insertedSectionCalls.append(Array(repeating: -1, count: random.int(in: 1...min(2, room))))
    }

    private mutating func placeSections(using random: inout SeededRandom) {
        let insertedCount = insertedSectionCalls.reduce(0) { $0 + $1.count }
        let newCount = table.numberOfSections - deletedSections.count + insertedCount
        var places = random.sample(sectionMoves.count + insertedCount, from: 0..<newCount).makeIterator()
        var fixed: [Int: SectionOrigin] = [:]
        for index in sectionMoves.indices {
            let to = places.next()!
            sectionMoves[index].to = to
            fixed[to] = .old(sectionMoves[index].from)
            calls.append(.moveSection(sectionMoves[index].from, to: to))
        }
        for call in insertedSectionCalls.indices {
            let indexes = insertedSectionCalls[call].map { _ in places.next()! }
            for index in indexes {
                fixed[index] = .inserted
                freshRows[index] = random.chance(0.3) ? 0 : random.int(in: 1...min(5, limits.maxRowsPerSection))
            }
            insertedSectionCalls[call] = indexes
            calls.append(.insertSections(IndexSet(indexes)))
        }
        let movedAway = Set(sectionMoves.map(\.from))
        let staying = (0..<table.numberOfSections)
            .filter { !deletedSections.contains($0) && !movedAway.contains($0) }
            .map(SectionOrigin.old)
        origins = Placement.arrange(count: newCount, fixed: fixed, staying: staying)
        plannedSizes = origins.enumerated().map { newIndex, origin in
            switch origin {
            case .old(let oldIndex):
                newIndexOfOld[oldIndex] = newIndex
                return table.numberOfRows(inSection: oldIndex)
            case .inserted:
                return freshRows[newIndex] ?? 0
            }
        }
    }

    // MARK: Rows

    /// A random old row no call has named, in a section whose rows may be named.
    private mutating func takeOldRow(using random: inout SeededRandom) -> RowPlace? {
        let sections = unnamedOldRows.indices.filter { !unnamedOldRows[$0].isEmpty }
        guard let section = random.element(of: sections) else { return nil }
        let row = unnamedOldRows[section].remove(at: random.int(in: 0..<unnamedOldRows[section].count))
        return RowPlace(section: section, row: row)
    }

    /// A random new section rows may arrive in that has room for one more, leaning
    /// towards inserted and moved sections, the cases most likely to be got wrong.
    private func arrivalSection(preferring preferred: Int? = nil, using random: inout SeededRandom) -> Int? {
        let open = origins.indices.filter { index in
            if case .old(let oldIndex) = origins[index], reloadedSections.contains(oldIndex) { return false }
            return plannedSizes[index] < limits.maxRowsPerSection
        }
        if let preferred, open.contains(preferred), random.chance(0.35) { return preferred }
        let moved = Set(sectionMoves.map(\.to))
        let interesting = open.filter { origins[$0] == .inserted || moved.contains($0) }
        if !interesting.isEmpty, random.chance(0.4) { return random.element(of: interesting) }
        return random.element(of: open)
    }

    private mutating func drawOldRows(_ kind: RandomBatchGenerator.CallKind, using random: inout SeededRandom) {
        switch kind {
        case .deleteRows, .reloadRows:
            let wanted = random.int(in: 1...(kind == .deleteRows ? 4 : 3))
            let places = (0..<wanted).compactMap { _ in takeOldRow(using: &random) }
            guard !places.isEmpty else { return }
            if kind == .deleteRows {
                for place in places { plannedSizes[newIndexOfOld[place.section]!] -= 1 }
            }
            let paths = random.shuffled(places.map { IndexPath(referenceSection: $0.section, row: $0.row) })
            calls.append(kind == .deleteRows ? .deleteRows(paths) : .reloadRows(paths))
        case .moveRow:
            guard let from = takeOldRow(using: &random) else { return }
            let home = newIndexOfOld[from.section]!
            // Leaving first makes room, so a move within a full section stays possible.
            plannedSizes[home] -= 1
            guard let to = arrivalSection(preferring: home, using: &random) else {
                plannedSizes[home] += 1
                return
            }
            plannedSizes[to] += 1
            rowMoves.append((from, to))
        default:
            break
        }
    }

    private mutating func drawRowInsert(using random: inout SeededRandom) {
        var sections: [Int] = []
        for _ in 0..<random.int(in: 1...4) {
            guard let section = arrivalSection(using: &random) else { break }
            plannedSizes[section] += 1
            sections.append(section)
        }
        if !sections.isEmpty { rowInsertCalls.append(sections) }
    }

    /// Draws the new rows of every arrival, now that each section's final size is known.
    private mutating func placeRows(using random: inout SeededRandom) {
        enum Arrival { case move(Int), insert(call: Int, entry: Int) }
        var arrivals = [[Arrival]](repeating: [], count: origins.count)
        for (index, move) in rowMoves.enumerated() { arrivals[move.toSection].append(.move(index)) }
        for (call, sections) in rowInsertCalls.enumerated() {
            for (entry, section) in sections.enumerated() { arrivals[section].append(.insert(call: call, entry: entry)) }
        }
        var insertPaths = rowInsertCalls.map { [IndexPath?](repeating: nil, count: $0.count) }
        for section in arrivals.indices where !arrivals[section].isEmpty {
            let rows = random.sample(arrivals[section].count, from: 0..<plannedSizes[section])
            for (arrival, row) in zip(arrivals[section], rows) {
                let path = IndexPath(referenceSection: section, row: row)
                switch arrival {
                case .move(let index):
                    let from = rowMoves[index].from
                    calls.append(.moveRow(IndexPath(referenceSection: from.section, row: from.row), to: path))
                case .insert(let call, let entry):
                    insertPaths[call][entry] = path
                }
            }
        }
        for paths in insertPaths {
            calls.append(.insertRows(random.shuffled(paths.compactMap { $0 })))
        }
    }
}
