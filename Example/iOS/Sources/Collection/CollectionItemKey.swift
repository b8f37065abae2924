#if canImport(UIKit)
/// The key every size of the collection screen is cached by: one case per kind of cell, so
/// two kinds never share a size. A card and a list row showing the same post are different
/// cells of different widths; keyed by the bare post id, they could meet in one layout
/// context (a column as wide as the list) and answer each other's sizes.
enum CollectionItemKey: Hashable, Sendable {
    /// A handle chip in the chip row, by its handle (unique in the row).
    case chip(String)
    /// A card in the grid, by its post's id.
    case card(FeedPost.ID)
    /// A row in the list, by its post's id.
    case row(FeedPost.ID)
}
#endif
