import Foundation

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
    package func shimmerColors(for traits: SkeletonTraits) -> [SkeletonColor] {
        let (base, highlight) = colors(for: traits)
        return [base, highlight, base]
    }

    /// The frame rates a style's animation asks Core Animation for
    /// (`CAAnimation.preferredFrameRateRange`, iOS 15+). A pulse changes a grey by a few
    /// levels a second and a shimmer moves a soft band: neither needs more than 30 frames a
    /// second, so a skeleton never holds a ProMotion screen at 120 Hz while it loads.
    /// ``Style/solid`` does not animate and asks nothing; it answers the pulse's range.
    package static func frameRateRange(for style: Style) -> SkeletonFrameRateRange {
        switch style {
        case .shimmer: return SkeletonFrameRateRange(minimum: 20, maximum: 30, preferred: 30)
        case .pulse, .solid: return SkeletonFrameRateRange(minimum: 10, maximum: 30, preferred: 20)
        }
    }
}
