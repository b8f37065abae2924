#if canImport(UIKit)
import UIKit

/// What a collection view shows while its data loads: which cells, how many, how many
/// across, what they look like.
///
/// A type of its own rather than ``SkeletonConfiguration``: that one's placeholder takes a
/// `UITableViewCell`, and widening it to a `UIView` would break every table app whose
/// closure names its cell's type or reads `textLabel`.
public struct CollectionSkeletonConfiguration {
    /// The sections of skeleton items: each names the registered cell identifier its items
    /// use, an item count (`nil` fills the visible area), how many items sit across, and
    /// optionally the ids of the items about to come, whose keyed sizes are then used.
    public var sections: [CollectionSkeletonSection]
    /// Style (solid, pulse, shimmer), colours for light and dark mode, durations.
    public var appearance: SkeletonAppearance
    /// Configures a cell as a placeholder before it is mapped and measured, e.g. with sample
    /// text so line counts look real. Called with the cell registered for the section's
    /// identifier. Without it, items of unknown size get the median of that identifier's
    /// measured sizes, or the layout's estimate.
    ///
    /// It may capture your view controller: the collection view lets go of it when the
    /// skeleton hides or the view's screen goes away, so a screen popped while loading is
    /// not kept alive. Items a skeleton maps after that are mapped without it.
    public var placeholder: ((UICollectionViewCell) -> Void)?
    /// Where mapped skeletons are kept between shows and launches; `nil` maps them again on
    /// every show. One cache may serve tables and collection views alike.
    public var layoutCache: SkeletonLayoutCache?
    /// What VoiceOver says for the collection view while the skeleton shows.
    public var accessibilityLabel: String
    /// The space between neighbouring items and between lines of items, in points, when the
    /// view's layout is not a flow layout and the skeleton lays its items out with a flow
    /// layout of its own (a compositional layout's spacing is inside its section provider,
    /// which cannot be read). `nil` uses UIKit's flow-layout default, 10. Ignored over a
    /// flow layout, whose own spacing is used. Negative, NaN or infinite values are read
    /// as 0.
    public var itemSpacing: CGFloat?
    /// The insets around each section's items, as ``itemSpacing``: used only when the
    /// skeleton lays out with a flow layout of its own. `nil` uses no insets, and puts a
    /// compositional layout's `interSectionSpacing` after each section. Negative, NaN or
    /// infinite values are read as 0.
    public var sectionInsets: NSDirectionalEdgeInsets?

    /// A skeleton of one section of `identifier` cells.
    ///
    /// - Parameters:
    ///   - identifier: A registered cell reuse identifier.
    ///   - itemCount: How many items; `nil` fills the visible area.
    ///   - itemsAcross: Columns of a vertical grid, 1 for a list, rows of a horizontal grid.
    ///   - keys: The ids of the items about to come, in order, when the app knows them.
    ///   - appearance: The look; pulse in system greys by default.
    ///   - layoutCache: Where mapped skeletons are kept; see ``layoutCache``.
    ///   - placeholder: Configures a cell as a placeholder.
    public init(
        identifier: String, itemCount: Int? = nil, itemsAcross: Int = 1, keys: [AnyHashable] = [],
        appearance: SkeletonAppearance = SkeletonAppearance(), layoutCache: SkeletonLayoutCache? = nil,
        placeholder: ((UICollectionViewCell) -> Void)? = nil
    ) {
        self.init(
            sections: [CollectionSkeletonSection(identifier: identifier, itemCount: itemCount, keys: keys, itemsAcross: itemsAcross)],
            appearance: appearance, layoutCache: layoutCache, placeholder: placeholder)
    }

    /// A skeleton of several sections.
    ///
    /// Bad input: an empty list shows no items, and is reported when shown.
    public init(
        sections: [CollectionSkeletonSection], appearance: SkeletonAppearance = SkeletonAppearance(),
        layoutCache: SkeletonLayoutCache? = nil, placeholder: ((UICollectionViewCell) -> Void)? = nil
    ) {
        self.sections = sections
        self.appearance = appearance
        self.layoutCache = layoutCache
        self.placeholder = placeholder
        self.accessibilityLabel = NSLocalizedString("Loading", comment: "VoiceOver label of a collection view showing skeleton items")
    }
}
#endif
