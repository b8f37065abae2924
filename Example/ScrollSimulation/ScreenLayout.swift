import Foundation
import TemplateLayoutEngine

/// The screen a step plays on: the orientation and the text size. Together they set the
/// table's width, the viewport and every row's height (``ScrollFeed/height(of:on:)``).
package struct ScreenLayout: Hashable, Sendable {
    /// Landscape: the table is 844 points wide and 390 tall.
    package var isLandscape = false
    /// Dynamic Type at XXL instead of the default L.
    package var isLargeText = false

    package init(isLandscape: Bool = false, isLargeText: Bool = false) {
        self.isLandscape = isLandscape
        self.isLargeText = isLargeText
    }

    /// An iPhone 15's screen, 390 x 844 points in portrait. The table fills it: safe areas,
    /// bars and insets are left out of the model.
    package var tableWidth: CGFloat { isLandscape ? 844 : 390 }

    /// The table's height on screen.
    package var viewportHeight: CGFloat { isLandscape ? 390 : 844 }

    /// The engine's layout context on this screen: heights measured on one never answer on
    /// another (``LayoutContext``: width, scale, text size).
    package var context: LayoutContext {
        LayoutContext(width: tableWidth, displayScale: 3, contentSizeCategory: isLargeText ? .extraExtraLarge : .large)
    }
}
