/// The parts every picture shares: its background, title and caption, and phone-shaped
/// frames around a screen.
enum PictureFrame {
    /// Where content starts below ``drawHeader(title:caption:in:)``.
    static let contentTop = 96.0
    /// The phone's bezel around the screen, in pixels.
    static let bezel = 9.0

    /// A light background, a title and a one-line caption, left-aligned at the margin.
    static func drawHeader(title: String, caption: String, in document: inout SVGDocument) {
        document.rect(x: 0, y: 0, width: document.width, height: document.height, fill: PictureStyle.background)
        document.text(title, x: 32, y: 44, size: PictureStyle.titleSize, fill: PictureStyle.title, weight: 600)
        document.text(caption, x: 32, y: 68, size: PictureStyle.captionSize, fill: PictureStyle.caption)
    }

    /// A phone around the screen rectangle (`x`, `y`, `width`, `height`), its screen white;
    /// draw the screen's content after this, clipped to the screen.
    static func drawPhone(x: Double, y: Double, width: Double, height: Double, in document: inout SVGDocument) {
        document.rect(
            x: x - bezel, y: y - bezel, width: width + 2 * bezel, height: height + 2 * bezel, radius: 26,
            fill: PictureStyle.phoneFrame)
        document.rect(x: x, y: y, width: width, height: height, radius: 16, fill: PictureStyle.screen)
    }

    /// A column's label above its frame, centred on `centerX`, with an optional second line.
    static func drawColumnLabel(_ label: String, detail: String?, centerX: Double, bottom: Double, in document: inout SVGDocument) {
        let labelY = detail == nil ? bottom : bottom - 16
        document.text(label, x: centerX, y: labelY, size: 14, fill: PictureStyle.title, weight: 600, anchor: .middle)
        if let detail {
            document.text(detail, x: centerX, y: bottom, size: 11.5, fill: PictureStyle.caption, anchor: .middle)
        }
    }

    /// A rounded badge of `text` centred on `centerX` with its top at `top`.
    static func drawBadge(_ text: String, centerX: Double, top: Double, color: String, fill: String, in document: inout SVGDocument) {
        // About the width of the text at 12.5 px, without measuring it.
        let width = Double(text.count) * 6.6 + 20
        document.rect(x: centerX - width / 2, y: top, width: width, height: 24, radius: 12, fill: fill, stroke: color)
        document.text(text, x: centerX, y: top + 16.5, size: 12.5, fill: color, weight: 600, anchor: .middle)
    }
}
