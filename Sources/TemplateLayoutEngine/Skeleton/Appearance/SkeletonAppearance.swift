import Foundation
#if canImport(CoreGraphics)
// CGRect's members and conformances live in the CoreGraphics overlay on Apple platforms.
import CoreGraphics
#endif

/// How skeleton parts look and move: the values the UIKit layer renders with, and the
/// decisions about them as pure functions (the style under Reduce Motion, the colours for a
/// trait collection, the shimmer's direction).
///
/// Defaults:
/// - ``style``: ``Style/pulse``, SkeletonView's animation: one colour animation per layer,
///   calmer and cheaper than a gradient sweeping every part.
/// - Colours: iOS's own greys, so skeletons sit on system backgrounds in both appearances:
///   light base `systemGray5` (229, 229, 234) with highlight `systemGray6` (242, 242, 247);
///   dark base `systemGray5` (44, 44, 46) with highlight `systemGray4` (58, 58, 60).
/// - ``pulseDuration``: 1 s each way, autoreversing (SkeletonView's).
/// - ``shimmerDuration``: 1.5 s per sweep (SkeletonView's sliding gradient), along the
///   reading direction: left to right, right to left under a right-to-left layout.
/// - ``crossfadeDuration``: 0.25 s from skeleton to content.
///
/// Bad input: a duration that is NaN, infinite, or not positive (0 allowed for the
/// crossfade) is ignored and the previous value kept; colours clamp themselves.
public struct SkeletonAppearance: Hashable, Sendable {
    /// How parts move.
    public enum Style: String, Hashable, Sendable, Codable, CaseIterable {
        /// Still: the base colour only. What Reduce Motion gets.
        case solid
        /// The base colour breathing to the highlight and back.
        case pulse
        /// A highlight band sweeping across each part in the reading direction.
        case shimmer
    }

    /// The style asked for; drawn as ``Style/solid`` while the user asks for reduced motion.
    public var style: Style = .pulse
    /// The parts' colour in the light appearance.
    public var lightBase = SkeletonColor(red255: 229, green255: 229, blue255: 234)
    /// The pulse's and shimmer's bright colour in the light appearance.
    public var lightHighlight = SkeletonColor(red255: 242, green255: 242, blue255: 247)
    /// The parts' colour in the dark appearance.
    public var darkBase = SkeletonColor(red255: 44, green255: 44, blue255: 46)
    /// The pulse's and shimmer's bright colour in the dark appearance.
    public var darkHighlight = SkeletonColor(red255: 58, green255: 58, blue255: 60)
    /// One way of the pulse, in seconds; it autoreverses, so a full breath is twice this.
    public var pulseDuration: TimeInterval = 1 {
        didSet { if !(pulseDuration.isFinite && pulseDuration > 0) { pulseDuration = oldValue } }
    }
    /// One sweep of the shimmer, in seconds.
    public var shimmerDuration: TimeInterval = 1.5 {
        didSet { if !(shimmerDuration.isFinite && shimmerDuration > 0) { shimmerDuration = oldValue } }
    }
    /// The fade from skeleton to real content, in seconds; 0 for none.
    public var crossfadeDuration: TimeInterval = 0.25 {
        didSet { if !(crossfadeDuration.isFinite && crossfadeDuration >= 0) { crossfadeDuration = oldValue } }
    }

    /// The default appearance, described above.
    public init() {}

    /// The style to draw: ``style``, or ``Style/solid`` when the user asked for reduced
    /// motion (`UIAccessibility.isReduceMotionEnabled`): neither a pulse nor a sweep is
    /// essential, so both go.
    func effectiveStyle(reduceMotion: Bool) -> Style {
        reduceMotion ? .solid : style
    }

    /// The base and highlight colours for the light or the dark appearance
    /// (`traitCollection.userInterfaceStyle == .dark`).
    func colors(dark: Bool) -> (base: SkeletonColor, highlight: SkeletonColor) {
        dark ? (darkBase, darkHighlight) : (lightBase, lightHighlight)
    }

    /// The shimmer gradient's colours: base, highlight, base; the band is the middle stop.
    func shimmerColors(dark: Bool) -> [SkeletonColor] {
        let (base, highlight) = colors(dark: dark)
        return [base, highlight, base]
    }

    /// The shimmer's `CAGradientLayer.startPoint` and `endPoint` (unit coordinates, y in
    /// the middle), so the band travels in the reading direction: from x 0 to 1 left to
    /// right, from 1 to 0 right to left.
    package static func shimmerPoints(for direction: SkeletonLayoutDirection) -> (start: CGPoint, end: CGPoint) {
        switch direction {
        case .leftToRight: return (CGPoint(x: 0, y: 0.5), CGPoint(x: 1, y: 0.5))
        case .rightToLeft: return (CGPoint(x: 1, y: 0.5), CGPoint(x: 0, y: 0.5))
        }
    }

    /// The shimmer's `CAGradientLayer.locations` at the start and the end of a sweep: the
    /// band (the middle stop) enters before the start point and leaves past the end point,
    /// so no part of the sweep shows the band cut off. The same in both directions, since
    /// ``shimmerPoints(for:)`` turns the axis around.
    package static let shimmerLocations: (from: [Double], to: [Double]) = ([-1, -0.5, 0], [1, 1.5, 2])
}
