import Foundation

/// How far ahead of and behind the visible rows heights are worth computing, in screens,
/// after Texture's (AsyncDisplayKit's) preload ranges.
///
/// "Leading" is the direction of scrolling, "trailing" the other way.
package struct PreloadRange: Hashable, Sendable {
    /// Screens ahead, in the scroll direction.
    package var leadingScreens: CGFloat
    /// Screens behind.
    package var trailingScreens: CGFloat

    /// Creates a range; negative, NaN or infinite screens count as 0.
    package init(leadingScreens: CGFloat, trailingScreens: CGFloat) {
        self.leadingScreens = Self.screens(leadingScreens)
        self.trailingScreens = Self.screens(trailingScreens)
    }

    /// Texture's full preload range: 2.5 screens leading, 1.5 trailing.
    package static let full = PreloadRange(leadingScreens: 2.5, trailingScreens: 1.5)
    /// Texture's minimum preload range, for a list that is not the user's focus: 0.5 and 0.25.
    package static let minimum = PreloadRange(leadingScreens: 0.5, trailingScreens: 0.25)
    /// Nothing beyond the visible rows: a hidden table, or after a memory warning.
    package static let none = PreloadRange(leadingScreens: 0, trailingScreens: 0)

    /// Whether the range reaches beyond the visible rows at all.
    package var isEmpty: Bool { leadingScreens == 0 && trailingScreens == 0 }

    private static func screens(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? value : 0
    }
}
