import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 14, item 12: when the table has index titles and the index view cannot be found,
/// the width comes from a displayed cell's content.
@Suite struct SectionIndexFallbackTests {
    @Test func aDisplayedContentWidthStandsInForAnUnreadIndex() {
        let geometry = TableGeometry(tableWidth: 390, safeAreaLeft: 10, safeAreaRight: 10, displayedContentWidth: 355)
        #expect(geometry.effectiveSectionIndexWidth == 15)
        #expect(geometry.cellWidth == 355)
        #expect(geometry.headerFooterWidth == 355, "headers are narrowed by the inferred index too")
    }

    @Test func insetGroupedWithTheIndexWithinTheInsetGivesTheSameCellWidth() {
        let geometry = TableGeometry(
            tableWidth: 390, style: .insetGrouped, layoutMarginLeft: 20, layoutMarginRight: 20,
            sectionIndexPlacement: .withinSectionInset, displayedContentWidth: 330)
        #expect(geometry.cellWidth == 330)
        #expect(geometry.effectiveSectionIndexWidth == 40)
    }

    @Test func aReadIndexWinsOverTheDisplayedWidth() {
        let geometry = TableGeometry(tableWidth: 390, sectionIndexWidth: 15, displayedContentWidth: 300)
        #expect(geometry.effectiveSectionIndexWidth == 15)
        #expect(geometry.cellWidth == 375)
    }

    @Test(arguments: [CGFloat(0), -1, .nan, .infinity, 390, 500])
    func anUnusableDisplayedWidthLeavesNoIndex(displayed: CGFloat) {
        let geometry = TableGeometry(tableWidth: 390, displayedContentWidth: displayed)
        #expect(geometry.effectiveSectionIndexWidth == 0)
        #expect(geometry.cellWidth == 390)
    }
}
