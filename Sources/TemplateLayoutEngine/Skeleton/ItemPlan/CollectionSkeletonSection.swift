import Foundation

/// One section of a skeleton collection view: which cell its items show, how many there
/// are, and how many fit across the scroll axis.
///
/// Not `Sendable`: its keys are `AnyHashable`, like the keyed cache's. Build it where it is
/// used (the main thread).
public struct CollectionSkeletonSection: Hashable {
    /// The reuse identifier of the cell each skeleton item shows.
    public var identifier: String
    /// How many skeleton items the section has; `nil` to fill what is left of the visible
    /// area with whole lines of items at their real sizes, plus one line, at most 100
    /// items. Negative counts are read as 0; counts above the limit (100) as the limit.
    public var itemCount: Int?
    /// The ids of the items about to come, by item, when the app knows them: item `i`
    /// reads the keyed cache at `keys[i]` for its size. May be shorter than the section.
    public var keys: [AnyHashable]
    /// How many items sit side by side across the scroll axis: the columns of a vertically
    /// scrolling grid, 1 for a list, the rows of a horizontally scrolling one. Values below
    /// 1 are read as 1 and reported.
    public var itemsAcross: Int
    /// The items' fixed length across the scroll axis, in points: their width in a vertical
    /// layout, their height in a horizontal one (a chip row's height). `nil` divides the
    /// length available (the view's, less content and section insets) between
    /// ``itemsAcross`` items and the spacing between them. Zero, negative, NaN or infinite
    /// lengths are read as `nil` and reported.
    public var itemLength: CGFloat?

    /// Describes one section.
    ///
    /// - Parameters:
    ///   - identifier: A registered cell reuse identifier.
    ///   - itemCount: How many items; `nil` fills the visible area.
    ///   - keys: The ids of the items about to come, in order, when the app knows them.
    ///   - itemsAcross: Columns of a vertical grid, 1 for a list, rows of a horizontal grid.
    ///   - itemLength: The fixed length across the scroll axis; `nil` divides the available
    ///     length.
    public init(
        identifier: String, itemCount: Int? = nil, keys: [AnyHashable] = [], itemsAcross: Int = 1, itemLength: CGFloat? = nil
    ) {
        self.identifier = identifier
        self.itemCount = itemCount
        self.keys = keys
        self.itemsAcross = itemsAcross
        self.itemLength = itemLength
    }
}
