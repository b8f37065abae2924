import Foundation
import TemplateLayoutEngine

/// Advance widths of a Helvetica-like sans-serif face, in ems; the font metric table the
/// template wraps text with.
enum FontMetrics {
    /// Widths of the printable ASCII characters, space (32) to tilde (126), in order.
    static let advanceTable: [Double] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space to /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 to ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ to O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P to _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` to o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p to ~
    ].map { $0 / 1000 }

    /// The width of a space.
    static let spaceAdvance = 0.278
    /// The width given to bytes outside printable ASCII: an average character, which is
    /// all a stand-in needs.
    static let unknownAdvance = 0.556
}

/// A font in the template, known by its point size: widths and line height scale with it.
struct TemplateFont: Sendable {
    /// The point size.
    let size: Double

    /// The height of one line, rounded up to the pixel as text views do.
    func lineHeight(scale: Double) -> Double {
        (size * 1.2 * scale).rounded(.up) / scale
    }

    /// How many lines `text` takes when wrapped by word into `width` points.
    ///
    /// Greedy wrapping, like `NSLineBreakMode.byWordWrapping`: words go on the current line
    /// while they fit, and a word wider than a whole line is broken by character.
    func lineCount(of text: String, width: Double) -> Int {
        let emWidth = width / size
        var text = text
        // Raw buffers: this loop is the template's hot path, and in debug builds the
        // checked String and Array iterators would cost more than the simulated layout.
        return text.withUTF8 { bytes in
            FontMetrics.advanceTable.withUnsafeBufferPointer { advances in
                var lines = 1
                var lineWidth = 0.0
                var wordWidth = 0.0
                var index = 0
                while index <= bytes.count {
                    let byte = index < bytes.count ? bytes[index] : 0x20
                    index += 1
                    if byte != 0x20 {
                        wordWidth += (32...126).contains(byte) ? advances[Int(byte) - 32] : FontMetrics.unknownAdvance
                        continue
                    }
                    guard wordWidth > 0 else { continue }
                    if lineWidth == 0 {
                        lineWidth = wordWidth
                    } else if lineWidth + FontMetrics.spaceAdvance + wordWidth <= emWidth {
                        lineWidth += FontMetrics.spaceAdvance + wordWidth
                    } else {
                        lines += 1
                        lineWidth = wordWidth
                    }
                    // A word wider than the line spills onto as many further lines as it needs.
                    while lineWidth > emWidth {
                        lines += 1
                        lineWidth -= emWidth
                    }
                    wordWidth = 0
                }
                return lines
            }
        }
    }
}

/// The fonts of one Dynamic Type content size category: UIKit's `body` (author line and
/// text) and `footnote` (footer) sizes.
struct TypeScale: Sendable {
    let body: TemplateFont
    let footnote: TemplateFont

    /// The point sizes UIKit gives `body` and `footnote` at each category; larger
    /// categories mean larger fonts and taller lines.
    private static let sizes: [LayoutContext.ContentSizeCategory: (body: Double, footnote: Double)] = [
        .extraSmall: (14, 12), .small: (15, 12), .medium: (16, 12), .large: (17, 13),
        .extraLarge: (19, 15), .extraExtraLarge: (21, 17), .extraExtraExtraLarge: (23, 19),
        .accessibilityMedium: (28, 23), .accessibilityLarge: (33, 27),
        .accessibilityExtraLarge: (40, 33), .accessibilityExtraExtraLarge: (47, 38),
        .accessibilityExtraExtraExtraLarge: (53, 44),
    ]

    /// The fonts at `category`; an unknown category gets the default (`.large`) sizes.
    init(category: LayoutContext.ContentSizeCategory) {
        let sizes = Self.sizes[category] ?? (17, 13)
        body = TemplateFont(size: sizes.body)
        footnote = TemplateFont(size: sizes.footnote)
    }
}

/// What one template layout costs beyond the arithmetic, standing in for the constraint
/// solving and view work of an Auto Layout pass.
struct SimulatedLayoutCost: Sendable {
    /// Each layout takes at least this long.
    let minimumNanoseconds: UInt64

    /// About what `systemLayoutSizeFitting` costs for a cell of a few labels and an image
    /// on a recent phone.
    static let autoLayoutPass = SimulatedLayoutCost(minimumNanoseconds: 60_000)
    /// Only the arithmetic: for checking heights, not for showing costs.
    static let none = SimulatedLayoutCost(minimumNanoseconds: 0)

    /// Waits until `minimumNanoseconds` have passed since `start`.
    ///
    /// A deadline rather than a loop count, so a layout costs the same in debug and release
    /// builds and on any machine, and the report's milliseconds mean the same everywhere.
    func spend(since start: UInt64) {
        guard minimumNanoseconds > 0 else { return }
        while DispatchTime.now().uptimeNanoseconds &- start < minimumNanoseconds {}
    }
}

/// The off-screen template cell of the feed: a deterministic stand-in for laying out a
/// cell with Auto Layout and reading its fitting height.
///
/// Given an entry and a ``LayoutContext`` (content width, display scale, content size
/// category), it sets the author line on one line, wraps the body and footer by word with
/// ``TemplateFont`` metrics, and stacks them with the paddings and the image block, like a
/// vertical stack view pinned to the content view's edges; the result is rounded up to the pixel and includes the
/// separator, as FDTemplateLayoutCell added it.
struct FeedCellTemplate: Sendable {
    /// The reuse identifier of the feed's cell: the key of its skeleton height samples.
    static let identifier = "FeedCell"
    /// Space around the content, in points.
    static let horizontalPadding = 16.0
    static let verticalPadding = 12.0
    /// Space above and below the content from layout version 2 on.
    static let roomierVerticalPadding = 16.0
    /// Space between the author line and the body, and around the image block.
    static let authorSpacing = 4.0
    static let blockSpacing = 8.0

    /// What each layout costs on top of its arithmetic.
    var cost = SimulatedLayoutCost.autoLayoutPass
    /// The version of the cell's layout. Version 2, a later release of the app, pads the
    /// content by ``roomierVerticalPadding`` above and below, so every height changes.
    var layoutVersion = 1

    /// The content version persisted heights are stamped with: it changes with the layout,
    /// so heights of an older layout are never served (see ``PersistentHeightStore``).
    var contentVersion: String { "v\(layoutVersion)" }

    /// The same template with layout `version`.
    func withLayoutVersion(_ version: Int) -> FeedCellTemplate {
        var template = self
        template.layoutVersion = version
        return template
    }

    /// The same template without the simulated cost: same heights, only the arithmetic.
    var withoutSimulatedCost: FeedCellTemplate {
        var template = self
        template.cost = .none
        return template
    }

    /// The height of the cell showing `entry`, laid out in `context`.
    func height(for entry: FeedEntry, in context: LayoutContext) -> CGFloat {
        let start = DispatchTime.now().uptimeNanoseconds
        let scale = Double(context.displayScale)
        let fonts = TypeScale(category: context.contentSizeCategory)
        let contentWidth = max(Double(context.width) - 2 * Self.horizontalPadding, 1)

        let verticalPadding = layoutVersion >= 2 ? Self.roomierVerticalPadding : Self.verticalPadding
        var height = verticalPadding
        // The author line is a single truncating line (numberOfLines = 1).
        height += fonts.body.lineHeight(scale: scale)
        height += Self.authorSpacing
        height += Double(fonts.body.lineCount(of: entry.body, width: contentWidth)) * fonts.body.lineHeight(scale: scale)
        if let image = entry.image {
            height += Self.blockSpacing + (contentWidth / image.aspectRatio * scale).rounded() / scale
        }
        height += Self.blockSpacing
        height += Double(fonts.footnote.lineCount(of: entry.footerLine, width: contentWidth)) * fonts.footnote.lineHeight(scale: scale)
        height += verticalPadding
        // One pixel for the separator, as FDTemplateLayoutCell added 1 / scale.
        height += 1 / scale

        cost.spend(since: start)
        return CGFloat((height * scale).rounded(.up) / scale)
    }
}
