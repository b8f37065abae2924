import Foundation

/// What a table reports about its width, and the width its cells are laid out at.
///
/// FDTemplateLayoutCell took the table's frame width and subtracted hard-coded
/// accessory widths per accessory type, with a +4 point fix for Plus phones; it ignored
/// the safe area. Here the table-level deductions (safe area, section index) are made from
/// what the table reports, and the cell-level ones (accessory, editing controls) are left
/// to UIKit, which lays the template cell out at ``cellWidth`` and reports its content
/// view's width.
///
/// Bad input: negative, NaN or infinite widths and insets count as 0; a width that the
/// deductions would make negative becomes 0, an unmeasurable context.
public struct TableGeometry: Hashable, Sendable {
    /// The table's bounds width, in points.
    public var tableWidth: CGFloat
    /// The table's left safe-area inset, in points.
    public var safeAreaLeft: CGFloat
    /// The table's right safe-area inset, in points.
    public var safeAreaRight: CGFloat
    /// `UITableView.insetsContentViewsToSafeArea`: whether cells keep out of the safe area.
    public var insetsContentViewsToSafeArea: Bool
    /// The width of the section index on the trailing edge, 0 when there is none.
    public var sectionIndexWidth: CGFloat
    /// Pixels per point.
    public var displayScale: CGFloat
    /// The Dynamic Type size of the table's trait collection.
    public var contentSizeCategory: ContentSizeCategory

    /// Creates a geometry from what the table reports.
    ///
    /// - Complexity: O(1).
    public init(
        tableWidth: CGFloat, safeAreaLeft: CGFloat = 0, safeAreaRight: CGFloat = 0,
        insetsContentViewsToSafeArea: Bool = true, sectionIndexWidth: CGFloat = 0,
        displayScale: CGFloat = 1, contentSizeCategory: ContentSizeCategory = .large
    ) {
        self.tableWidth = tableWidth
        self.safeAreaLeft = safeAreaLeft
        self.safeAreaRight = safeAreaRight
        self.insetsContentViewsToSafeArea = insetsContentViewsToSafeArea
        self.sectionIndexWidth = sectionIndexWidth
        self.displayScale = displayScale
        self.contentSizeCategory = contentSizeCategory
    }

    /// The width a cell is laid out at: the table's width less the safe area (when cells
    /// keep out of it) and the section index.
    ///
    /// - Complexity: O(1).
    public var cellWidth: CGFloat {
        let safeArea = insetsContentViewsToSafeArea ? Self.length(safeAreaLeft) + Self.length(safeAreaRight) : 0
        return max(0, Self.length(tableWidth) - safeArea - Self.length(sectionIndexWidth))
    }

    /// The layout context cells of this table are measured in: the cell width on the pixel
    /// grid and the text size.
    ///
    /// - Complexity: O(1).
    public var layoutContext: LayoutContext {
        LayoutContext(width: cellWidth, displayScale: displayScale, contentSizeCategory: contentSizeCategory)
    }

    private static func length(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? value : 0
    }
}
