import Foundation

/// A row's position, without `IndexPath`'s storage: what the planner walks over.
package struct RowPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section index.
    package var section: Int
    /// The row index within the section.
    package var row: Int

    /// Creates a position.
    ///
    /// - Complexity: O(1).
    package init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// Orders by section, then row.
    ///
    /// - Complexity: O(1).
    package static func < (lhs: RowPosition, rhs: RowPosition) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// The position as a UIKit index path.
    ///
    /// - Complexity: O(1).
    package var indexPath: IndexPath { IndexPath(indexes: [section, row]) }

    /// `[s:r]`, as the debug log writes positions.
    ///
    /// - Complexity: O(1).
    package var description: String { "[\(section):\(row)]" }
}
