import Foundation
import TemplateLayoutEngine

/// Makes random tables and random valid batches for them: the input side of a
/// model-based test of anything that follows a `UITableView` through its updates.
///
/// A batch has one to six calls mixing section and row inserts, deletes, reloads and
/// moves, several index paths per call in random order and the calls themselves in
/// random order. Rows move across sections, into moved sections and into inserted
/// sections; rows are inserted into inserted sections; sections empty out and the
/// table sometimes loses every section. Sizes stay bounded, and the choice of operation
/// leans towards growing a small table and shrinking a large one.
///
/// Every batch it makes is one ``ReferenceTable/apply(_:)`` accepts (so UIKit would
/// too); the model-based tests check that on every batch.
public struct RandomBatchGenerator: Sendable {
    /// The most sections a table gets.
    public let maxSections: Int
    /// The most rows a section gets.
    public let maxRowsPerSection: Int
    /// How many calls a batch has.
    public let callsPerBatch: ClosedRange<Int>

    /// Creates a generator.
    ///
    /// Bad input: limits below 1 become 1. A table given to ``batch(for:using:)`` that is
    /// already past the limits is shrunk back towards them, never grown.
    ///
    /// - Complexity: O(1).
    public init(maxSections: Int = 8, maxRowsPerSection: Int = 30, callsPerBatch: ClosedRange<Int> = 1...6) {
        self.maxSections = max(1, maxSections)
        self.maxRowsPerSection = max(1, maxRowsPerSection)
        self.callsPerBatch = max(1, callsPerBatch.lowerBound)...max(1, callsPerBatch.upperBound)
    }

    /// A random starting table: up to `maxSections - 2` sections, a quarter of them empty.
    ///
    /// Bad input: none.
    ///
    /// - Parameter firstItemID: The id of its first item; see ``ReferenceTable/init(sectionSizes:firstItemID:)``.
    /// - Complexity: O(*n*) in the rows made.
    package func randomTable(firstItemID: Int = 0, using random: inout SeededRandom) -> ReferenceTable {
        let sectionCount = random.int(in: 0...max(0, maxSections - 2))
        let sizes = (0..<sectionCount).map { _ in
            random.chance(0.25) ? 0 : random.int(in: 1...min(12, maxRowsPerSection))
        }
        return ReferenceTable(sectionSizes: sizes, firstItemID: firstItemID)
    }

    /// A random batch that UIKit would accept for `table`.
    ///
    /// Bad input: none; any table, the empty one included, gets a valid batch of at
    /// least one call.
    ///
    /// - Complexity: O(*n* + *s*²) for *n* rows and *s* sections in `table`.
    package func batch(for table: ReferenceTable, using random: inout SeededRandom) -> ReferenceBatch {
        // A draft can come out empty (say, only row deletes drawn for a table without
        // rows); drawing again is simpler than steering every draw.
        for _ in 0..<16 {
            var draft = BatchDraft(table: table, limits: self)
            if let batch = draft.make(kinds: drawKinds(for: table, using: &random), using: &random) {
                return batch
            }
        }
        let sectionCount = table.numberOfSections
        if sectionCount < maxSections {
            let index = random.int(in: 0...sectionCount)
            return ReferenceBatch([.insertSections(IndexSet(integer: index))], freshRowsInInsertedSections: [index: random.int(in: 0...3)])
        }
        return ReferenceBatch([.deleteSections(IndexSet(integer: random.int(in: 0..<sectionCount)))])
    }

    /// What one call of a batch does.
    enum CallKind: CaseIterable {
        case insertSections, deleteSections, reloadSections, moveSection
        case insertRows, deleteRows, reloadRows, moveRow
    }

    /// The kinds of a batch's calls, weighted by the table's size so that it neither
    /// dies out nor grows without bound.
    private func drawKinds(for table: ReferenceTable, using random: inout SeededRandom) -> [CallKind] {
        let sections = table.numberOfSections
        let rows = table.numberOfRows
        let averageRows = sections == 0 ? 0 : Double(rows) / Double(sections)
        let weights: [CallKind: Double] = [
            .insertSections: sections >= maxSections ? 0 : (sections < 2 ? 4 : 1),
            .deleteSections: sections == 0 ? 0 : (sections >= maxSections - 1 ? 3 : 0.8),
            .reloadSections: sections == 0 ? 0 : 0.6,
            .moveSection: sections == 0 ? 0 : 1.2,
            .insertRows: averageRows > Double(maxRowsPerSection) * 0.6 ? 1 : 3,
            .deleteRows: rows == 0 ? 0 : (averageRows > Double(maxRowsPerSection) * 0.5 ? 5 : 2.5),
            .reloadRows: rows == 0 ? 0 : 2,
            .moveRow: rows == 0 ? 0 : 3,
        ]
        let kinds = CallKind.allCases
        let weightList = kinds.map { weights[$0] ?? 0 }
        return (0..<random.int(in: callsPerBatch)).compactMap { _ in
            random.weightedIndex(weightList).map { kinds[$0] }
        }
    }
}
