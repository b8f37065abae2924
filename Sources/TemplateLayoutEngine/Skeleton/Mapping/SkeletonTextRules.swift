import Foundation

/// How text becomes bars: their height, the gap between them, the shorter last line.
///
/// The defaults are TABAnimated's set (bar 16 x 0.75 = 12 points, gap 8, last line half
/// the width), not SkeletonView's (15, 10, 70 %), because of the pitch. Bars every 20
/// points sit where the lines of iOS's default body text sit (a 17-point font is about
/// 20.3 points a line); SkeletonView's 25-point pitch drifts 5 points a line, so the third
/// bar of a three-line body label (61 points tall) would end at 65 and spill out of it.
/// Here rows have their real heights, so bars that fit the label's real frame matter more
/// than in either library.
///
/// When the node gives its line height, the pitch is that height exactly, which is where
/// UILabel puts its lines: the bar is ``barHeightRatio`` of it (TABAnimated's 0.75) and the
/// gap is the rest. ``fallbackBarHeight`` and ``fallbackLineSpacing`` apply only when the
/// line height is unknown.
///
/// Bad input: setting a value that is NaN, infinite or out of its range keeps the previous
/// value; a ratio or fraction is kept within (0, 1].
package struct SkeletonTextRules: Hashable, Sendable {
    /// A bar's height as a fraction of the text's line height. 0.75, TABAnimated's
    /// `animatedHeightCoefficient`: the bar covers roughly the glyphs, not the leading.
    package var barHeightRatio: CGFloat = 0.75 {
        didSet { if !(barHeightRatio > 0 && barHeightRatio <= 1) { barHeightRatio = oldValue } }
    }
    /// The bar height when the line height is unknown: 12 points (TABAnimated's 16 x 0.75).
    package var fallbackBarHeight: CGFloat = 12 {
        didSet { if !(fallbackBarHeight.isFinite && fallbackBarHeight > 0) { fallbackBarHeight = oldValue } }
    }
    /// The gap between bars when the line height is unknown: 8 points (TABAnimated's).
    package var fallbackLineSpacing: CGFloat = 8 {
        didSet { if !(fallbackLineSpacing.isFinite && fallbackLineSpacing >= 0) { fallbackLineSpacing = oldValue } }
    }
    /// The last line's width as a fraction of the text's width, when there are two lines
    /// or more: 0.5 (TABAnimated's). A single line spans the whole width, as a one-line
    /// label's text usually does in a placeholder.
    package var lastLineWidthFraction: CGFloat = 0.5 {
        didSet { if !(lastLineWidthFraction > 0 && lastLineWidthFraction <= 1) { lastLineWidthFraction = oldValue } }
    }
    /// The lines drawn for text with ``SkeletonViewNode/Kind/text(lineCount:lineHeight:)``
    /// `lineCount` 0 ("as many as fit") whose frame fits one line or none: 3, TABAnimated's
    /// rule, since such a label was sized by a short placeholder rather than by its real
    /// text. Bars past the label's frame are still clipped to the cell. At least 1.
    package var linesWhenUnsized: Int = 3 {
        didSet { if linesWhenUnsized < 1 { linesWhenUnsized = oldValue } }
    }

    /// The default rules, described above.
    package init() {}

    /// The bar height and the gap below each bar for text of `lineHeight`.
    ///
    /// Bad input: a line height that is not positive and finite gives the fallback metrics.
    package func metrics(lineHeight: CGFloat) -> (barHeight: CGFloat, spacing: CGFloat) {
        guard lineHeight.isFinite && lineHeight > 0 else { return (fallbackBarHeight, fallbackLineSpacing) }
        let bar = lineHeight * barHeightRatio
        return (bar, lineHeight - bar)
    }

    /// How many bars text gets in a frame `height` tall.
    ///
    /// - `lineCount` > 0: that many, but no more than fit in the frame, and at least one
    ///   (a label's `numberOfLines` is a maximum; its frame shows how many it used).
    /// - `lineCount` 0 (or negative): as many as fit, TABAnimated's
    ///   `height / (bar + gap)`; ``linesWhenUnsized`` when that is 1 or less.
    ///
    /// Bad input: a NaN, infinite or negative height fits no line.
    package func lineCount(requested: Int, lineHeight: CGFloat, height: CGFloat) -> Int {
        let (bar, spacing) = metrics(lineHeight: lineHeight)
        let usable = height.isFinite && height > 0 ? height : 0
        // n bars and n - 1 gaps fit when n * bar + (n - 1) * gap <= height; a hair of slack
        // so a frame laid out for exactly n lines, rounded to pixels, still fits n.
        let fitting = Int(min(((usable + spacing) / (bar + spacing) + 0.01).rounded(.down), 10_000))
        if requested > 0 { return max(1, min(requested, fitting)) }
        // TABAnimated's own count, `height / (bar + gap)`, decides when the frame is unsized.
        let tabCount = Int(min((usable / (bar + spacing)).rounded(.down), 10_000))
        return tabCount <= 1 ? linesWhenUnsized : max(1, fitting)
    }
}
