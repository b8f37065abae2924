import Foundation
#if canImport(CoreGraphics)
// CGRect's members and conformances live in the CoreGraphics overlay on Apple platforms.
import CoreGraphics
#endif

/// The direction a layout reads in: UIKit's `UIUserInterfaceLayoutDirection`.
public enum SkeletonLayoutDirection: String, Hashable, Sendable, Codable, CaseIterable {
    /// Left to right: English, Chinese, ...; the leading edge is the left one.
    case leftToRight
    /// Right to left: Arabic, Hebrew, ...; the leading edge is the right one.
    case rightToLeft
}

/// One shape of a skeleton: a rounded rectangle the UIKit layer draws as a `CALayer`.
///
/// Encoded compactly (`x`, `y`, `w`, `h`, `r`, `k`) because the layout cache writes these
/// to disk; a decoded part is not trusted until ``SkeletonLayout/isValid`` says so.
public struct SkeletonPart: Hashable, Sendable, Codable {
    /// What a part stands for, so the renderer can treat text differently if it wants to.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// One line of text.
        case textLine
        /// An image, a button, or a view with a fill of its own.
        case block
    }

    /// The part's frame in the layout's space: origin at the top left of the cell's
    /// content view, in points.
    public var frame: CGRect
    /// The corner radius to draw with; at most half the shorter side.
    public var cornerRadius: CGFloat
    /// What the part stands for.
    public var kind: Kind

    /// Creates a part as given; the mapping makes valid ones, and
    /// ``SkeletonLayout/isValid`` checks any other.
    ///
    /// - Complexity: O(1).
    public init(frame: CGRect, cornerRadius: CGFloat, kind: Kind) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.kind = kind
    }

    /// Hashes every field; written out because `CGRect` is not `Hashable` on Apple platforms.
    ///
    /// - Complexity: O(1).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rect: frame)
        hasher.combine(cornerRadius)
        hasher.combine(kind)
    }

    private enum CodingKeys: String, CodingKey {
        case x, y, w, h, r, k
    }

    /// Decodes a part written by ``encode(to:)``.
    ///
    /// Bad input: missing or mistyped fields throw, which the cache turns into "discard the
    /// file"; values out of range decode and are caught by ``SkeletonLayout/isValid``.
    ///
    /// - Complexity: O(1).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        frame = CGRect(
            x: try container.decode(Double.self, forKey: .x), y: try container.decode(Double.self, forKey: .y),
            width: try container.decode(Double.self, forKey: .w), height: try container.decode(Double.self, forKey: .h))
        cornerRadius = CGFloat(try container.decode(Double.self, forKey: .r))
        kind = try container.decode(Kind.self, forKey: .k)
    }

    /// Encodes the part as six short fields. Doubles, not `CGRect`'s own encoding, so the
    /// bytes are the same on every platform.
    ///
    /// - Complexity: O(1).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Double(frame.origin.x), forKey: .x)
        try container.encode(Double(frame.origin.y), forKey: .y)
        try container.encode(Double(frame.size.width), forKey: .w)
        try container.encode(Double(frame.size.height), forKey: .h)
        try container.encode(Double(cornerRadius), forKey: .r)
        try container.encode(kind, forKey: .k)
    }
}

/// A cell's skeleton: the parts to draw over a content view of ``size``.
///
/// Mapped by the UIKit layer from a laid-out cell's view tree, kept by
/// ``SkeletonLayoutCache``, drawn one layer per part, in order: earlier parts are further
/// back.
///
/// What a usable layout satisfies (``isValid``; checked after every mapping under
/// `TEMPLATE_LAYOUT_INTERNAL_CHECKS`; ``SkeletonLayoutCache`` keeps no other):
/// - ``size`` is finite and not negative;
/// - every part has a finite frame inside `(0, 0, size)` with positive width and height,
///   and a finite corner radius from 0 to half its shorter side.
public struct SkeletonLayout: Hashable, Sendable, Codable {
    /// The size of the content view the parts are laid out in.
    public var size: CGSize
    /// The parts, back to front.
    public var parts: [SkeletonPart]

    /// Creates a layout as given; see ``isValid`` for what a usable one satisfies.
    ///
    /// - Complexity: O(1).
    public init(size: CGSize, parts: [SkeletonPart]) {
        self.size = size
        self.parts = parts
    }

    /// An empty layout of no size: what bad input maps to.
    public static let empty = SkeletonLayout(size: .zero, parts: [])

    /// Hashes every field; written out because `CGSize` is not `Hashable` on Apple platforms.
    ///
    /// - Complexity: O(*n*) in the parts.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(size: size)
        hasher.combine(parts)
    }

    private enum CodingKeys: String, CodingKey {
        case width, height, parts
    }

    /// Decodes a layout written by ``encode(to:)``.
    ///
    /// Bad input: missing or mistyped fields throw; values out of range decode and are
    /// caught by ``isValid``.
    ///
    /// - Complexity: O(*n*) in the parts.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = CGSize(
            width: try container.decode(Double.self, forKey: .width),
            height: try container.decode(Double.self, forKey: .height))
        parts = try container.decode([SkeletonPart].self, forKey: .parts)
    }

    /// Encodes the size as two doubles and the parts in order.
    ///
    /// - Complexity: O(*n*) in the parts.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Double(size.width), forKey: .width)
        try container.encode(Double(size.height), forKey: .height)
        try container.encode(parts, forKey: .parts)
    }

    /// The same layout seen in a mirror: every part moved to `x' = width - maxX`, so a
    /// layout described left to right is shown right to left and back. Mirroring twice
    /// gives the layout back.
    ///
    /// Bad input: an invalid layout is mirrored as it is; it stays invalid.
    ///
    /// - Complexity: O(*n*) in the parts.
    func mirrored() -> SkeletonLayout {
        var copy = self
        for index in copy.parts.indices {
            let frame = copy.parts[index].frame
            copy.parts[index].frame.origin.x = size.width - frame.maxX
        }
        return copy
    }

    /// Whether the layout keeps the invariants above: what the cache checks before it
    /// trusts a layout read from disk.
    ///
    /// - Complexity: O(*n*) in the parts.
    public var isValid: Bool {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else { return false }
        // A hair of slack: a mirrored or decoded frame may be off by a rounding error.
        let bounds = CGRect(origin: .zero, size: size).insetBy(dx: -0.001, dy: -0.001)
        return parts.allSatisfy { part in
            let frame = part.frame
            return frame.origin.x.isFinite && frame.origin.y.isFinite
                && frame.size.width.isFinite && frame.size.height.isFinite
                && frame.size.width > 0 && frame.size.height > 0
                && bounds.contains(frame)
                && part.cornerRadius.isFinite && part.cornerRadius >= 0
                && part.cornerRadius <= min(frame.size.width, frame.size.height) / 2 + 0.001
        }
    }
}
