import Foundation

// Nested in LayoutContext, not top level: SwiftUI declares a public `LegibilityWeight` too, and an app
// file importing both modules could not name either unqualified.
extension LayoutContext {
    /// The weight text is drawn at: regular, or bold when the user turned on Bold Text
    /// (UIKit's `UITraitCollection.legibilityWeight`).
    ///
    /// Bold glyphs are wider, so lines break earlier and a cell can be taller: a height measured
    /// at one weight says nothing about the other, and each weight is its own layout context.
    ///
    /// Bad input: none; UIKit's `.unspecified` is taken as ``regular`` by the UIKit layer.
    public enum LegibilityWeight: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
        /// Text at its regular weight (Bold Text off).
        case regular
        /// Text drawn bolder for legibility (Bold Text on).
        case bold

        /// `regular` or `bold`.
        ///
        /// - Complexity: O(1).
        public var description: String { rawValue }

        /// The byte height files store it as.
        var fileCode: UInt8 { self == .bold ? 1 : 0 }

        /// The weight a file's byte names, or `nil` for a byte no release writes.
        init?(fileCode: UInt8) {
            switch fileCode {
            case 0: self = .regular
            case 1: self = .bold
            default: return nil
            }
        }
    }
}
