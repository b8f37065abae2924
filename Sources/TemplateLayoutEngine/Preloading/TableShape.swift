import Foundation

/// The shape of a table for the planner: how many sections, and rows in each, asked only
/// for the sections the walk reaches.
package struct TableShape {
    /// How many sections the table has.
    package var sectionCount: Int
    /// The number of rows in a section.
    package var rowCount: (Int) -> Int

    /// Creates a shape from a section count and a row-count function.
    ///
    /// Bad input: a negative section count is 0; negative row counts are 0.
    package init(sectionCount: Int, rowCount: @escaping (Int) -> Int) {
        self.sectionCount = max(0, sectionCount)
        self.rowCount = { max(0, rowCount($0)) }
    }

    /// A shape from an array of row counts, one per section.
    package init(rowCounts: [Int]) {
        self.init(sectionCount: rowCounts.count) { rowCounts.indices.contains($0) ? rowCounts[$0] : 0 }
    }
}
