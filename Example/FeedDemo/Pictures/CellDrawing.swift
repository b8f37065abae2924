import Foundation

/// Draws feed cells into a picture at `scale` pixels per point: a loaded cell with its
/// text, image and footer where ``FeedCellGeometry`` puts them, or a skeleton cell of grey
/// bars. Each cell ends with its separator line.
struct CellDrawing {
    /// Pixels per point.
    let scale: Double
    /// The cells' width in points (the table's width).
    let width: Double

    /// A loaded cell with its top-left corner at (`x`, `y`) pixels.
    func drawLoaded(_ geometry: FeedCellGeometry, x: Double, y: Double, in document: inout SVGDocument) {
        let left = x + geometry.horizontalPadding * scale
        let contentWidth = (width - 2 * geometry.horizontalPadding) * scale
        document.rect(x: x, y: y, width: width * scale, height: geometry.height * scale, fill: PictureStyle.cellFill)
        drawText(geometry.author, x: left, y: y, color: PictureStyle.author, weight: 600, in: &document)
        for line in geometry.body { drawText(line, x: left, y: y, color: PictureStyle.text, in: &document) }
        if let image = geometry.image {
            document.rect(
                x: left, y: y + image.top * scale, width: contentWidth, height: image.height * scale, radius: 4 * scale,
                fill: PictureStyle.image)
            drawMountains(x: left, y: y + image.top * scale, width: contentWidth, height: image.height * scale, in: &document)
        }
        for line in geometry.footer { drawText(line, x: left, y: y, color: PictureStyle.secondaryText, in: &document) }
        drawSeparator(x: x, bottom: y + geometry.height * scale, in: &document)
    }

    /// A skeleton cell of `height` points: an author bar, body bars a line apart while
    /// they fit, and a footer bar at the bottom, in the loaded cell's proportions.
    func drawSkeleton(height: Double, x: Double, y: Double, in document: inout SVGDocument) {
        let padding = 12.0
        let lineHeight = 21.0
        let barHeight = 11.0
        let left = x + 16 * scale
        let contentWidth = (width - 32) * scale
        document.rect(x: x, y: y, width: width * scale, height: height * scale, fill: PictureStyle.cellFill)
        func bar(top: Double, fraction: Double) {
            document.rect(
                x: left, y: y + (top + (lineHeight - barHeight) / 2) * scale, width: contentWidth * fraction,
                height: barHeight * scale, radius: barHeight * scale / 2, fill: PictureStyle.skeletonBar)
        }
        let footerTop = height - padding - 1 - 16
        if footerTop > padding + lineHeight { bar(top: padding, fraction: 0.4) }
        var top = padding + lineHeight + 4
        var index = 0
        // A deterministic ragged edge, as text has.
        let fractions = [0.96, 0.9, 0.98, 0.86, 0.93]
        while top + lineHeight <= footerTop - 4 {
            let isLast = top + 2 * lineHeight > footerTop - 4
            bar(top: top, fraction: isLast ? 0.55 : fractions[index % fractions.count])
            top += lineHeight
            index += 1
        }
        if footerTop > padding { bar(top: footerTop, fraction: 0.3) }
        drawSeparator(x: x, bottom: y + height * scale, in: &document)
    }

    private func drawText(
        _ line: FeedCellGeometry.TextLine, x: Double, y: Double, color: String, weight: Int = 400, in document: inout SVGDocument
    ) {
        guard !line.text.isEmpty else { return }
        // The baseline sits about four fifths down a line box of 1.2 em.
        let baseline = y + (line.top + line.lineHeight * 0.78) * scale
        document.text(line.text, x: x, y: baseline, size: line.fontSize * scale, fill: color, weight: weight)
    }

    /// Two hills and a sun in the image block: a photo, at a glance.
    private func drawMountains(x: Double, y: Double, width: Double, height: Double, in document: inout SVGDocument) {
        let bottom = y + height
        document.polygon([(x, bottom), (x + width * 0.35, y + height * 0.45), (x + width * 0.65, bottom)], fill: "#aecbfa")
        document.polygon([(x + width * 0.4, bottom), (x + width * 0.72, y + height * 0.3), (x + width, y + height * 0.62), (x + width, bottom)], fill: "#8ab4f8")
        document.circle(cx: x + width * 0.18, cy: y + height * 0.28, radius: min(width, height) * 0.08, fill: "#fde293")
    }

    private func drawSeparator(x: Double, bottom: Double, in document: inout SVGDocument) {
        document.line(x1: x + 16 * scale, y1: bottom - 0.5, x2: x + width * scale, y2: bottom - 0.5, stroke: PictureStyle.separator)
    }
}
