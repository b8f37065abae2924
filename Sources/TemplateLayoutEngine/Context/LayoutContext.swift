import Foundation

/// The conditions a cell is laid out under: the width of its content, rounded to the
/// pixel, and the Dynamic Type content size category.
///
/// FDTemplateLayoutCell kept one cache per device orientation, but a cell's height does
/// not depend on the orientation: split view, Slide Over and window resizes change the
/// width and keep the orientation (FD #139, #392), and Dynamic Type changes neither.
/// A context is exactly the two inputs a height depends on besides the content, so every
/// cache in this package keeps one storage per context and going back to an earlier
/// context hits again.
///
/// Widths that round to the same device pixel are the same context, so sub-pixel noise
/// from layout never splits a cache.
///
/// Bad input: a negative, NaN or infinite width becomes 0, which makes the context
/// unmeasurable (``isMeasurable`` is `false`: nothing measured in it is cached); a
/// display scale that is not a positive finite number becomes 1.
public struct LayoutContext: Hashable, Sendable, CustomStringConvertible {
    /// The content width in device pixels; 0 for an unmeasurable context.
    public let widthInPixels: Int
    /// Pixels per point of the screen the table is on (UIKit's `displayScale`).
    public let displayScale: CGFloat
    /// The Dynamic Type size the content is laid out for.
    public let contentSizeCategory: ContentSizeCategory

    /// Creates a context from a content width in points, rounded to the nearest pixel.
    ///
    /// - Parameters:
    ///   - width: The width cells are laid out at, in points. Negative, NaN or infinite
    ///     widths become 0.
    ///   - displayScale: Pixels per point; anything but a positive finite number becomes 1.
    ///   - contentSizeCategory: The Dynamic Type size; `.large` is the system default.
    /// - Complexity: O(1).
    public init(width: CGFloat, displayScale: CGFloat = 1, contentSizeCategory: ContentSizeCategory = .large) {
        let scale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        let pixels = (width * scale).rounded()
        // Widths beyond any screen are clamped so the conversion to Int cannot trap.
        self.widthInPixels = pixels.isFinite && pixels > 0 ? Int(min(pixels, CGFloat(1 << 30))) : 0
        self.displayScale = scale
        self.contentSizeCategory = contentSizeCategory
    }

    /// A context with no width, as a table has before its first layout.
    public static let unmeasured = LayoutContext(width: 0)

    /// The content width in points, on the pixel grid.
    ///
    /// - Complexity: O(1).
    public var width: CGFloat { CGFloat(widthInPixels) / displayScale }

    /// Whether heights measured in this context may be cached: `false` when the width is 0,
    /// because a cell laid out at no width has no meaningful height (FD #186, #400).
    ///
    /// - Complexity: O(1).
    public var isMeasurable: Bool { widthInPixels > 0 }

    /// The width, the scale and the text size, e.g. `375pt@3x L`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        "\(HeightFormat.string(width))pt@\(HeightFormat.string(displayScale))x \(contentSizeCategory)"
    }
}
