import Foundation

/// A small SVG writer for the demo's pictures: elements appended as text in the order
/// drawn, coordinates in pixels.
///
/// Deterministic byte for byte: numbers are written with at most two decimals by integer
/// arithmetic (no locale, no `%f`), attributes in a fixed order, text escaped.
struct SVGDocument {
    let width: Double
    let height: Double
    private var elements: [String] = []
    private var definitions: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The whole document, ending with a newline.
    var text: String {
        var lines = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Self.number(width))" height="\#(Self.number(height))" viewBox="0 0 \#(Self.number(width)) \#(Self.number(height))" font-family="\#(PictureStyle.fontFamily)">"#,
        ]
        if !definitions.isEmpty { lines += ["<defs>"] + definitions + ["</defs>"] }
        lines += elements + ["</svg>"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Shapes

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, radius: Double = 0, fill: String,
        stroke: String? = nil, strokeWidth: Double = 1, dashed: Bool = false, opacity: Double? = nil
    ) {
        var attributes = "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(width, 0)))\" height=\"\(Self.number(max(height, 0)))\""
        if radius > 0 { attributes += " rx=\"\(Self.number(radius))\"" }
        attributes += " fill=\"\(fill)\"" + Self.strokeAttributes(stroke, strokeWidth, dashed)
        if let opacity { attributes += " opacity=\"\(Self.number(opacity))\"" }
        elements.append("<rect \(attributes)/>")
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, strokeWidth: Double = 1, dashed: Bool = false) {
        elements.append("<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\""
            + Self.strokeAttributes(stroke, strokeWidth, dashed) + "/>")
    }

    mutating func circle(cx: Double, cy: Double, radius: Double, fill: String) {
        elements.append("<circle cx=\"\(Self.number(cx))\" cy=\"\(Self.number(cy))\" r=\"\(Self.number(radius))\" fill=\"\(fill)\"/>")
    }

    /// A closed polygon through `points`.
    mutating func polygon(_ points: [(x: Double, y: Double)], fill: String) {
        let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
        elements.append("<polygon points=\"\(list)\" fill=\"\(fill)\"/>")
    }

    /// One line of text with its baseline at `y`.
    mutating func text(
        _ string: String, x: Double, y: Double, size: Double, fill: String, weight: Int = 400, anchor: TextAnchor = .start
    ) {
        var attributes = "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\""
        if weight != 400 { attributes += " font-weight=\"\(weight)\"" }
        if anchor != .start { attributes += " text-anchor=\"\(anchor.rawValue)\"" }
        elements.append("<text \(attributes) fill=\"\(fill)\">\(Self.escaped(string))</text>")
    }

    enum TextAnchor: String {
        case start, middle, end
    }

    // MARK: Clipping

    /// Draws what `body` draws clipped to a rounded rectangle; `id` must be unique in the document.
    mutating func clipped(
        id: String, x: Double, y: Double, width: Double, height: Double, radius: Double = 0, opacity: Double? = nil,
        _ body: (inout SVGDocument) -> Void
    ) {
        let corner = radius > 0 ? " rx=\"\(Self.number(radius))\"" : ""
        definitions.append("<clipPath id=\"\(id)\"><rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(width, 0)))\" height=\"\(Self.number(max(height, 0)))\"\(corner)/></clipPath>")
        elements.append("<g clip-path=\"url(#\(id))\"" + (opacity.map { " opacity=\"\(Self.number($0))\"" } ?? "") + ">")
        body(&self)
        elements.append("</g>")
    }

    // MARK: Formatting

    /// `12`, `12.5`, `12.25`: rounded to hundredths by integer arithmetic, trailing zeros dropped.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = "\(sign)\(magnitude / 100)"
        let fraction = magnitude % 100
        if fraction == 0 { return whole }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func strokeAttributes(_ stroke: String?, _ width: Double, _ dashed: Bool) -> String {
        guard let stroke else { return "" }
        return " stroke=\"\(stroke)\" stroke-width=\"\(number(width))\"" + (dashed ? " stroke-dasharray=\"4 3\"" : "")
    }

    private static func escaped(_ string: String) -> String {
        var result = ""
        for character in string {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
