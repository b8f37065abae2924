import Foundation

/// One section of a skeleton table: which cell its rows show and how many there are.
///
/// Not `Sendable`: its keys are `AnyHashable`, like the keyed cache's. Build it where it is
/// used (the main thread).
public struct SkeletonSection: Hashable {
    /// The reuse identifier of the cell each skeleton row shows.
    public var identifier: String
    /// How many skeleton rows the section has; `nil` to fill what is left of the visible
    /// area with rows at their real heights, plus one, at most 100. Negative counts are
    /// read as 0; counts above the row limit (100) as the limit.
    public var rowCount: Int?
    /// The ids of the rows about to come, by row, when the app knows them: row `i` reads
    /// the keyed cache at `keys[i]` for its height. May be shorter than the section.
    public var keys: [AnyHashable]
    /// The section header's height, taken from the visible area before the rows.
    /// Negative, NaN or infinite values count as 0.
    public var headerHeight: CGFloat
    /// The section footer's height, taken from the visible area after the rows.
    /// Negative, NaN or infinite values count as 0.
    public var footerHeight: CGFloat

    /// Describes one section.
    public init(identifier: String, rowCount: Int? = nil, keys: [AnyHashable] = [], headerHeight: CGFloat = 0, footerHeight: CGFloat = 0) {
        self.identifier = identifier
        self.rowCount = rowCount
        self.keys = keys
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }
}
