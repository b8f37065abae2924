import Foundation

/// What a cached skeleton layout is for: a cell identifier laid out in a layout context
/// (fixed width or height on the pixel grid, Dynamic Type size, text weight) in a layout
/// direction.
///
/// TABAnimated keyed its cache by view controller and cell class (plus, at times, the
/// table's frame), so one cell class at two widths, or at two text sizes, shared a
/// skeleton; a ``LayoutContext`` is exactly what a cell's layout depends on besides its
/// content. The direction is in the key because a right-to-left skeleton is laid out
/// differently: its parts are mapped from a view tree laid out right to left.
public struct SkeletonLayoutKey: Hashable, Sendable, CustomStringConvertible {
    /// The cell's reuse identifier.
    public var identifier: String
    /// The layout context the skeleton was mapped in.
    public var context: LayoutContext
    /// The layout direction it is shown in.
    public var direction: SkeletonLayoutDirection

    /// Creates a key.
    ///
    /// Bad input: any identifier is accepted, the empty one included; file names are a
    /// hash of the key, never the identifier itself.
    public init(identifier: String, context: LayoutContext, direction: SkeletonLayoutDirection = .leftToRight) {
        self.identifier = identifier
        self.context = context
        self.direction = direction
    }

    /// The key written out unambiguously: a format tag, the identifier (in its canonical
    /// composed form, NFC, as every string on disk) with its length in UTF-8 bytes (so no
    /// identifier can forge the fields after it), then the context's fields and the direction.
    /// A height-fixed context adds a line `height`, and a bold context a last line `bold`, so
    /// a regular width-fixed key keeps the name earlier formats gave it (their files are then
    /// read once and discarded as stale, not left behind), and a height never names the
    /// file of the same width.
    var canonicalString: String {
        let identifier = StableHash.normalized(identifier)
        var fields = [
            "skeleton-key-1",
            "\(identifier.utf8.count):\(identifier)",
            "\(context.lengthInPixels)",
            "\(Double(context.displayScale))",
            context.contentSizeCategory.rawValue,
            direction.rawValue,
        ]
        if context.fixedDimension == .height { fields.append("height") }
        if context.legibilityWeight == .bold { fields.append("bold") }
        return fields.joined(separator: "\n")
    }

    /// The base name of this key's files: 16 lowercase hex digits of the 64-bit FNV-1a
    /// hash of the key's canonical form. Stable across launches, processes and platforms
    /// (unlike `hashValue`, which Swift seeds per process), and safe on every file system;
    /// canonically equivalent identifiers (a precomposed "é" or "e" and a combining accent)
    /// name the same file. A collision is harmless: the file holds its key, and a layout
    /// whose key differs is a miss.
    ///
    /// - Complexity: O(*n*) in the length of the identifier.
    var fileName: String {
        StableHash.name(canonicalString)
    }

    /// E.g. `PostCell 375pt@3x L leftToRight` (`375pt@3x L bold` with Bold Text on).
    public var description: String { "\(identifier) \(context) \(direction.rawValue)" }
}

/// A key as written into a layout file, so a file can be checked against the key it is
/// read for and warm-up can tell which key a file holds.
///
/// A height-fixed context writes its length as `heightInPixels` and 0 as `widthInPixels`;
/// a width-fixed one leaves `heightInPixels` out, so a table's file is the JSON earlier
/// versions wrote, and an earlier version reads a height-fixed file as an unmeasurable
/// width, a key it never asks for.
struct StoredSkeletonLayoutKey: Codable, Hashable {
    var identifier: String
    var widthInPixels: Int
    /// The fixed height of a height-fixed context; `nil` (absent) for a width-fixed one.
    var heightInPixels: Int?
    var displayScale: Double
    var contentSizeCategory: String
    var legibilityWeight: LayoutContext.LegibilityWeight
    var direction: SkeletonLayoutDirection

    init(_ key: SkeletonLayoutKey) {
        identifier = key.identifier
        widthInPixels = key.context.widthInPixels
        heightInPixels = key.context.fixedDimension == .height ? key.context.lengthInPixels : nil
        displayScale = Double(key.context.displayScale)
        contentSizeCategory = key.context.contentSizeCategory.rawValue
        legibilityWeight = key.context.legibilityWeight
        direction = key.direction
    }

    /// The key back, or `nil` if the stored fields cannot be a key (a damaged file).
    var key: SkeletonLayoutKey? {
        guard widthInPixels >= 0, displayScale.isFinite, displayScale > 0 else { return nil }
        let dimension: LayoutContext.FixedDimension = heightInPixels == nil ? .width : .height
        let pixels = heightInPixels ?? widthInPixels
        // A height-fixed key writes no width: one that does was not written by us.
        guard pixels >= 0, dimension == .width || widthInPixels == 0 else { return nil }
        let context = LayoutContext(
            fixing: dimension, length: CGFloat(pixels) / CGFloat(displayScale), displayScale: CGFloat(displayScale),
            contentSizeCategory: LayoutContext.ContentSizeCategory(rawValue: contentSizeCategory), legibilityWeight: legibilityWeight)
        // A length that does not come back to the same pixel count was not written by us.
        guard context.lengthInPixels == pixels else { return nil }
        return SkeletonLayoutKey(identifier: identifier, context: context, direction: direction)
    }
}
