import Foundation
import TemplateLayoutEngine

/// Where a feed cell's parts go, in points from the cell's top: the author line, the body's
/// lines, the image and the footer, as ``FeedCellTemplate`` stacks them, so a drawn cell
/// has the template's height.
struct FeedCellGeometry {
    /// One line of text: its top, its line height, its font size and what it says.
    struct TextLine {
        let text: String
        let top: Double
        let lineHeight: Double
        let fontSize: Double
    }

    let author: TextLine
    let body: [TextLine]
    /// The image block's top and height, if the entry has one.
    let image: (top: Double, height: Double)?
    let footer: [TextLine]
    /// The content's inset from the cell's left and right edges.
    let horizontalPadding: Double
    /// The cell's height, separator included: the template's answer.
    let height: Double

    /// Lays `entry` out as `template` does in `context`.
    init(entry: FeedEntry, template: FeedCellTemplate, context: LayoutContext) {
        let scale = Double(context.displayScale)
        let fonts = TypeScale(category: context.contentSizeCategory)
        let contentWidth = max(Double(context.width) - 2 * FeedCellTemplate.horizontalPadding, 1)
        let verticalPadding = template.layoutVersion >= 2 ? FeedCellTemplate.roomierVerticalPadding : FeedCellTemplate.verticalPadding
        let bodyLineHeight = fonts.body.lineHeight(scale: scale)
        let footnoteLineHeight = fonts.footnote.lineHeight(scale: scale)
        func lines(_ text: String, font: TemplateFont, lineHeight: Double, from top: Double) -> [TextLine] {
            // The template counts the lines; the wrapped text only shows them.
            let count = font.lineCount(of: text, width: contentWidth)
            var wrapped = TextWrapping.lines(of: text, font: font, width: contentWidth)
            if wrapped.count > count { wrapped = Array(wrapped.prefix(count)) }
            while wrapped.count < count { wrapped.append("") }
            return wrapped.enumerated().map {
                TextLine(text: $0.element, top: top + Double($0.offset) * lineHeight, lineHeight: lineHeight, fontSize: font.size)
            }
        }

        var y = verticalPadding
        author = TextLine(text: entry.authorLine, top: y, lineHeight: bodyLineHeight, fontSize: fonts.body.size)
        y += bodyLineHeight + FeedCellTemplate.authorSpacing
        body = lines(entry.body, font: fonts.body, lineHeight: bodyLineHeight, from: y)
        y += Double(body.count) * bodyLineHeight
        if let block = entry.image {
            let height = (contentWidth / block.aspectRatio * scale).rounded() / scale
            image = (y + FeedCellTemplate.blockSpacing, height)
            y += FeedCellTemplate.blockSpacing + height
        } else {
            image = nil
        }
        y += FeedCellTemplate.blockSpacing
        footer = lines(entry.footerLine, font: fonts.footnote, lineHeight: footnoteLineHeight, from: y)
        horizontalPadding = FeedCellTemplate.horizontalPadding
        // The template's own answer, so the drawing never disagrees with the demo's numbers.
        height = Double(template.withoutSimulatedCost.height(for: entry, in: context))
    }
}

/// Greedy word wrapping with the template's font metrics: the lines
/// ``TemplateFont/lineCount(of:width:)`` counts, as text.
enum TextWrapping {
    static func lines(of text: String, font: TemplateFont, width: Double) -> [String] {
        let emWidth = width / font.size
        var lines: [String] = []
        var line = ""
        var lineWidth = 0.0
        for word in text.split(separator: " ") {
            let wordWidth = word.utf8.reduce(0.0) { total, byte in
                total + ((32...126).contains(byte) ? FontMetrics.advanceTable[Int(byte) - 32] : FontMetrics.unknownAdvance)
            }
            if line.isEmpty {
                line = String(word)
                lineWidth = wordWidth
            } else if lineWidth + FontMetrics.spaceAdvance + wordWidth <= emWidth {
                line += " " + word
                lineWidth += FontMetrics.spaceAdvance + wordWidth
            } else {
                lines.append(line)
                line = String(word)
                lineWidth = wordWidth
            }
        }
        lines.append(line)
        return lines
    }
}
