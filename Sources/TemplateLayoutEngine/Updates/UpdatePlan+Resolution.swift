import Foundation

extension UpdatePlan {
    /// A row's position, as a section and a row: what an `IndexPath` of two indexes is,
    /// without its enum storage on the hot path of resolution.
    struct Position: Hashable, Comparable {
        var section: Int
        var row: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.section, lhs.row) < (rhs.section, rhs.row)
        }

        var text: String { "[\(section):\(row)]" }
    }

    /// Resolves a batch: validates it, then records where everything goes.
    ///
    /// Bad input is never trapped on. What the plan can no longer vouch for is forgotten,
    /// and each problem is described in ``problems``:
    /// - an index path that is not section-and-row, a section index that is negative or
    ///   past ``IndexLimits/sections``, or a section named twice among deletes, reloads and
    ///   move sources (or among inserts and move destinations): everything is forgotten,
    ///   because the section order itself is unknown;
    /// - a row that is negative or past ``IndexLimits/rows``, or a row named twice among
    ///   deletes, reloads and move sources (or among inserts and move destinations): the
    ///   sections involved (both ends of a move) are forgotten, everything else is kept;
    /// - a row moved out of a section the batch deletes: it arrives without a height.
    ///
    /// - Complexity: O(*k* log *k*) in the number of sections and index paths named.
    init(_ updates: [TableUpdate]) {
        var sectionDeletes: [Int] = []
        var sectionReloads: [Int] = []
        var sectionInserts: [Int] = []
        var sectionMoves: [(from: Int, to: Int)] = []
        var rowDeletes: [Position] = []
        var rowReloads: [Position] = []
        var rowInserts: [Position] = []
        var rowMoves: [(from: Position, to: Position)] = []
        var malformed: [IndexPath] = []

        func positions(_ paths: [IndexPath]) -> [Position] {
            paths.compactMap { path in
                guard path.count == 2 else { malformed.append(path); return nil }
                return Position(section: path[0], row: path[1])
            }
        }

        for update in updates {
            switch update {
            case .insertSections(let set): sectionInserts.append(contentsOf: set)
            case .deleteSections(let set): sectionDeletes.append(contentsOf: set)
            case .reloadSections(let set): sectionReloads.append(contentsOf: set)
            case .moveSection(let from, let to): sectionMoves.append((from, to))
            case .insertRows(let paths): rowInserts.append(contentsOf: positions(paths))
            case .deleteRows(let paths): rowDeletes.append(contentsOf: positions(paths))
            case .reloadRows(let paths): rowReloads.append(contentsOf: positions(paths))
            case .moveRow(let from, let to):
                let ends = positions([from, to])
                if ends.count == 2 { rowMoves.append((ends[0], ends[1])) }
            }
        }

        // Section level: any doubt about the section order makes every row unknowable.
        if let path = malformed.first {
            forgetEverything(because: "index path \(Array(path)) is not a section and a row")
            return
        }
        let sectionsNamed = sectionDeletes + sectionReloads + sectionInserts + sectionMoves.flatMap { [$0.from, $0.to] }
        if let bad = sectionsNamed.first(where: { !(0..<IndexLimits.sections).contains($0) }) {
            forgetEverything(because: "section \(bad) is out of range")
            return
        }
        if let twice = Self.firstDuplicate(sectionDeletes + sectionReloads + sectionMoves.map(\.from)) {
            forgetEverything(because: "old section \(twice) is deleted, reloaded or moved more than once in one batch")
            return
        }
        if let twice = Self.firstDuplicate(sectionInserts + sectionMoves.map(\.to)) {
            forgetEverything(because: "new section \(twice) is inserted or moved to more than once in one batch")
            return
        }
        removedSections = (sectionDeletes + sectionMoves.map(\.from)).sorted()
        forgottenSections = Set(sectionDeletes).union(sectionReloads)
        sectionSlots = (sectionInserts.map { SectionSlot(index: $0, source: .inserted) }
            + sectionMoves.map { SectionSlot(index: $0.to, source: .moved(from: $0.from)) })
            .sorted { $0.index < $1.index }
        lastNewSectionReceivingMoves = sectionSlots.last(where: { $0.source != .inserted })?.index ?? -1

        resolveRows(deletes: rowDeletes, reloads: rowReloads, inserts: rowInserts, moves: rowMoves,
                    deletedSections: Set(sectionDeletes))
    }

    /// The row level: untrusts the sections bad row input touches, then records removals
    /// by old section and slots by new section.
    private mutating func resolveRows(
        deletes: [Position], reloads: [Position], inserts: [Position],
        moves: [(from: Position, to: Position)], deletedSections: Set<Int>
    ) {
        guard !(deletes.isEmpty && reloads.isEmpty && inserts.isEmpty && moves.isEmpty) else { return }
        var untrustedOld: Set<Int> = []

        func isValid(_ position: Position) -> Bool {
            (0..<IndexLimits.sections).contains(position.section) && (0..<IndexLimits.rows).contains(position.row)
        }
        func sectionIsValid(_ position: Position) -> Bool {
            (0..<IndexLimits.sections).contains(position.section)
        }

        // Out-of-range rows: their sections are forgotten; a bad section index is a
        // doubt about the section order, so everything is.
        for position in deletes + reloads + inserts + moves.flatMap({ [$0.from, $0.to] }) where !sectionIsValid(position) {
            forgetEverything(because: "row \(position.text) names a section out of range")
            return
        }
        for position in deletes + reloads where !isValid(position) {
            problems.append("row \(position.text) is out of range; forgetting old section \(position.section)")
            untrustedOld.insert(position.section)
        }
        for position in inserts where !isValid(position) {
            problems.append("row \(position.text) is out of range; forgetting new section \(position.section)")
            untrustedNewSections.insert(position.section)
        }
        for move in moves where !isValid(move.from) || !isValid(move.to) {
            problems.append("move \(move.from.text) -> \(move.to.text) is out of range; forgetting old section \(move.from.section) and new section \(move.to.section)")
            untrustedOld.insert(move.from.section)
            untrustedNewSections.insert(move.to.section)
        }

        // Rows named twice: how many rows the app meant to move is unknown, so both ends
        // of every move involved are forgotten.
        var oldUses: [Position: Int] = [:]
        var newUses: [Position: Int] = [:]
        for position in deletes + reloads + moves.map(\.from) { oldUses[position, default: 0] += 1 }
        for position in inserts + moves.map(\.to) { newUses[position, default: 0] += 1 }
        for (position, uses) in oldUses where uses > 1 {
            problems.append("old row \(position.text) is deleted, reloaded or moved more than once in one batch; forgetting old section \(position.section)")
            untrustedOld.insert(position.section)
        }
        for (position, uses) in newUses where uses > 1 {
            problems.append("new row \(position.text) is inserted or moved to more than once in one batch; forgetting new section \(position.section)")
            untrustedNewSections.insert(position.section)
        }
        for move in moves where oldUses[move.from, default: 0] > 1 || newUses[move.to, default: 0] > 1 {
            untrustedOld.insert(move.from.section)
            untrustedNewSections.insert(move.to.section)
        }
        for move in moves where deletedSections.contains(move.from.section) {
            problems.append("row \(move.from.text) is moved out of section \(move.from.section), which the batch deletes; it arrives at \(move.to.text) without a height")
        }
        problems.sort()  // dictionaries iterate in no fixed order; logs should not either
        forgottenSections.formUnion(untrustedOld)

        // Record what is in range; whatever touches an untrusted section is emptied when
        // applied, so it may stay in the plan.
        for position in deletes where isValid(position) {
            rowRemovals[position.section, default: RowRemovals()].removed.append(position.row)
        }
        for position in reloads where isValid(position) {
            rowRemovals[position.section, default: RowRemovals()].forgotten.append(position.row)
        }
        for position in inserts where isValid(position) {
            rowSlots[position.section, default: []].append(RowSlot(row: position.row, source: .inserted))
        }
        for move in moves where isValid(move.from) && isValid(move.to) {
            rowRemovals[move.from.section, default: RowRemovals()].removed.append(move.from.row)
            rowSlots[move.to.section, default: []].append(
                RowSlot(row: move.to.row, source: .moved(section: move.from.section, row: move.from.row)))
            lastNewSectionReceivingMoves = max(lastNewSectionReceivingMoves, move.to.section)
        }
        for key in rowRemovals.keys {
            rowRemovals[key]!.removed.sort()
            rowRemovals[key]!.forgotten.sort()
        }
        for key in rowSlots.keys {
            rowSlots[key]!.sort { $0.row < $1.row }
        }
    }

    private mutating func forgetEverything(because reason: String) {
        forgetsEverything = true
        problems.append("\(reason); forgetting every index-path height")
    }

    private static func firstDuplicate(_ values: [Int]) -> Int? {
        var seen = Set<Int>(minimumCapacity: values.count)
        for value in values where !seen.insert(value).inserted { return value }
        return nil
    }
}
