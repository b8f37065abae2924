import Foundation

/// A colour as four components from 0 to 1, in sRGB: what the UIKit layer turns into a
/// `UIColor(red:green:blue:alpha:)` or a `CGColor`.
///
/// Bad input: components below 0 become 0, above 1 become 1, and NaN becomes 0, so every
/// value is drawable.
public struct SkeletonColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0 to 1.
    public let red: Double
    /// Green, 0 to 1.
    public let green: Double
    /// Blue, 0 to 1.
    public let blue: Double
    /// Opacity, 0 (clear) to 1 (opaque).
    public let alpha: Double

    /// A colour from components from 0 to 1, clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamped(red)
        self.green = Self.clamped(green)
        self.blue = Self.clamped(blue)
        self.alpha = Self.clamped(alpha)
    }

    /// A colour from 8-bit components as design tools give them, e.g. `(229, 229, 234)`.
    ///
    /// Bad input: components outside 0...255 are clamped.
    public init(red255 red: Int, green255 green: Int, blue255 blue: Int, alpha: Double = 1) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    /// Decodes a colour, clamping its components as ``init(red:green:blue:alpha:)`` does.
    ///
    /// Bad input: missing fields throw; out-of-range values are clamped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            red: try container.decode(Double.self, forKey: .red), green: try container.decode(Double.self, forKey: .green),
            blue: try container.decode(Double.self, forKey: .blue), alpha: try container.decode(Double.self, forKey: .alpha))
    }

    /// This colour moved `fraction` of the way to `other`, component by component (alpha
    /// included): 0 gives this colour, 1 gives `other`.
    ///
    /// Bad input: a fraction below 0, above 1 or NaN is clamped (NaN to 0).
    public func mixed(with other: SkeletonColor, by fraction: Double) -> SkeletonColor {
        let t = Self.clamped(fraction)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return SkeletonColor(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
                             alpha: mix(alpha, other.alpha))
    }

    private static func clamped(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// E.g. `rgba(229, 229, 234, 1)`.
    public var description: String {
        func byte(_ value: Double) -> Int { Int((value * 255).rounded()) }
        return "rgba(\(byte(red)), \(byte(green)), \(byte(blue)), \(HeightFormat.string(CGFloat(alpha))))"
    }
}
