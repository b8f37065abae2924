#if canImport(UIKit)
/// The three sections of the collection screen, in display order, each sized by another
/// path of the package.
enum CollectionDemoSection: Int, CaseIterable, Sendable {
    /// A horizontal row of handle chips: widths from `fd_size(of:fittingHeight:cacheBy:)`.
    case chips
    /// A grid of post cards: heights from `fd_size(identifier:fittingWidth:cacheBy:)` at the
    /// column width.
    case grid
    /// A list of posts: self-sizing `CachedSizeCollectionViewListCell`s.
    case list

    /// The section header's title.
    var title: String {
        switch self {
        case .chips: return "Handles"
        case .grid: return "Cards"
        case .list: return "Posts"
        }
    }

    /// The section header's second line: how the section's items are sized.
    var caption: String {
        switch self {
        case .chips:
            return "Chips sized sideways: fd_size(of:fittingHeight:cacheBy:), one template, cached by handle."
        case .grid:
            return "Cards measured at the column width: fd_size(identifier:fittingWidth:cacheBy:). "
                + "Long-press a card to drag it; tap one to edit it."
        case .list:
            return "Self-sizing list cells (CachedSizeCollectionViewListCell, fd_sizeCacheKey): fitted once, "
                + "then answered from the cache. Tap a row to edit it."
        }
    }
}
#endif
