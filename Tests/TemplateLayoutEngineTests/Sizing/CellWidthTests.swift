import Foundation
import Testing
@testable import TemplateLayoutEngine

/// The width a template is laid out at, per table style. Numbers are an iPhone in
/// landscape: 844 points wide, 47-point safe area on both sides, 20-point system margins
/// outside it.
@Suite struct CellWidthTests {
    static let margins: CGFloat = 47 + 20

    @Test(arguments: [TableStyle.plain, .grouped])
    func plainAndGroupedCellsSpanTheTableLessTheSafeArea(style: TableStyle) {
        let geometry = TableGeometry(
            tableWidth: 844, style: style, layoutMarginLeft: Self.margins, layoutMarginRight: Self.margins,
            safeAreaLeft: 47, safeAreaRight: 47)
        #expect(geometry.cellWidth == 750, "the layout margins do not narrow \(style) cells")
        #expect(geometry.sectionInsetLeft == 0 && geometry.sectionInsetRight == 0)
    }

    @Test func insetGroupedSectionsAreInsetByTheLayoutMarginsWhichHoldTheSafeArea() {
        let geometry = TableGeometry(
            tableWidth: 844, style: .insetGrouped, layoutMarginLeft: Self.margins, layoutMarginRight: Self.margins,
            safeAreaLeft: 47, safeAreaRight: 47)
        #expect(geometry.sectionInsetLeft == 67)
        #expect(geometry.cellWidth == CGFloat(844 - 2 * 67), "the safe area is inside the margins, not added to them")
    }

    @Test func insetGroupedOnAPhoneInPortraitIsTheWidthLessBothMargins() {
        let geometry = TableGeometry(tableWidth: 390, style: .insetGrouped, layoutMarginLeft: 20, layoutMarginRight: 20)
        #expect(geometry.cellWidth == 350)
    }

    @Test func marginsSmallerThanTheSafeAreaStillKeepTheContentOutOfIt() {
        // An app that turned off insetsLayoutMarginsFromSafeArea and set 16-point margins.
        let geometry = TableGeometry(
            tableWidth: 844, style: .insetGrouped, layoutMarginLeft: 16, layoutMarginRight: 16,
            safeAreaLeft: 47, safeAreaRight: 0)
        #expect(geometry.cellWidth == CGFloat(844 - 47 - 16))
        let ignoringSafeArea = TableGeometry(
            tableWidth: 844, style: .insetGrouped, layoutMarginLeft: 16, layoutMarginRight: 16,
            safeAreaLeft: 47, safeAreaRight: 0, insetsContentViewsToSafeArea: false)
        #expect(ignoringSafeArea.cellWidth == CGFloat(844 - 32))
    }

    @Test func theSectionIndexNarrowsCellsInEveryStyle() {
        for style in [TableStyle.plain, .grouped, .insetGrouped] {
            let without = TableGeometry(tableWidth: 390, style: style, layoutMarginLeft: 20, layoutMarginRight: 20)
            var with = without
            with.sectionIndexWidth = 15
            #expect(without.cellWidth - with.cellWidth == 15, "\(style)")
        }
    }

    @Test func theIndexPlacementMattersOnlyWhereASectionInsetIsWiderThanTheSafeArea() {
        func width(_ style: TableStyle, _ placement: SectionIndexPlacement) -> CGFloat {
            TableGeometry(
                tableWidth: 390, style: style, layoutMarginLeft: 20, layoutMarginRight: 20,
                sectionIndexWidth: 15, sectionIndexPlacement: placement
            ).cellWidth
        }
        #expect(width(.plain, .besideSectionInset) == width(.plain, .withinSectionInset))
        #expect(width(.grouped, .besideSectionInset) == width(.grouped, .withinSectionInset))
        #expect(width(.insetGrouped, .besideSectionInset) == CGFloat(390 - 20 - 20 - 15))
        #expect(width(.insetGrouped, .withinSectionInset) == CGFloat(390 - 20 - 20), "a 15-point index fits in a 20-point margin")
        let wideIndex = TableGeometry(
            tableWidth: 390, style: .insetGrouped, layoutMarginLeft: 20, layoutMarginRight: 20,
            sectionIndexWidth: 30, sectionIndexPlacement: .withinSectionInset)
        #expect(wideIndex.cellWidth == CGFloat(390 - 20 - 30))
    }

    @Test func theDefaultPlacementIsTheOneTheParityTestChecks() {
        #expect(TableGeometry(tableWidth: 1).sectionIndexPlacement == TableGeometry.defaultSectionIndexPlacement)
    }

    @Test func badMarginsCountAsZero() {
        let geometry = TableGeometry(tableWidth: 390, style: .insetGrouped, layoutMarginLeft: .nan, layoutMarginRight: -20)
        #expect(geometry.cellWidth == 390)
        #expect(TableGeometry(tableWidth: 30, style: .insetGrouped, layoutMarginLeft: 20, layoutMarginRight: 20).cellWidth == 0)
    }

    @Test func theEditingStateIsPartOfTheContext() {
        let geometry = TableGeometry(tableWidth: 390, displayScale: 3, isEditing: true)
        #expect(geometry.layoutContext.isEditing)
        #expect(geometry.layoutContext != TableGeometry(tableWidth: 390, displayScale: 3).layoutContext)
        #expect(geometry.layoutContext.width == 390, "editing controls are UIKit's to take off, not the geometry's")
    }
}
