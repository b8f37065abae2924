import Foundation
#if canImport(CoreGraphics)
// CGRect's members and conformances live in the CoreGraphics overlay on Apple platforms.
import CoreGraphics
#endif

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
