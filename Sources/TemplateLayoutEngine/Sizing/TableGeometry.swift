import Foundation

/// What a table reports about its width, and the width its cells' content is laid out at.
///
/// FDTemplateLayoutCell took the table's frame width and subtracted hard-coded
/// accessory widths per accessory type, with a +4 point fix for Plus phones; it ignored
/// the safe area and the table's style. Here the table-level deductions (section inset,
/// safe area, section index) are made from what the table reports, and the cell-level ones
/// (accessory, editing controls) are left to UIKit, which lays the template cell out at
/// ``cellWidth`` and reports its content view's width.
///
/// What is not a width: `cellLayoutMarginsFollowReadableWidth` moves a displayed cell's
/// layout margins in to the readable content guide; the cell keeps its width. It changes
/// where margin-relative constraints fall inside the cell, not the width the cell is laid
/// out at, so it is not an input here (see the article "How heights are measured" on templates' margins).
///
/// Left and right are the leading and trailing sides of a left-to-right layout: "right" is
/// the side the section index is on, so a right-to-left table passes its insets mirrored.
///
/// Bad input: negative, NaN or infinite widths and insets count as 0; a width that the
/// deductions would make negative becomes 0, an unmeasurable context.
package struct TableGeometry: Hashable, Sendable {
    /// The table's bounds width, in points.
    package var tableWidth: CGFloat
    /// The table's style.
    package var style: TableStyle
    /// The table's left layout margin, in points (`UITableView.layoutMargins.left`, which
    /// already holds the safe area when the table insets its margins from it).
    package var layoutMarginLeft: CGFloat
    /// The table's right layout margin, in points.
    package var layoutMarginRight: CGFloat
    /// The table's left safe-area inset, in points.
    package var safeAreaLeft: CGFloat
    /// The table's right safe-area inset, in points.
    package var safeAreaRight: CGFloat
    /// `UITableView.insetsContentViewsToSafeArea`: whether cells keep out of the safe area.
    package var insetsContentViewsToSafeArea: Bool
    /// The width of the section index on the trailing edge, 0 when there is none.
    package var sectionIndexWidth: CGFloat
    /// Where the section index sits in an inset-grouped table.
    package var sectionIndexPlacement: SectionIndexPlacement
    /// Whether the section index narrows headers and footers.
    package var headerFooterIndexPlacement: HeaderFooterIndexPlacement
    /// The content view width of a displayed cell with no accessory and no editing controls,
    /// given only when the table has section index titles but its index view could not be
    /// found (UIKit has no API for it, and its private class may be renamed); `nil`
    /// otherwise. While ``sectionIndexWidth`` is 0 the index's width is inferred from it:
    /// see ``effectiveSectionIndexWidth``.
    package var displayedContentWidth: CGFloat?
    /// Whether the table has index titles but UIKit has not added its index view yet (see
    /// ``SectionIndexTracker``): ``sectionIndexWidth`` is then a guess, so the context is
    /// unmeasurable (nothing is cached in it) while ``cellWidth`` is the guessed width.
    package var sectionIndexIsPending = false
    /// Pixels per point.
    package var displayScale: CGFloat
    /// The Dynamic Type size of the table's trait collection.
    package var contentSizeCategory: LayoutContext.ContentSizeCategory
    /// Whether the table is in editing mode.
    package var isEditing: Bool
    /// The text weight of the table's trait collection: bold while Bold Text is on.
    package var legibilityWeight: LayoutContext.LegibilityWeight

    /// The placement used unless one is passed: the device parity test
    /// `SelfSizingParityTests.testInsetGroupedWithASectionIndexMatchesUIKit` says whether
    /// it is right; change it here if that test fails and the other placement passes.
    package static let defaultSectionIndexPlacement = SectionIndexPlacement.besideSectionInset

    /// The header and footer placement used unless one is passed: the device parity test
    /// `SelfSizingParityTests.testHeadersAndFootersWithASectionIndexMatchUIKit` says whether
    /// it is right; change it here if that test fails and the other placement passes.
    package static let defaultHeaderFooterIndexPlacement = HeaderFooterIndexPlacement.besideIndex

    /// Creates a geometry from what the table reports.
    package init(
        tableWidth: CGFloat, style: TableStyle = .plain, layoutMarginLeft: CGFloat = 0, layoutMarginRight: CGFloat = 0,
        safeAreaLeft: CGFloat = 0, safeAreaRight: CGFloat = 0,
        insetsContentViewsToSafeArea: Bool = true, sectionIndexWidth: CGFloat = 0,
        sectionIndexPlacement: SectionIndexPlacement = TableGeometry.defaultSectionIndexPlacement,
        headerFooterIndexPlacement: HeaderFooterIndexPlacement = TableGeometry.defaultHeaderFooterIndexPlacement,
        displayedContentWidth: CGFloat? = nil,
        displayScale: CGFloat = 1, contentSizeCategory: LayoutContext.ContentSizeCategory = .large, isEditing: Bool = false,
        legibilityWeight: LayoutContext.LegibilityWeight = .regular
    ) {
        self.tableWidth = tableWidth
        self.style = style
        self.layoutMarginLeft = layoutMarginLeft
        self.layoutMarginRight = layoutMarginRight
        self.safeAreaLeft = safeAreaLeft
        self.safeAreaRight = safeAreaRight
        self.insetsContentViewsToSafeArea = insetsContentViewsToSafeArea
        self.sectionIndexWidth = sectionIndexWidth
        self.sectionIndexPlacement = sectionIndexPlacement
        self.headerFooterIndexPlacement = headerFooterIndexPlacement
        self.displayedContentWidth = displayedContentWidth
        self.displayScale = displayScale
        self.contentSizeCategory = contentSizeCategory
        self.isEditing = isEditing
        self.legibilityWeight = legibilityWeight
    }

    /// How far an inset-grouped table insets its sections from its left edge: its left
    /// layout margin; 0 in the other styles.
    package var sectionInsetLeft: CGFloat { style == .insetGrouped ? Self.length(layoutMarginLeft) : 0 }

    /// How far an inset-grouped table insets its sections from its right edge.
    package var sectionInsetRight: CGFloat { style == .insetGrouped ? Self.length(layoutMarginRight) : 0 }

    /// The width a template cell is laid out at so that its content view is as wide as a
    /// displayed cell's: the table's width less, on each side, the section inset or the
    /// safe area, whichever reaches further in (the safe area only when cells keep out of
    /// it), and less the section index (``effectiveSectionIndexWidth``).
    ///
    /// - Plain and grouped tables: a displayed cell spans the table and UIKit insets its
    ///   content view by the safe area; a detached template has no safe area, so it is laid
    ///   out that much narrower instead.
    /// - Inset-grouped tables: cells are as wide as their section, which is inset by the
    ///   table's layout margins. Those margins normally contain the safe area already; when
    ///   the app gave smaller ones, the safe area still keeps the content view out.
    package var cellWidth: CGFloat {
        cellWidth(sectionIndexWidth: effectiveSectionIndexWidth)
    }

    /// The width a template header or footer view is laid out at: the table's width less the
    /// safe area (when content views keep out of it; a detached template has none) and, by
    /// ``headerFooterIndexPlacement``, the section index. Never the section inset of an
    /// inset-grouped table: its headers and footers span the table, and only their content
    /// lines up with the inset cells, through their layout margins.
    package var headerFooterWidth: CGFloat {
        let insets = insetsContentViewsToSafeArea
        let left = insets ? Self.length(safeAreaLeft) : 0
        var right = insets ? Self.length(safeAreaRight) : 0
        if headerFooterIndexPlacement == .besideIndex { right += effectiveSectionIndexWidth }
        return max(0, Self.length(tableWidth) - left - right)
    }

    /// The section index width the widths are computed with: ``sectionIndexWidth`` when the
    /// index view was read; else, with a ``displayedContentWidth``, the index width that makes
    /// ``cellWidth`` that displayed content width (0 if it is no narrower than a table
    /// without an index gives); else 0.
    package var effectiveSectionIndexWidth: CGFloat {
        let read = Self.length(sectionIndexWidth)
        guard read == 0, let displayed = displayedContentWidth, displayed.isFinite, displayed > 0 else { return read }
        let withoutIndex = cellWidth(sectionIndexWidth: 0)
        guard displayed < withoutIndex else { return 0 }
        switch sectionIndexPlacement {
        case .besideSectionInset:
            return withoutIndex - displayed
        case .withinSectionInset:
            // The trailing deduction the displayed width implies, less what the safe area takes.
            let insets = insetsContentViewsToSafeArea
            let left = insets ? max(sectionInsetLeft, Self.length(safeAreaLeft)) : sectionInsetLeft
            let right = Self.length(tableWidth) - left - displayed
            return max(0, right - (insets ? Self.length(safeAreaRight) : 0))
        }
    }

    private func cellWidth(sectionIndexWidth index: CGFloat) -> CGFloat {
        let insets = insetsContentViewsToSafeArea
        let left = insets ? max(sectionInsetLeft, Self.length(safeAreaLeft)) : sectionInsetLeft
        var right = insets ? max(sectionInsetRight, Self.length(safeAreaRight)) : sectionInsetRight
        switch sectionIndexPlacement {
        case .besideSectionInset:
            right += index
        case .withinSectionInset:
            right = max(right, (insets ? Self.length(safeAreaRight) : 0) + index)
        }
        return max(0, Self.length(tableWidth) - left - right)
    }

    /// The layout context cells of this table are measured in: the cell width on the pixel
    /// grid, the text size and weight, and the editing state. Unmeasurable (width 0) while
    /// the section index is pending: a height measured at a guessed width must not be cached.
    package var layoutContext: LayoutContext {
        LayoutContext(width: sectionIndexIsPending ? 0 : cellWidth, displayScale: displayScale, contentSizeCategory: contentSizeCategory, isEditing: isEditing,
                      legibilityWeight: legibilityWeight)
    }

    static func length(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? value : 0
    }
}
