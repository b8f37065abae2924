import Foundation

/// Where one section of a skeleton collection view lays out its items, as the UIKit layer
/// reads it from the view and its layout: the layout context fixing the items' length across
/// the scroll axis, how many items fit across, and the spacing along the scroll axis.
package struct SkeletonItemGeometry: Hashable, Sendable {
    /// The context the section's items are measured in: its fixed dimension (the width in a
    /// vertical layout, the height in a horizontal one) and length, traits.
    package var context: LayoutContext
    /// How many items sit side by side across the scroll axis; at least 1.
    package var itemsAcross: Int
    /// The space between two lines of items along the scroll axis (a flow layout's
    /// `minimumLineSpacing`); 0 unless positive and finite.
    package var lineSpacing: CGFloat
    /// The space before the section's first line and after its last one along the scroll
    /// axis (section insets, headers, footers); 0 unless positive and finite.
    package var leadingSpacing: CGFloat
    package var trailingSpacing: CGFloat
    /// The length used for an item no source knows (the layout's estimated or fixed item
    /// size along the scroll axis); `nil` for the cache's ``TableHeightCache/fallbackHeight``.
    package var estimate: CGFloat?

    /// Creates a geometry; lengths that are not positive and finite count as 0, an
    /// `itemsAcross` below 1 as 1, an estimate that is not positive and finite as none.
    package init(
        context: LayoutContext, itemsAcross: Int = 1, lineSpacing: CGFloat = 0, leadingSpacing: CGFloat = 0,
        trailingSpacing: CGFloat = 0, estimate: CGFloat? = nil
    ) {
        self.context = context
        self.itemsAcross = max(1, itemsAcross)
        self.lineSpacing = Self.usable(lineSpacing)
        self.leadingSpacing = Self.usable(leadingSpacing)
        self.trailingSpacing = Self.usable(trailingSpacing)
        self.estimate = estimate.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// The fixed length of each of `itemsAcross` items sharing `available` points with
    /// `spacing` points between neighbours, rounded down to the pixel grid of `scale`: so
    /// that they fit (a length rounded up would leave a grid one column short).
    ///
    /// Bad input: an available length or spacing that is negative, NaN or infinite, or a
    /// scale that is not positive and finite (then 1), gives 0 when nothing fits; an
    /// `itemsAcross` below 1 is 1.
    ///
    /// - Complexity: O(1).
    package static func itemLength(available: CGFloat, itemsAcross: Int, spacing: CGFloat, scale: CGFloat) -> CGFloat {
        let across = CGFloat(max(1, itemsAcross))
        guard available.isFinite, available > 0 else { return 0 }
        let gaps = usable(spacing) * (across - 1)
        let length = (available - gaps) / across
        guard length.isFinite, length > 0 else { return 0 }
        let pixels = scale.isFinite && scale > 0 ? scale : 1
        return (length * pixels).rounded(.down) / pixels
    }

    private static func usable(_ length: CGFloat) -> CGFloat {
        length.isFinite && length > 0 ? length : 0
    }
}
