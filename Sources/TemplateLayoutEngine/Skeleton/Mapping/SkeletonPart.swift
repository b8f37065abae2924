import Foundation
#if canImport(CoreGraphics)
// CGRect's members and conformances live in the CoreGraphics overlay on Apple platforms.
import CoreGraphics
#endif

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
    public init(frame: CGRect, cornerRadius: CGFloat, kind: Kind) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.kind = kind
    }

    /// Hashes every field; written out because `CGRect` is not `Hashable` on Apple platforms.
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
