import Foundation

/// A row's position, without `IndexPath`'s storage: what the planner walks over.
package struct RowPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section index.
    package var section: Int
    /// The row index within the section.
    package var row: Int

    /// Creates a position.
    package init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Orders by section, then row.
    package static func < (lhs: RowPosition, rhs: RowPosition) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// The position as a UIKit index path.
    package var indexPath: IndexPath { IndexPath(indexes: [section, row]) }

    /// `[s:r]`, as the debug log writes positions.
    package var description: String { "[\(section):\(row)]" }
}
