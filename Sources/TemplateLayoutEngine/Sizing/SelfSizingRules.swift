import Foundation

/// What a self-sizing collection item's fitting gave: its length along the fixed dimension
/// and along the free one, in points.
package struct SelfSizingFit: Equatable, Sendable {
    /// The length along the dimension the context fixes (a list row's width, a chip's height).
    package let fixedLength: CGFloat
    /// The length along the other dimension: what the caches hold.
    package let freeLength: CGFloat
}

/// The decisions of the self-sizing path of collection views (`preferredLayoutAttributesFitting`),
/// without views: which dimension an item fixes, how a size splits into the fixed and the
/// free length, which key an item is cached by, and which answers of UIKit's fitting are worth
/// caching.
package enum SelfSizingRules {
    /// The dimension an item fixes when the app does not say: the width in a vertically
    /// scrolling layout (lists, grids, cards grow downwards), the height in a horizontally
    /// scrolling one (chips, carousels grow sideways).
    package static func defaultFixedDimension(scrollsVertically: Bool) -> LayoutContext.FixedDimension {
        scrollsVertically ? .width : .height
    }

    /// The length of `size` along `dimension`.
    package static func length(of size: CGSize, along dimension: LayoutContext.FixedDimension) -> CGFloat {
        dimension == .width ? size.width : size.height
    }

    /// The length of `size` along the dimension `dimension` leaves free.
    package static func freeLength(of size: CGSize, fixing dimension: LayoutContext.FixedDimension) -> CGFloat {
        dimension == .width ? size.height : size.width
    }

    /// The size whose length along `dimension` is `fixed` and along the other one `free`.
    package static func size(fixed: CGFloat, free: CGFloat, fixing dimension: LayoutContext.FixedDimension) -> CGSize {
        dimension == .width ? CGSize(width: fixed, height: free) : CGSize(width: free, height: fixed)
    }

    /// The key an item's size is cached by.
    ///
    /// - The app's key always wins (a diffable item identifier): it names the content, which
    ///   no update or reload moves.
    /// - Otherwise a cell is cached by its index path, unless `mayCacheByIndexPath` is `false`
    ///   (a diffable data source, which moves items with no update the cache follows).
    /// - A supplementary view or decoration is never cached by position: its index path
    ///   names a section's element of some kind, which the item cache does not keep apart.
    ///
    /// - Complexity: O(1).
    package static func key(
        appKey: AnyHashable?, indexPath: IndexPath?, isCell: Bool, mayCacheByIndexPath: Bool
    ) -> HeightCacheKey {
        if let appKey { return .key(appKey) }
        guard isCell, mayCacheByIndexPath, let indexPath, indexPath.count == 2 else { return .none }
        return .indexPath(indexPath)
    }

    /// What UIKit's fitting gave, if it is worth caching: `nil` when UIKit answered the
    /// proposal unchanged (`fittingChangedAttributes` is `false`), or when a length is not a
    /// size.
    ///
    /// UIKit's default implementation returns the very attributes it was given when the
    /// size it fits equals the proposal, and also when it does not fit at all (a layout that
    /// does not estimate sizes, or one that fixes both dimensions; UIKitCore 26.1
    /// `-[UICollectionReusableView preferredLayoutAttributesFittingAttributes:]`). The two
    /// cannot be told apart without private state, so neither is cached: a size the layout
    /// proposed but the cell never fitted would override the layout's own later answer.
    ///
    /// The fixed length is the fitted one, not the proposed one: a flow layout proposes its
    /// estimate, and a cell that fixes its own width (a width constraint) answers that width;
    /// the length is cached in the context of the width the cell really has.
    ///
    /// - Complexity: O(1).
    package static func fit(
        fitted: CGSize, fittingChangedAttributes: Bool, fixing dimension: LayoutContext.FixedDimension
    ) -> SelfSizingFit? {
        guard fittingChangedAttributes else { return nil }
        let fixed = length(of: fitted, along: dimension)
        let free = freeLength(of: fitted, fixing: dimension)
        guard fixed.isFinite, fixed > 0, free.isFinite, free >= 0 else { return nil }
        return SelfSizingFit(fixedLength: fixed, freeLength: free)
    }
}
