import Foundation
import ReferenceTableModel
import Testing
import TemplateLayoutEngine

/// Batches whose outcome was worked out by hand from UIKit's rules, shared by the model's
/// tests (is the model right?) and the engine's (does the engine agree?).
enum HandCheckedBatches {
    /// One worked example.
    struct Example: Sendable, CustomTestStringConvertible {
        let name: String
        let table: ReferenceTable
        let batch: ReferenceBatch
        /// The items after the batch; see ``HandCheckedBatches/items(_:)``.
        let expected: [[ReferenceItem]]

        var testDescription: String { name }
    }

    /// Items written compactly: sections split by `|`, items by spaces, `5r1` for item 5
    /// reloaded once, `-` for an empty section, and the empty string for no sections.
    static func items(_ text: String) -> [[ReferenceItem]] {
        guard !text.isEmpty else { return [] }
        return text.split(separator: "|").map { section in
            section.split(separator: " ").filter { $0 != "-" }.map { token in
                let parts = token.split(separator: "r")
                return ReferenceItem(id: Int(parts[0])!, revision: parts.count > 1 ? Int(parts[1])! : 0)
            }
        }
    }

    static func path(_ section: Int, _ row: Int) -> IndexPath {
        IndexPath(indexes: [section, row])
    }

    /// Table View Programming Guide for iOS, "Batch Insertion, Deletion, and Reloading of
    /// Rows and Sections", "Ordering of Operations and Index Paths": three sections of
    /// three rows; in one animation block delete row 1 of section 0, delete section 1, and
    /// insert row 1 of section 1. The insert names the table after the deletes, where
    /// section 1 is the old section 2 (Figure 7-2): sections of 2 and 4 rows.
    static let appleOrderingExample = Example(
        name: "Apple's ordering example",
        table: ReferenceTable(sectionSizes: [3, 3, 3]),
        batch: ReferenceBatch([
            .deleteRows([path(0, 1)]),
            .deleteSections(IndexSet(integer: 1)),
            .insertRows([path(1, 1)]),
        ]),
        expected: items("0 2 | 6 9 7 8"))

    static let all: [Example] = [
        appleOrderingExample,
        // Six rows #0...#5. Out: #1, #4 (deleted) and #5 (moved to new row 1). New rows at
        // new 0 and 3, #5 at 1; #0, #2 (reloaded) and #3 fill 2, 4, 5 in order.
        Example(
            name: "mixed batch in one section",
            table: ReferenceTable(sectionSizes: [6]),
            batch: ReferenceBatch([
                .deleteRows([path(0, 4), path(0, 1)]),
                .reloadRows([path(0, 2)]),
                .insertRows([path(0, 3), path(0, 0)]),
                .moveRow(path(0, 5), to: path(0, 1)),
            ]),
            expected: items("6 5 0 7 2r1 3")),
        Example(
            name: "delete sections {1, 3} of 5",
            table: ReferenceTable(sectionSizes: [1, 1, 1, 1, 1]),
            batch: ReferenceBatch([.deleteSections(IndexSet([1, 3]))]),
            expected: items("0 | 2 | 4")),
        // A, B, C with A moved to 2 is B, C, A: a move, not a swap (which would be C, B, A).
        Example(
            name: "moveSection 0 -> 2 of 3",
            table: ReferenceTable(sectionSizes: [1, 1, 1]),
            batch: ReferenceBatch([.moveSection(0, to: 2)]),
            expected: items("1 | 2 | 0")),
        Example(
            name: "moveSection 2 -> 0 of 3",
            table: ReferenceTable(sectionSizes: [1, 1, 1]),
            batch: ReferenceBatch([.moveSection(2, to: 0)]),
            expected: items("2 | 0 | 1")),
        Example(
            name: "moveRow across sections",
            table: ReferenceTable(sectionSizes: [3, 2]),
            batch: ReferenceBatch([.moveRow(path(0, 0), to: path(1, 2))]),
            expected: items("1 2 | 3 4 0")),
        Example(
            name: "moveRow down within a section",
            table: ReferenceTable(sectionSizes: [4]),
            batch: ReferenceBatch([.moveRow(path(0, 0), to: path(0, 2))]),
            expected: items("1 2 0 3")),
        // New rows at 0, 1 and 3 whichever order they are named in; #0 #1 #2 fill 2, 4, 5.
        Example(
            name: "inserts given in descending order",
            table: ReferenceTable(sectionSizes: [3]),
            batch: ReferenceBatch([.insertRows([path(0, 3), path(0, 1), path(0, 0)])]),
            expected: items("3 4 0 5 1 2")),
        // Row changes in a moved section: the delete names its old index 1, the insert its new index 0.
        Example(
            name: "rows changed in a moved section",
            table: ReferenceTable(sectionSizes: [2, 3]),
            batch: ReferenceBatch([
                .insertRows([path(0, 2)]),
                .moveSection(1, to: 0),
                .deleteRows([path(1, 0)]),
            ]),
            expected: items("3 4 5 | 0 1")),
        // An inserted section with one fresh row, a row moved into it and a row inserted into it.
        Example(
            name: "rows moved and inserted into an inserted section",
            table: ReferenceTable(sectionSizes: [2]),
            batch: ReferenceBatch([
                .insertRows([path(0, 2)]),
                .insertSections(IndexSet(integer: 0)),
                .moveRow(path(0, 1), to: path(0, 0)),
            ], freshRowsInInsertedSections: [0: 1]),
            expected: items("1 2 3 | 0")),
        // Old section 0 moves to 1; a row moves from old section 1 into it (new section 1).
        Example(
            name: "row moved into a moved section",
            table: ReferenceTable(sectionSizes: [2, 2]),
            batch: ReferenceBatch([
                .moveRow(path(1, 1), to: path(1, 0)),
                .moveSection(0, to: 1),
            ]),
            expected: items("2 | 3 0 1")),
        Example(
            name: "reloadSections and reloadRows",
            table: ReferenceTable(sectionSizes: [2, 2]),
            batch: ReferenceBatch([.reloadSections(IndexSet(integer: 0)), .reloadRows([path(1, 1)])]),
            expected: items("0r1 1r1 | 2 3r1")),
        Example(
            name: "delete every section",
            table: ReferenceTable(sectionSizes: [2, 0, 1]),
            batch: ReferenceBatch([.deleteSections(IndexSet(0..<3))]),
            expected: items("")),
        Example(
            name: "sections into an empty table",
            table: ReferenceTable(sectionSizes: []),
            batch: ReferenceBatch([.insertSections(IndexSet([0, 1]))], freshRowsInInsertedSections: [1: 2]),
            expected: items("- | 0 1")),
        // Deletes and moves out of one section while it receives a row from another.
        Example(
            name: "rows swapped across two sections",
            table: ReferenceTable(sectionSizes: [2, 2]),
            batch: ReferenceBatch([
                .moveRow(path(0, 0), to: path(1, 1)),
                .moveRow(path(1, 0), to: path(0, 0)),
            ]),
            expected: items("2 1 | 3 0")),
    ]
}
