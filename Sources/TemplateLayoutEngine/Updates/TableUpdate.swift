import Foundation

/// One change to a table's sections or rows, in `UITableView`'s vocabulary.
///
/// Index spaces follow UIKit: deletes, reloads and the source of a move name rows and
/// sections as they were before the batch (old index paths); inserts and the
/// destination of a move name them as they are after it (new index paths). A change on
/// its own is a batch of one.
///
/// Bad input (negative or out-of-range indexes, index paths that are not
/// section-and-row, the same row named twice or by contradictory changes) is accepted
/// here and dealt with when the batch is resolved: see ``IndexPathHeightCache``.
public enum TableUpdate: Hashable, Sendable {
    /// `insertSections(_:with:)`: sections at these new indexes are new.
    case insertSections(IndexSet)
    /// `deleteSections(_:with:)`: sections at these old indexes are gone.
    case deleteSections(IndexSet)
    /// `reloadSections(_:with:)`: sections at these old indexes keep their place and lose
    /// their heights.
    case reloadSections(IndexSet)
    /// `moveSection(_:toSection:)`: the section at an old index is now at a new index,
    /// with its rows.
    case moveSection(Int, to: Int)
    /// `insertRows(at:with:)`: rows at these new index paths are new.
    case insertRows([IndexPath])
    /// `deleteRows(at:with:)`: rows at these old index paths are gone.
    case deleteRows([IndexPath])
    /// `reloadRows(at:with:)`: rows at these old index paths keep their place and lose
    /// their heights.
    case reloadRows([IndexPath])
    /// `moveRow(at:to:)`: the row at an old index path is now at a new one, with its height.
    case moveRow(IndexPath, to: IndexPath)
}

extension TableUpdate: CustomStringConvertible {
    /// E.g. `deleteRows [0:3], [1:0]` or `moveSection 2 -> 0`.
    ///
    /// - Complexity: O(*n*) in the indexes named.
    public var description: String {
        func sections(_ set: IndexSet) -> String { set.map(String.init).joined(separator: ", ") }
        func rows(_ paths: [IndexPath]) -> String { paths.map(HeightFormat.string).joined(separator: ", ") }
        switch self {
        case .insertSections(let set): return "insertSections \(sections(set))"
        case .deleteSections(let set): return "deleteSections \(sections(set))"
        case .reloadSections(let set): return "reloadSections \(sections(set))"
        case .moveSection(let from, let to): return "moveSection \(from) -> \(to)"
        case .insertRows(let paths): return "insertRows \(rows(paths))"
        case .deleteRows(let paths): return "deleteRows \(rows(paths))"
        case .reloadRows(let paths): return "reloadRows \(rows(paths))"
        case .moveRow(let from, let to): return "moveRow \(HeightFormat.string(from)) -> \(HeightFormat.string(to))"
        }
    }
}
