import Foundation
import ReferenceTableModel
import TemplateLayoutEngine

/// A batch UIKit would refuse, with what the engine documents it does with it.
struct InvalidCase: CustomStringConvertible {
    /// What the engine's documentation promises for a kind of bad input.
    enum Promise {
        /// Bad row input the engine can see is bad (a negative row, a row named twice or by
        /// contradictory calls): the sections it touches, both ends of a move, are forgotten
        /// in every context, the others keep every height; the problem is counted.
        case forgetsSections(Set<Int>)
        /// Bad section input the engine can see is bad (a negative index, a section named
        /// twice): everything is forgotten; the problem is counted.
        case forgetsEverything
        /// Row input out of range for the table, which the engine cannot know the size of:
        /// nothing is promised for the sections it touches, the others keep every height.
        case keepsOtherSections(Set<Int>)
        /// Input whose outcome is not documented: only that the engine neither traps nor
        /// breaks its invariants, and works normally after `reloadData`.
        case survives
    }

    let kind: String
    let updates: [TableUpdate]
    let promise: Promise

    var description: String {
        "\(kind): [" + updates.map(\.description).joined(separator: "; ") + "]"
    }
}

/// Makes random invalid batches for a table, one kind of mistake at a time, so that what
/// the engine must do with each is known.
enum InvalidBatchGenerator {
    private static func path(_ section: Int, _ row: Int) -> IndexPath {
        IndexPath(indexes: [section, row])
    }

    /// A random invalid batch for `table`, or `nil` if the kind drawn does not fit it (say,
    /// a duplicated row in a table without rows).
    static func make(for table: ReferenceTable, using random: inout SeededRandom) -> InvalidCase? {
        let sectionCount = table.numberOfSections
        guard sectionCount > 0 else {
            return InvalidCase(kind: "section past the end of an empty table", updates: [.deleteSections(IndexSet(integer: random.int(in: 0...3)))], promise: .survives)
        }
        let withRows = (0..<sectionCount).filter { table.numberOfRows(inSection: $0) > 0 }
        func anySection() -> Int { random.int(in: 0..<sectionCount) }
        func rows(_ section: Int) -> Int { table.numberOfRows(inSection: section) }
        /// A row in range in `section`, or one past its end (room for an insert).
        func place(in section: Int) -> Int { random.int(in: 0...rows(section)) }
        /// A row that exists, in a random section that has rows.
        func existingRow() -> (section: Int, row: Int)? {
            guard let section = random.element(of: withRows) else { return nil }
            return (section, random.int(in: 0..<rows(section)))
        }
        func beyond(_ count: Int) -> Int { count + random.int(in: 0...3) }
        let huge = random.element(of: [Int.max, Int.max - 1, 1 << 40, 1 << 31])!

        switch random.int(in: 0..<27) {
        // Bad rows the engine can see.
        case 0:
            let section = anySection()
            let call: TableUpdate = random.chance(0.5) ? .deleteRows([path(section, -random.int(in: 1...3))]) : .reloadRows([path(section, -1)])
            return InvalidCase(kind: "negative old row", updates: [call], promise: .forgetsSections([section]))
        case 1:
            let section = anySection()
            return InvalidCase(kind: "negative new row", updates: [.insertRows([path(section, -1)])], promise: .forgetsSections([section]))
        case 2:
            let (from, to) = (anySection(), anySection())
            return InvalidCase(kind: "move from a negative row", updates: [.moveRow(path(from, -1), to: path(to, place(in: to)))], promise: .forgetsSections([from, to]))
        case 3:
            guard let from = existingRow() else { return nil }
            let to = anySection()
            return InvalidCase(kind: "move to a negative row", updates: [.moveRow(path(from.section, from.row), to: path(to, -2))], promise: .forgetsSections([from.section, to]))
        case 4:
            guard let row = existingRow() else { return nil }
            let paths = [path(row.section, row.row), path(row.section, row.row)]
            return InvalidCase(kind: "old row twice in one call", updates: [random.chance(0.5) ? .deleteRows(paths) : .reloadRows(paths)], promise: .forgetsSections([row.section]))
        case 5:
            guard let row = existingRow() else { return nil }
            let paths = [path(row.section, row.row)]
            return InvalidCase(kind: "delete and reload one row", updates: random.shuffled([.deleteRows(paths), .reloadRows(paths)]), promise: .forgetsSections([row.section]))
        case 6:
            guard let row = existingRow() else { return nil }
            let to = anySection()
            let updates: [TableUpdate] = [.deleteRows([path(row.section, row.row)]), .moveRow(path(row.section, row.row), to: path(to, place(in: to)))]
            return InvalidCase(kind: "move a deleted row", updates: random.shuffled(updates), promise: .forgetsSections([row.section, to]))
        case 7:
            guard let row = existingRow() else { return nil }
            let (first, second) = (anySection(), anySection())
            let updates: [TableUpdate] = [.moveRow(path(row.section, row.row), to: path(first, place(in: first))), .moveRow(path(row.section, row.row), to: path(second, place(in: second)))]
            return InvalidCase(kind: "one row moved twice", updates: updates, promise: .forgetsSections([row.section, first, second]))
        case 8:
            let section = anySection()
            let target = path(section, place(in: section))
            return InvalidCase(kind: "new row twice in one call", updates: [.insertRows([target, target])], promise: .forgetsSections([section]))
        case 9:
            guard let row = existingRow() else { return nil }
            let to = anySection()
            let target = path(to, place(in: to))
            let updates: [TableUpdate] = [.insertRows([target]), .moveRow(path(row.section, row.row), to: target)]
            return InvalidCase(kind: "insert where a row moves", updates: random.shuffled(updates), promise: .forgetsSections([row.section, to]))
        case 10:
            guard let first = existingRow(), let second = existingRow(), first != second else { return nil }
            let to = anySection()
            let target = path(to, place(in: to))
            let updates: [TableUpdate] = [.moveRow(path(first.section, first.row), to: target), .moveRow(path(second.section, second.row), to: target)]
            return InvalidCase(kind: "two rows moved to one place", updates: updates, promise: .forgetsSections([first.section, second.section, to]))
        // Rows out of range: only the size of the table says so.
        case 11:
            let section = anySection()
            return InvalidCase(kind: "delete past the end", updates: [.deleteRows([path(section, beyond(rows(section)))])], promise: .keepsOtherSections([section]))
        case 12:
            let section = anySection()
            return InvalidCase(kind: "insert past the new end", updates: [.insertRows([path(section, beyond(rows(section) + 1))])], promise: .keepsOtherSections([section]))
        case 13:
            let (from, to) = (anySection(), anySection())
            return InvalidCase(kind: "move from past the end", updates: [.moveRow(path(from, beyond(rows(from))), to: path(to, 0))], promise: .keepsOtherSections([from, to]))
        case 14:
            guard let from = existingRow() else { return nil }
            let to = anySection()
            return InvalidCase(kind: "move past the new end", updates: [.moveRow(path(from.section, from.row), to: path(to, beyond(rows(to) + 1)))], promise: .keepsOtherSections([from.section, to]))
        case 15:
            let section = anySection()
            let call = random.element(of: [TableUpdate.deleteRows([path(section, huge)]), .insertRows([path(section, huge)]), .reloadRows([path(section, huge)])])!
            return InvalidCase(kind: "huge row", updates: [call], promise: .keepsOtherSections([section]))
        // Bad sections the engine can see.
        case 16:
            let section = anySection()
            return InvalidCase(kind: "delete and reload one section", updates: random.shuffled([.deleteSections([section]), .reloadSections([section])]), promise: .forgetsEverything)
        case 17:
            guard sectionCount > 1 else { return nil }
            let section = anySection()
            let targets = random.sample(2, from: 0..<sectionCount)
            return InvalidCase(kind: "one section moved twice", updates: targets.map { .moveSection(section, to: $0) }, promise: .forgetsEverything)
        case 18:
            guard sectionCount > 1 else { return nil }
            let section = anySection()
            let call: TableUpdate = random.chance(0.5) ? .deleteSections([section]) : .reloadSections([section])
            return InvalidCase(kind: "move a deleted or reloaded section", updates: random.shuffled([call, .moveSection(section, to: random.int(in: 0..<sectionCount - 1))]), promise: .forgetsEverything)
        case 19:
            return InvalidCase(kind: "negative section moved", updates: [.moveSection(-random.int(in: 1...3), to: anySection())], promise: .forgetsEverything)
        case 20:
            return InvalidCase(kind: "section moved to a negative index", updates: [.moveSection(anySection(), to: -1)], promise: .forgetsEverything)
        case 21:
            let target = random.int(in: 0...sectionCount)
            return InvalidCase(kind: "insert where a section moves", updates: random.shuffled([.insertSections([target]), .moveSection(anySection(), to: target)]), promise: .forgetsEverything)
        case 22:
            guard sectionCount > 1 else { return nil }
            let sources = random.sample(2, from: 0..<sectionCount)
            let target = anySection()
            return InvalidCase(kind: "two sections moved to one place", updates: sources.map { .moveSection($0, to: target) }, promise: .forgetsEverything)
        // Outcomes not documented.
        case 23:
            let call = random.element(of: [
                TableUpdate.deleteSections([beyond(sectionCount)]), .insertSections([beyond(sectionCount + 1)]),
                .moveSection(anySection(), to: beyond(sectionCount)), .moveSection(beyond(sectionCount), to: 0),
                .reloadSections([1 << 40]),
            ])!
            return InvalidCase(kind: "section out of range", updates: [call], promise: .survives)
        case 24:
            let malformed = random.element(of: [IndexPath(indexes: [anySection()]), IndexPath(indexes: [0, 1, 2]), IndexPath()])!
            let call = random.element(of: [TableUpdate.deleteRows([malformed]), .insertRows([malformed]), .reloadRows([malformed]), .moveRow(malformed, to: path(0, 0)), .moveRow(path(0, 0), to: malformed)])!
            return InvalidCase(kind: "index path that is not a section and a row", updates: [call], promise: .survives)
        case 25:
            let negative = path(-random.int(in: 1...2), 0)
            let call = random.element(of: [TableUpdate.deleteRows([negative]), .insertRows([negative]), .moveRow(negative, to: path(0, 0)), .moveRow(path(0, 0), to: negative)])!
            return InvalidCase(kind: "negative section in an index path", updates: [call], promise: .survives)
        default:
            let section = anySection()
            let sectionCall: TableUpdate = random.chance(0.5) ? .deleteSections([section]) : .reloadSections([section])
            // Old-space calls name the deleted or reloaded section itself. An insert would name
            // whatever section takes a deleted one's place, which may be valid; a reloaded one
            // keeps its place, so inserting there is named right.
            var rowCalls: [TableUpdate] = [.deleteRows([path(section, 0)]), .reloadRows([path(section, 0)]), .moveRow(path(section, 0), to: path(0, 0))]
            if case .reloadSections = sectionCall { rowCalls.append(.insertRows([path(section, 0)])) }
            let rowCall = random.element(of: rowCalls)!
            return InvalidCase(kind: "row change in a deleted or reloaded section", updates: random.shuffled([sectionCall, rowCall]), promise: .survives)
        }
    }
}
