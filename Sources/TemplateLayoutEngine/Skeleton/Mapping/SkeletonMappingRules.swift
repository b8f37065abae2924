import Foundation

/// What the skeleton mapping keeps, skips, and how it shapes text.
///
/// Bad input: setting a value that is NaN, infinite or negative keeps the previous value.
package struct SkeletonMappingRules: Hashable, Sendable {
    /// How text becomes bars.
    package var text = SkeletonTextRules()
    /// A part narrower or shorter than this, after clipping to the cell, is dropped: 3
    /// points, the size under which TABAnimated treats a view as a scroll indicator.
    /// Hairlines, dots and clipped slivers are decoration, not content, and drawn as grey
    /// they read as noise.
    package var minimumSide: CGFloat = 3 {
        didSet { if !(minimumSide.isFinite && minimumSide >= 0) { minimumSide = oldValue } }
    }
    /// A view with an alpha at or below this is transparent and skipped with its subviews:
    /// 0.01, the alpha under which UIKit itself treats a view as hidden for touches.
    package var minimumAlpha: CGFloat = 0.01 {
        didSet { if !(minimumAlpha.isFinite && minimumAlpha >= 0) { minimumAlpha = oldValue } }
    }

    /// The default rules, described above.
    package init() {}
}
