import Foundation

/// The style a table was created with, spelled as `UITableView.Style`.
package enum TableStyle: String, Hashable, Sendable {
    /// `.plain`: cells span the table's width.
    case plain
    /// `.grouped`: cells span the table's width (since iOS 13; sections are separated, not inset).
    case grouped
    /// `.insetGrouped`: sections are inset from the table's edges, with rounded corners.
    case insetGrouped
}
