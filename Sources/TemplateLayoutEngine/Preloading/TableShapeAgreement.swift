import Foundation

/// The data source's counts and the table's, compared where an idle precache pass looks.
///
/// The precache measures rows by calling the app's `heightForRowAt`, which reads the app's
/// model. The table's own counts (`numberOfSections`, `numberOfRows(inSection:)`) are what
/// UIKit last heard; between the app changing its model and telling the table
/// (`insertRows`, `reloadData`, a diffable apply made later), they describe rows the model no
/// longer has, and asking the app about one of those reads past the end of its array. So a
/// pass plans with the data source's counts, asked at pass time, and when they differ from
/// the table's an update is pending: the pass is skipped (``disagrees``), and whatever was
/// planned stays within the smaller count of each section.
///
/// Counts are asked lazily, once per section per pass, and only for the sections the pass
/// reaches, so a pass costs the same on a table of 10,000 sections as on one of 3; a
/// disagreement in a section no pass reaches goes unseen, which is harmless for the same
/// reason.
package final class TableShapeAgreement {
    private let dataSource: TableShape
    private let table: TableShape
    private var rowCounts: [Int: Int] = [:]
    /// The smaller of the two section counts.
    package let sectionCount: Int
    /// Whether the counts differed anywhere they were compared so far.
    package private(set) var disagrees: Bool

    /// Compares the section counts now; row counts as they are asked.
    ///
    /// - Parameters:
    ///   - dataSource: The data source's counts, asked now.
    ///   - table: The table's counts, as UIKit last heard them.
    package init(dataSource: TableShape, table: TableShape) {
        self.dataSource = dataSource
        self.table = table
        self.sectionCount = min(dataSource.sectionCount, table.sectionCount)
        self.disagrees = dataSource.sectionCount != table.sectionCount
    }

    /// The rows of `section` both agree the table has: the smaller of the two counts, 0 for
    /// a section outside either. Records a disagreement.
    ///
    /// - Complexity: O(1) after the first ask of a section (each side is asked once).
    package func rowCount(inSection section: Int) -> Int {
        if let known = rowCounts[section] { return known }
        guard section >= 0, section < sectionCount else { return 0 }
        let fromDataSource = dataSource.rowCount(section)
        let fromTable = table.rowCount(section)
        if fromDataSource != fromTable { disagrees = true }
        let count = min(fromDataSource, fromTable)
        rowCounts[section] = count
        return count
    }

    /// The shape to plan within: the smaller count of each section, recording disagreements
    /// as the planner asks.
    package var shape: TableShape {
        TableShape(sectionCount: sectionCount) { [self] in rowCount(inSection: $0) }
    }

    /// Whether both agree the table has a row at `position`.
    ///
    /// - Complexity: O(1) after the first ask of its section.
    package func contains(_ position: RowPosition) -> Bool {
        position.row >= 0 && position.row < rowCount(inSection: position.section)
    }

    /// The rows of a plan a pass may measure now: `nil` when the counts disagree in any
    /// section the plan touches (an update is pending; skip the pass and plan again after
    /// it), else the plan without rows outside the table.
    ///
    /// - Complexity: O(*n*) for *n* planned rows.
    package func rowsToMeasure<Rows: Sequence>(_ plan: Rows) -> [RowPosition]? where Rows.Element == RowPosition {
        let rows = plan.filter(contains)
        return disagrees ? nil : rows
    }
}
