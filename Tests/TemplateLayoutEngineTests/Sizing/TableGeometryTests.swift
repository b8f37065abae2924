import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct TableGeometryTests {
    @Test func theCellWidthLeavesOutTheSafeAreaAndTheSectionIndex() {
        let geometry = TableGeometry(tableWidth: 844, safeAreaLeft: 47, safeAreaRight: 47, sectionIndexWidth: 15)
        #expect(geometry.cellWidth == 735)
    }

    @Test func cellsThatIgnoreTheSafeAreaSpanIt() {
        let geometry = TableGeometry(tableWidth: 844, safeAreaLeft: 47, safeAreaRight: 47, insetsContentViewsToSafeArea: false)
        #expect(geometry.cellWidth == 844)
    }

    @Test func badNumbersCountAsZeroAndTheWidthNeverGoesNegative() {
        #expect(TableGeometry(tableWidth: .nan).cellWidth == 0)
        #expect(TableGeometry(tableWidth: 100, safeAreaLeft: -20, sectionIndexWidth: .infinity).cellWidth == 100)
        #expect(TableGeometry(tableWidth: 30, safeAreaLeft: 20, safeAreaRight: 20).cellWidth == 0)
        #expect(!TableGeometry(tableWidth: 0).layoutContext.isMeasurable)
    }

    @Test func theContextIsTheCellWidthOnThePixelGridAndTheTextSize() {
        let geometry = TableGeometry(tableWidth: 375.4, displayScale: 2, contentSizeCategory: .extraLarge)
        #expect(geometry.layoutContext == LayoutContext(width: 375.5, displayScale: 2, contentSizeCategory: .extraLarge))
    }
}
