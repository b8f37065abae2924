import Foundation

/// The traits a skeleton's colours depend on, read from the trait collection of the view
/// it is drawn in: `userInterfaceStyle`, `userInterfaceLevel` and `accessibilityContrast`.
package struct SkeletonTraits: Hashable, Sendable {
    /// Dark mode.
    package var isDark: Bool
    /// The elevated level: sheets, popovers and split-view sidebars in dark mode sit on
    /// lighter greys, where the dark base colour would vanish.
    package var isElevated: Bool
    /// Increase Contrast is on.
    package var isHighContrast: Bool

    /// Traits as read; the defaults are light, base level, normal contrast.
    ///
    /// - Complexity: O(1).
    package init(isDark: Bool = false, isElevated: Bool = false, isHighContrast: Bool = false) {
        self.isDark = isDark
        self.isElevated = isElevated
        self.isHighContrast = isHighContrast
    }
}

/// How often Core Animation should redraw a skeleton animation, in frames per second:
/// `CAFrameRateRange` as numbers.
package struct SkeletonFrameRateRange: Hashable, Sendable {
    /// The lowest rate the animation looks right at.
    package var minimum: Float
    /// The highest rate it needs.
    package var maximum: Float
    /// The rate it asks for.
    package var preferred: Float

    /// Creates a range as given.
    ///
    /// - Complexity: O(1).
    package init(minimum: Float, maximum: Float, preferred: Float) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }
}

extension SkeletonAppearance {
    /// How far colours move toward white on an elevated dark surface.
    package static let elevationLift = 0.06
    /// How far colours move away from the background (toward black in light mode, white in
    /// dark mode) under Increase Contrast.
    package static let contrastStep = 0.08

    /// The base and highlight colours for `traits`: the light or dark pair; on an elevated
    /// dark surface both lifted by ``elevationLift``; under Increase Contrast both moved
    /// away from the background by ``contrastStep``. The skeleton paints no background of
    /// its own (the cell's shows through), so its parts are what must stand out.
    ///
    /// - Complexity: O(1).
    package func colors(for traits: SkeletonTraits) -> (base: SkeletonColor, highlight: SkeletonColor) {
        var (base, highlight) = colors(dark: traits.isDark)
        let white = SkeletonColor(red: 1, green: 1, blue: 1)
        let black = SkeletonColor(red: 0, green: 0, blue: 0)
        if traits.isDark, traits.isElevated {
            base = base.mixed(with: white, by: Self.elevationLift)
            highlight = highlight.mixed(with: white, by: Self.elevationLift)
        }
        if traits.isHighContrast {
            let away = traits.isDark ? white : black
            base = base.mixed(with: away, by: Self.contrastStep)
            highlight = highlight.mixed(with: away, by: Self.contrastStep)
        }
        return (base, highlight)
    }

    /// The shimmer gradient's colours for `traits`: base, highlight, base.
    ///
    /// - Complexity: O(1).
    package func shimmerColors(for traits: SkeletonTraits) -> [SkeletonColor] {
        let (base, highlight) = colors(for: traits)
        return [base, highlight, base]
    }

    /// The frame rates a style's animation asks Core Animation for
    /// (`CAAnimation.preferredFrameRateRange`, iOS 15+). A pulse changes a grey by a few
    /// levels a second and a shimmer moves a soft band: neither needs more than 30 frames a
    /// second, so a skeleton never holds a ProMotion screen at 120 Hz while it loads.
    /// ``Style/solid`` does not animate and asks nothing; it answers the pulse's range.
    ///
    /// - Complexity: O(1).
    package static func frameRateRange(for style: Style) -> SkeletonFrameRateRange {
        switch style {
        case .shimmer: return SkeletonFrameRateRange(minimum: 20, maximum: 30, preferred: 30)
        case .pulse, .solid: return SkeletonFrameRateRange(minimum: 10, maximum: 30, preferred: 20)
        }
    }
}

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
    ///
    /// - Complexity: O(1).
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
