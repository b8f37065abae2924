import Foundation

/// Formats heights and widths for log lines the way FDTemplateLayoutCell printed
/// `@(height)`: no trailing zeros, at most three decimals.
enum HeightFormat {
    /// `44` for 44.0, `44.5` for 44.5, `44.333` for 133/3; `NaN` and `inf` spelled out.
    static func string(_ value: CGFloat) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-inf" : "inf") }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        var text = String(format: "%.3f", Double(rounded))
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `[s:r]`, as FDTemplateLayoutCell wrote index paths.
    static func string(_ indexPath: IndexPath) -> String {
        indexPath.count == 2 ? "[\(indexPath[0]):\(indexPath[1])]" : "\(Array(indexPath))"
    }
}
