import Foundation

// Nested in LayoutContext, not top level: SwiftUI declares a public `ContentSizeCategory` too, and an app
// file importing both modules could not name either unqualified.
extension LayoutContext {
    /// A Dynamic Type text size, spelled with UIKit's raw values so that
    /// `UIContentSizeCategory(rawValue:)` and this type convert both ways without a table.
    ///
    /// The engine never interprets a category beyond equality: a cell measured at one text
    /// size says nothing about its height at another, so each category is its own layout
    /// context.
    ///
    /// Bad input: any string is accepted; an unknown one is simply another context.
    public struct ContentSizeCategory: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// UIKit's raw value, e.g. `"UICTContentSizeCategoryL"`.
        public let rawValue: String

        /// Wraps a raw value as UIKit spells it.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// `UIContentSizeCategory.unspecified`, what a trait collection reports before it has one.
        public static let unspecified = ContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
        /// `UIContentSizeCategory.extraSmall`.
        public static let extraSmall = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
        /// `UIContentSizeCategory.small`.
        public static let small = ContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
        /// `UIContentSizeCategory.medium`.
        public static let medium = ContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
        /// `UIContentSizeCategory.large`, the system default.
        public static let large = ContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
        /// `UIContentSizeCategory.extraLarge`.
        public static let extraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
        /// `UIContentSizeCategory.extraExtraLarge`.
        public static let extraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
        /// `UIContentSizeCategory.extraExtraExtraLarge`.
        public static let extraExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
        /// `UIContentSizeCategory.accessibilityMedium`.
        public static let accessibilityMedium = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
        /// `UIContentSizeCategory.accessibilityLarge`.
        public static let accessibilityLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
        /// `UIContentSizeCategory.accessibilityExtraLarge`.
        public static let accessibilityExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
        /// `UIContentSizeCategory.accessibilityExtraExtraLarge`.
        public static let accessibilityExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
        /// `UIContentSizeCategory.accessibilityExtraExtraExtraLarge`.
        public static let accessibilityExtraExtraExtraLarge = ContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

        /// The raw value without UIKit's prefix, e.g. `L` or `AccessibilityXL`, for log lines.
        ///
        /// - Complexity: O(*n*) in the length of the raw value.
        public var description: String {
            for prefix in ["_UICTContentSizeCategory", "UICTContentSizeCategory"] where rawValue.hasPrefix(prefix) {
                return String(rawValue.dropFirst(prefix.count))
            }
            return rawValue
        }
    }
}
