import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 8, item 11: a pass plans with the data source's counts at pass time, and is skipped
/// while they differ from the table's.
@Suite struct TableShapeAgreementTests {
    @Test func equalCountsAgreeAndPlanTheWholeRange() {
        let agreement = TableShapeAgreement(dataSource: TableShape(rowCounts: [50, 50]), table: TableShape(rowCounts: [50, 50]))
        let plan = PreloadPlanner().plan(
            visible: RowPosition(section: 0, row: 0)...RowPosition(section: 0, row: 9), direction: .towardEnd,
            viewportHeight: 440, shape: agreement.shape, height: { _ in 44 }, isCached: { _ in false })
        #expect(!plan.isEmpty)
        #expect(!agreement.disagrees)
        #expect(agreement.rowsToMeasure(plan) == plan)
    }

    @Test func aSectionCountThatDiffersDisagreesAtOnce() {
        let agreement = TableShapeAgreement(dataSource: TableShape(rowCounts: [10]), table: TableShape(rowCounts: [10, 10]))
        #expect(agreement.disagrees)
        #expect(agreement.sectionCount == 1)
        #expect(agreement.rowsToMeasure([RowPosition(section: 0, row: 0)]) == nil)
    }

    /// The app removed rows from its model and has not told the table yet: the table still
    /// has 100 rows, the model 20. The plan never reaches row 20, and the pass is skipped.
    @Test func rowsTheDataSourceNoLongerHasAreNeverPlanned() {
        let agreement = TableShapeAgreement(dataSource: TableShape(rowCounts: [20]), table: TableShape(rowCounts: [100]))
        let plan = PreloadPlanner().plan(
            visible: RowPosition(section: 0, row: 0)...RowPosition(section: 0, row: 9), direction: .towardEnd,
            viewportHeight: 440, shape: agreement.shape, height: { _ in 44 }, isCached: { _ in false })
        #expect(plan.allSatisfy { $0.row < 20 }, "no row past the data source's count")
        #expect(agreement.disagrees)
        #expect(agreement.rowsToMeasure(plan) == nil, "the pass is skipped until the update lands")
    }

    /// A plan made in an earlier pass, checked again before the next one: the model shrank
    /// since.
    @Test func aPlanFromAnEarlierPassIsCheckedAgainstTheCountsNow() {
        let plan = (10..<40).map { RowPosition(section: 0, row: $0) }
        let shrunk = TableShapeAgreement(dataSource: TableShape(rowCounts: [15]), table: TableShape(rowCounts: [40]))
        #expect(shrunk.rowsToMeasure(plan) == nil)
        let settled = TableShapeAgreement(dataSource: TableShape(rowCounts: [15]), table: TableShape(rowCounts: [15]))
        #expect(settled.rowsToMeasure(plan) == (10..<15).map { RowPosition(section: 0, row: $0) },
                "after the update: only rows the table has")
    }

    @Test func eachSideIsAskedOncePerSectionAndOnlyForSectionsReached() {
        var asked: [Int] = []
        let dataSource = TableShape(sectionCount: 1_000) { section in
            asked.append(section)
            return 5
        }
        let agreement = TableShapeAgreement(dataSource: dataSource, table: TableShape(sectionCount: 1_000) { _ in 5 })
        for _ in 0..<3 {
            #expect(agreement.contains(RowPosition(section: 2, row: 4)))
            #expect(!agreement.contains(RowPosition(section: 2, row: 5)))
        }
        #expect(asked == [2])
        #expect(!agreement.contains(RowPosition(section: 1_000, row: 0)), "a section outside the table")
        #expect(!agreement.contains(RowPosition(section: -1, row: 0)))
        #expect(asked == [2])
    }

    @Test func aSkeletonPausesThePrecache() {
        #expect(PrecacheConditions(isShowingSkeleton: true).decision == .paused(.skeleton))
        #expect(PrecacheConditions(hasUpdatesInFlight: true, isShowingSkeleton: true).decision == .paused(.updatesInFlight))
    }
}
