import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 14, item 9: headers and footers have their own width rule; inset-grouped
/// sections inset cells, not their headers and footers.
@Suite struct HeaderFooterWidthTests {
    @Test(arguments: [TableStyle.plain, .grouped, .insetGrouped])
    func headersSpanTheTableLessTheSafeArea(style: TableStyle) {
        let geometry = TableGeometry(
            tableWidth: 844, style: style, layoutMarginLeft: 67, layoutMarginRight: 67, safeAreaLeft: 47, safeAreaRight: 47)
        #expect(geometry.headerFooterWidth == 750, "\(style)")
    }

    @Test func insetGroupedHeadersAreWiderThanTheirCells() {
        let geometry = TableGeometry(tableWidth: 390, style: .insetGrouped, layoutMarginLeft: 20, layoutMarginRight: 20)
        #expect(geometry.cellWidth == 350)
        #expect(geometry.headerFooterWidth == 390)
    }

    @Test func withoutSafeAreaInsetsHeadersSpanTheWholeTable() {
        let geometry = TableGeometry(
            tableWidth: 844, safeAreaLeft: 47, safeAreaRight: 47, insetsContentViewsToSafeArea: false)
        #expect(geometry.headerFooterWidth == 844)
    }

    @Test func theIndexPlacementDecidesWhetherTheIndexNarrowsHeaders() {
        var geometry = TableGeometry(tableWidth: 390, sectionIndexWidth: 15)
        geometry.headerFooterIndexPlacement = .besideIndex
        #expect(geometry.headerFooterWidth == 375)
        geometry.headerFooterIndexPlacement = .underIndex
        #expect(geometry.headerFooterWidth == 390)
        #expect(geometry.cellWidth == 375, "cells are narrowed either way")
    }

    @Test func theDefaultPlacementIsTheOneTheParityTestChecks() {
        #expect(TableGeometry(tableWidth: 1).headerFooterIndexPlacement == TableGeometry.defaultHeaderFooterIndexPlacement)
    }

    @Test func badInputCountsAsZeroAndTheWidthIsNeverNegative() {
        #expect(TableGeometry(tableWidth: .nan, safeAreaLeft: 10).headerFooterWidth == 0)
        #expect(TableGeometry(tableWidth: 30, safeAreaLeft: 20, safeAreaRight: 20).headerFooterWidth == 0)
        #expect(TableGeometry(tableWidth: 390, safeAreaLeft: -5, safeAreaRight: .infinity).headerFooterWidth == 390)
    }
}
