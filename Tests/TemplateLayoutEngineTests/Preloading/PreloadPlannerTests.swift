import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct PreloadPlannerTests {
    /// 3 sections of 100 rows, each row 50 points; nothing cached.
    let shape = TableShape(rowCounts: [100, 100, 100])
    let rowHeight: (RowPosition) -> CGFloat = { _ in 50 }
    let nothingCached: (RowPosition) -> Bool = { _ in false }

    func position(_ section: Int, _ row: Int) -> RowPosition { RowPosition(section: section, row: row) }

    @Test func theFullRangePlansTwoAndAHalfScreensAheadThenOneAndAHalfBehind() {
        let plan = PreloadPlanner(range: .full).plan(
            visible: position(0, 40)...position(0, 49), direction: .towardEnd, viewportHeight: 500,
            shape: shape, height: rowHeight, isCached: nothingCached)
        // 2.5 screens of 500 pt at 50 pt a row: 25 rows after row 49; 1.5 screens: 15 before 40.
        #expect(plan.prefix(25) == ArraySlice((50..<75).map { position(0, $0) }))
        #expect(plan.suffix(15) == ArraySlice((25..<40).reversed().map { position(0, $0) }))
        #expect(plan.count == 40)
    }

    @Test func scrollingTowardTheStartLeadsBackward() {
        let plan = PreloadPlanner(range: .full).plan(
            visible: position(0, 40)...position(0, 49), direction: .towardStart, viewportHeight: 500,
            shape: shape, height: rowHeight, isCached: nothingCached)
        #expect(plan.first == position(0, 39))
        #expect(plan.prefix(25).last == position(0, 15))
        #expect(plan.dropFirst(25).first == position(0, 50))
        #expect(plan.count == 40)
    }

    @Test func theMinimumRangePlansHalfAScreenAheadAndAQuarterBehind() {
        let plan = PreloadPlanner(range: .minimum).plan(
            visible: position(1, 10)...position(1, 19), direction: .still, viewportHeight: 500,
            shape: shape, height: rowHeight, isCached: nothingCached)
        #expect(plan == (20..<25).map { position(1, $0) } + (7..<10).reversed().map { position(1, $0) })
    }

    @Test func theWalkCrossesSectionsAndPassesOverEmptyOnes() {
        let shape = TableShape(rowCounts: [3, 0, 0, 2, 5])
        let plan = PreloadPlanner(range: PreloadRange(leadingScreens: 1, trailingScreens: 0)).plan(
            visible: position(0, 0)...position(0, 1), direction: .towardEnd, viewportHeight: 200,
            shape: shape, height: rowHeight, isCached: nothingCached)
        #expect(plan == [position(0, 2), position(3, 0), position(3, 1), position(4, 0)])
    }

    @Test func cachedRowsCountForDistanceButAreNotPlanned() {
        let plan = PreloadPlanner(range: PreloadRange(leadingScreens: 1, trailingScreens: 0)).plan(
            visible: position(0, 0)...position(0, 0), direction: .towardEnd, viewportHeight: 200,
            shape: shape, height: rowHeight, isCached: { $0.row % 2 == 1 })
        #expect(plan == [position(0, 2), position(0, 4)])
    }

    @Test func withNothingVisibleThePlanStartsAtTheTop() {
        let plan = PreloadPlanner(range: PreloadRange(leadingScreens: 1, trailingScreens: 1)).plan(
            visible: nil, direction: .still, viewportHeight: 100,
            shape: TableShape(rowCounts: [0, 4]), height: rowHeight, isCached: nothingCached)
        #expect(plan == [position(1, 0), position(1, 1)])
    }

    @Test func tinyHeightsAreBoundedByTheRowLimit() {
        let plan = PreloadPlanner(range: .full, maximumRowsPerSide: 30).plan(
            visible: position(0, 50)...position(0, 50), direction: .towardEnd, viewportHeight: 500,
            shape: shape, height: { _ in 0 }, isCached: nothingCached)
        #expect(plan.count == 60)
    }

    @Test func badInputPlansNothingOrClamps() {
        let planner = PreloadPlanner()
        #expect(planner.plan(visible: nil, direction: .still, viewportHeight: .nan, shape: shape, height: rowHeight, isCached: nothingCached).isEmpty)
        #expect(planner.plan(visible: nil, direction: .still, viewportHeight: 500, shape: TableShape(rowCounts: []), height: rowHeight, isCached: nothingCached).isEmpty)
        #expect(PreloadPlanner(range: .none).plan(visible: nil, direction: .still, viewportHeight: 500, shape: shape, height: rowHeight, isCached: nothingCached).isEmpty)
        // Visible rows past the end are clamped into the last section, [2:0]...[2:99]: nothing
        // is ahead, and 0.2 screens (two rows) behind [2:0] are the end of section 1.
        let clamped = PreloadPlanner(range: PreloadRange(leadingScreens: 1, trailingScreens: 0.2)).plan(
            visible: position(7, 0)...position(9, 999), direction: .towardEnd, viewportHeight: 500,
            shape: shape, height: rowHeight, isCached: nothingCached)
        #expect(clamped == [position(1, 99), position(1, 98)])
        #expect(PreloadRange(leadingScreens: -1, trailingScreens: .nan) == .none)
    }

    @Test func theDirectionFollowsTheOffset() {
        #expect(ScrollDirection(from: 10, to: 30) == .towardEnd)
        #expect(ScrollDirection(from: 30, to: 10) == .towardStart)
        #expect(ScrollDirection(from: 30, to: 30) == .still)
        #expect(ScrollDirection(from: .nan, to: 30) == .still)
    }
}
