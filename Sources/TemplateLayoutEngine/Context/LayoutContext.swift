import Foundation

/// The conditions a cell is laid out under: the length the caller fixes (a table row's or a
/// vertically growing collection item's width, a horizontally growing item's height),
/// rounded to the pixel, the Dynamic Type content size category, the text weight (Bold
/// Text), and whether the view is editing.
///
/// FDTemplateLayoutCell kept one cache per device orientation, but a cell's height does
/// not depend on the orientation: split view, Slide Over and window resizes change the
/// width and keep the orientation (FD #139, #392), and Dynamic Type changes neither.
/// A context is exactly the inputs a height depends on besides the content, so every
/// cache in this package keeps one storage per context and going back to an earlier
/// context hits again.
///
/// Bold Text (``legibilityWeight``) widens glyphs and moves line breaks, so it is part of
/// the context, in memory and in the files: turning it on measures again, turning it off
/// hits the regular heights again.
///
/// Editing is its own context because a table in editing mode shows delete and reorder
/// controls that narrow each cell's content view: a row's editing height is not its
/// normal height. Persistent files do not record the editing flag, so heights and
/// skeleton layouts of an editing context stay in memory (``isPersistable``).
///
/// Which dimension is fixed is part of the context (``fixedDimension``): a collection view
/// can size chips at a fixed height of 32 points and cards at a fixed width of 32 points,
/// and the two must never share a cache. A cache holds one length per item, the one
/// measured along the free dimension. Width-fixed contexts are what tables use, and their
/// descriptions and file names are the ones earlier versions gave them.
///
/// Lengths that round to the same device pixel are the same context, so sub-pixel noise
/// from layout never splits a cache.
///
/// Bad input: a negative, NaN or infinite length becomes 0, which makes the context
/// unmeasurable (``isMeasurable`` is `false`: nothing measured in it is cached); a
/// display scale that is not a positive finite number becomes 1.
public struct LayoutContext: Hashable, Sendable, CustomStringConvertible {
    /// The dimension a caller fixes; the other one is measured.
    public enum FixedDimension: String, Hashable, Sendable {
        /// The width is given and heights are measured: table rows, vertically growing
        /// collection items (a full-width row, a grid column, a card).
        case width
        /// The height is given and widths are measured: horizontally growing collection
        /// items (chips, carousel pages).
        case height
    }

    /// Which dimension ``lengthInPixels`` fixes.
    public let fixedDimension: FixedDimension
    /// The fixed length in device pixels; 0 for an unmeasurable context.
    public let lengthInPixels: Int
    /// Pixels per point of the screen the table is on (UIKit's `displayScale`).
    public let displayScale: CGFloat
    /// The Dynamic Type size the content is laid out for.
    public let contentSizeCategory: ContentSizeCategory
    /// Whether the table is in editing mode (`UITableView.isEditing`).
    public let isEditing: Bool
    /// The weight text is drawn at: bold while the user has Bold Text on.
    public let legibilityWeight: LegibilityWeight

    /// Creates a context from a content width in points, rounded to the nearest pixel.
    ///
    /// - Parameters:
    ///   - width: The width cells are laid out at, in points. Negative, NaN or infinite
    ///     widths become 0.
    ///   - displayScale: Pixels per point; anything but a positive finite number becomes 1.
    ///   - contentSizeCategory: The Dynamic Type size; `.large` is the system default.
    ///   - isEditing: Whether the table is in editing mode.
    ///   - legibilityWeight: The text weight; `.bold` while Bold Text is on.
    /// - Complexity: O(1).
    public init(
        width: CGFloat, displayScale: CGFloat = 1, contentSizeCategory: ContentSizeCategory = .large, isEditing: Bool = false,
        legibilityWeight: LegibilityWeight = .regular
    ) {
        self.init(
            fixing: .width, length: width, displayScale: displayScale, contentSizeCategory: contentSizeCategory,
            isEditing: isEditing, legibilityWeight: legibilityWeight)
    }

    /// Creates a context of items whose height is fixed and whose width is measured, from
    /// the height in points, rounded to the nearest pixel.
    ///
    /// - Parameters:
    ///   - height: The height items are laid out at, in points. Negative, NaN or infinite
    ///     heights become 0.
    ///   - displayScale: Pixels per point; anything but a positive finite number becomes 1.
    ///   - contentSizeCategory: The Dynamic Type size; `.large` is the system default.
    ///   - isEditing: Whether the collection view is in editing mode.
    ///   - legibilityWeight: The text weight; `.bold` while Bold Text is on.
    /// - Complexity: O(1).
    public init(
        height: CGFloat, displayScale: CGFloat = 1, contentSizeCategory: ContentSizeCategory = .large, isEditing: Bool = false,
        legibilityWeight: LegibilityWeight = .regular
    ) {
        self.init(
            fixing: .height, length: height, displayScale: displayScale, contentSizeCategory: contentSizeCategory,
            isEditing: isEditing, legibilityWeight: legibilityWeight)
    }

    /// Creates a context fixing `dimension` at `length` points, rounded to the nearest pixel;
    /// bad input as for ``init(width:displayScale:contentSizeCategory:isEditing:legibilityWeight:)``.
    ///
    /// - Complexity: O(1).
    public init(
        fixing dimension: FixedDimension, length: CGFloat, displayScale: CGFloat = 1,
        contentSizeCategory: ContentSizeCategory = .large, isEditing: Bool = false, legibilityWeight: LegibilityWeight = .regular
    ) {
        let scale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        let pixels = (length * scale).rounded()
        // Lengths beyond any screen are clamped so the conversion to Int cannot trap.
        self.lengthInPixels = pixels.isFinite && pixels > 0 ? Int(min(pixels, CGFloat(1 << 30))) : 0
        self.fixedDimension = dimension
        self.displayScale = scale
        self.contentSizeCategory = contentSizeCategory
        self.isEditing = isEditing
        self.legibilityWeight = legibilityWeight
    }

    /// A context with no width, as a table has before its first layout.
    public static let unmeasured = LayoutContext(width: 0)

    /// The fixed length in points, on the pixel grid.
    ///
    /// - Complexity: O(1).
    public var length: CGFloat { CGFloat(lengthInPixels) / displayScale }

    /// The content width in device pixels of a width-fixed context (a table's); 0 for a
    /// height-fixed one, whose width is what is measured.
    ///
    /// - Complexity: O(1).
    public var widthInPixels: Int { fixedDimension == .width ? lengthInPixels : 0 }

    /// The content width in points of a width-fixed context, on the pixel grid; 0 for a
    /// height-fixed one.
    ///
    /// - Complexity: O(1).
    public var width: CGFloat { CGFloat(widthInPixels) / displayScale }

    /// Whether lengths measured in this context may be cached: `false` when the fixed length
    /// is 0, because a cell laid out at no width (or no height) has no meaningful size
    /// (FD #186, #400).
    ///
    /// - Complexity: O(1).
    public var isMeasurable: Bool { lengthInPixels > 0 }

    /// Whether heights (or a height-fixed context's widths) and skeleton layouts of this
    /// context may be written to disk: only measurable contexts outside editing mode. The
    /// files name a context by its fixed dimension and length, scale, text size and weight,
    /// not the editing flag, so an editing height written there would be read back as the
    /// row's normal height.
    ///
    /// - Complexity: O(1).
    public var isPersistable: Bool { isMeasurable && !isEditing }

    /// The width, the scale and the text size, e.g. `375pt@3x L`, followed by `bold` with
    /// Bold Text on and `editing` in editing mode; a height-fixed context starts with
    /// `height`, e.g. `height 32pt@3x L`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        (fixedDimension == .height ? "height " : "") + "\(HeightFormat.string(length))pt@\(HeightFormat.string(displayScale))x \(contentSizeCategory)"
            + (legibilityWeight == .bold ? " bold" : "") + (isEditing ? " editing" : "")
    }
}
