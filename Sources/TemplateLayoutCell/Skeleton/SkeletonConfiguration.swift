#if canImport(UIKit)
import UIKit

/// What a table shows while its data loads: which cells, how many, what they look like.
public struct SkeletonConfiguration {
    /// The sections of skeleton rows: each names the registered cell identifier its rows
    /// use, a row count (`nil` fills the visible area), and optionally the ids of the rows
    /// about to come, whose keyed heights are then used.
    public var sections: [SkeletonSection]
    /// Style (solid, pulse, shimmer), colours for light and dark mode, durations.
    public var appearance: SkeletonAppearance
    /// Configures a cell as a placeholder before it is mapped and measured, e.g. with sample
    /// text so line counts look real. Called with the cell registered for the section's
    /// identifier. Without it, rows of unknown height get the median of that identifier's
    /// measured heights, or the table's estimate.
    ///
    /// It may capture your view controller: the table lets go of it when the skeleton hides
    /// or the table leaves its window, so a screen popped while loading is not kept alive.
    /// Rows a skeleton maps after its table left a window (at a new width) are mapped
    /// without it.
    public var placeholder: ((UITableViewCell) -> Void)?
    /// Where mapped skeletons are kept between shows and launches; `nil` maps them again on
    /// every show (mapping is a walk of one cell's views). Share one cache per app, and warm
    /// it up at launch: cells read only its memory (never a file on the main thread); a miss
    /// is mapped on the spot while the cache reads the file on its queue, for the next show.
    public var layoutCache: SkeletonLayoutCache?
    /// What VoiceOver says for the table while the skeleton shows.
    public var accessibilityLabel: String

    /// A skeleton of one section of `identifier` cells.
    ///
    /// - Parameters:
    ///   - identifier: A registered cell reuse identifier.
    ///   - rowCount: How many rows; `nil` fills the visible area.
    ///   - keys: The ids of the rows about to come, in order, when the app knows them.
    ///   - appearance: The look; pulse in system greys by default.
    ///   - layoutCache: Where mapped skeletons are kept; see ``layoutCache``.
    ///   - placeholder: Configures a cell as a placeholder.
    public init(
        identifier: String, rowCount: Int? = nil, keys: [AnyHashable] = [],
        appearance: SkeletonAppearance = SkeletonAppearance(), layoutCache: SkeletonLayoutCache? = nil,
        placeholder: ((UITableViewCell) -> Void)? = nil
    ) {
        self.init(sections: [SkeletonSection(identifier: identifier, rowCount: rowCount, keys: keys)],
                  appearance: appearance, layoutCache: layoutCache, placeholder: placeholder)
    }

    /// A skeleton of several sections.
    ///
    /// Bad input: an empty list shows no rows, and is reported when shown.
    public init(
        sections: [SkeletonSection], appearance: SkeletonAppearance = SkeletonAppearance(),
        layoutCache: SkeletonLayoutCache? = nil, placeholder: ((UITableViewCell) -> Void)? = nil
    ) {
        self.sections = sections
        self.appearance = appearance
        self.layoutCache = layoutCache
        self.placeholder = placeholder
        self.accessibilityLabel = NSLocalizedString("Loading", comment: "VoiceOver label of a table showing skeleton rows")
    }
}
#endif
