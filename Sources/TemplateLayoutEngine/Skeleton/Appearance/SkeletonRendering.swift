import Foundation

/// Everything an overlay's layers show, so that showing the same skeleton again (a cell
/// reused for the next row, a reload) leaves layers and running animations alone, and a
/// change redoes no more than it must.
package struct SkeletonRendering: Hashable, Sendable {
    /// What the overlay does to go from one rendering to the next.
    package enum Change: Hashable, Sendable {
        /// Nothing: the layers already show this.
        case none
        /// Same layers: set their colours and (re)start their animations.
        case restyle
        /// New layers: the parts changed, or the style's layer class did (gradient layers
        /// for a shimmer, plain ones otherwise).
        case rebuild
    }

    /// The parts.
    package var layout: SkeletonLayout
    /// The style drawn (after Reduce Motion; see ``SkeletonAppearance/effectiveStyle(reduceMotion:)``).
    package var style: SkeletonAppearance.Style
    /// The base and highlight colours for the view's traits.
    package var base: SkeletonColor
    /// The highlight colour.
    package var highlight: SkeletonColor
    /// The layout direction, which the shimmer follows.
    package var direction: SkeletonLayoutDirection
    /// The animation's duration: the pulse's or the shimmer's.
    package var duration: TimeInterval

    /// The rendering of `layout` with `appearance` for `traits`.
    package init(
        layout: SkeletonLayout, appearance: SkeletonAppearance, reduceMotion: Bool, traits: SkeletonTraits,
        direction: SkeletonLayoutDirection
    ) {
        self.layout = layout
        style = appearance.effectiveStyle(reduceMotion: reduceMotion)
        (base, highlight) = appearance.colors(for: traits)
        self.direction = direction
        duration = style == .shimmer ? appearance.shimmerDuration : appearance.pulseDuration
    }

    /// What it takes to go from `old` (`nil`: nothing shown yet) to `new`.
    ///
    /// - Complexity: O(*p*) in the parts, to compare layouts.
    package static func change(from old: SkeletonRendering?, to new: SkeletonRendering) -> Change {
        guard let old else { return .rebuild }
        if old.layout != new.layout || (old.style == .shimmer) != (new.style == .shimmer) { return .rebuild }
        return old == new ? .none : .restyle
    }
}
