import Foundation

/// The traits a skeleton's colours depend on, read from the trait collection of the view
/// it is drawn in: `userInterfaceStyle`, `userInterfaceLevel` and `accessibilityContrast`.
package struct SkeletonTraits: Hashable, Sendable {
    /// Dark mode.
    package var isDark: Bool
    /// The elevated level: sheets, popovers and split-view sidebars in dark mode sit on
    /// lighter greys, where the dark base colour would vanish.
    package var isElevated: Bool
    /// Increase Contrast is on.
    package var isHighContrast: Bool

    /// Traits as read; the defaults are light, base level, normal contrast.
    package init(isDark: Bool = false, isElevated: Bool = false, isHighContrast: Bool = false) {
        self.isDark = isDark
        self.isElevated = isElevated
        self.isHighContrast = isHighContrast
    }
}
