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

@Suite struct IdlePrecacheTests {
    @Test func aPassStopsWhenItsBudgetIsSpent() {
        var clock: UInt64 = 0
        var measured: [Int] = []
        let result = IdlePrecache.runPass(over: Array(0..<100), budget: 0.004, now: { clock }, isCached: { _ in false }) { row in
            measured.append(row)
            clock += 1_000_000  // each measurement takes 1 ms
        }
        #expect(measured == [0, 1, 2, 3])
        #expect(result.measured == 4)
        #expect(result.remaining.first == 4)
    }

    @Test func rowsCachedSinceTheyWerePlannedAreSkipped() {
        var measured: [Int] = []
        let result = IdlePrecache.runPass(over: [1, 2, 3, 4], budget: 1, now: { 0 }, isCached: { $0.isMultiple(of: 2) }) { measured.append($0) }
        #expect(measured == [1, 3])
        #expect(result.remaining.isEmpty)
    }

    @Test func aBadBudgetMeasuresOneRow() {
        var clock: UInt64 = 0
        let result = IdlePrecache.runPass(over: [1, 2, 3], budget: .nan, now: { clock }, isCached: { _ in false }) { _ in clock += 1 }
        #expect(result.measured == 1)
        #expect(Array(result.remaining) == [2, 3])
    }

    @Test(arguments: [
        (PrecacheConditions(isEnabled: false), PrecacheDecision.paused(.disabled)),
        (PrecacheConditions(isVisible: false), .paused(.hidden)),
        (PrecacheConditions(hadMemoryWarning: true), .paused(.memoryWarning)),
        (PrecacheConditions(isTracking: true), .paused(.tracking)),
        (PrecacheConditions(isRefreshing: true), .paused(.refreshing)),
        (PrecacheConditions(hasUpdatesInFlight: true), .paused(.updatesInFlight)),
        (PrecacheConditions(isFocused: false), .precache(.minimum)),
        (PrecacheConditions(), .precache(.full)),
    ])
    func precachingPausesForEachReason(conditions: PrecacheConditions, decision: PrecacheDecision) {
        #expect(conditions.decision == decision)
    }

    /// What precaching changes is when a height is computed, never its value: rows measured
    /// ahead through the cache get the heights they would have got on demand.
    @Test func precachedHeightsEqualOnDemandHeights() {
        let trueHeight: (RowPosition) -> CGFloat = { CGFloat(40 + ($0.row * 7919) % 97) }
        let precached = TableHeightCache(context: LayoutContext(width: 375))
        let onDemand = TableHeightCache(context: LayoutContext(width: 375))
        let shape = TableShape(rowCounts: [500])
        let plan = PreloadPlanner().plan(
            visible: RowPosition(section: 0, row: 0)...RowPosition(section: 0, row: 9), direction: .towardEnd,
            viewportHeight: 600, shape: shape, height: { precached.estimatedHeight(for: .indexPath($0.indexPath)) },
            isCached: { precached.indexPaths.containsHeight(at: $0.indexPath) })
        _ = IdlePrecache.runPass(over: plan, budget: 1, now: { 0 }, isCached: { precached.indexPaths.containsHeight(at: $0.indexPath) }) { position in
            _ = precached.height(cachedBy: .indexPath(position.indexPath)) { trueHeight(position) }
        }
        #expect(!plan.isEmpty)
        for row in 0..<60 {
            let position = RowPosition(section: 0, row: row)
            let demanded = onDemand.height(cachedBy: .indexPath(position.indexPath)) { trueHeight(position) }
            let served = precached.height(cachedBy: .indexPath(position.indexPath)) { trueHeight(position) }
            #expect(served == demanded, "row \(row)")
        }
    }
}

@Suite struct BatchFetchingPolicyTests {
    let policy = BatchFetchingPolicy()

    @Test func fetchesWithinTwoScreensOfTheEnd() {
        // 10,000 pt of content, 500 pt viewport: fetch once 1,000 pt or less remain.
        #expect(!policy.shouldFetch(contentLength: 10_000, viewportLength: 500, targetOffset: 8_000, direction: .towardEnd, isFetching: false))
        #expect(policy.shouldFetch(contentLength: 10_000, viewportLength: 500, targetOffset: 8_500, direction: .towardEnd, isFetching: false))
    }

    @Test func neverWhileFetchingOrScrollingTowardTheTop() {
        #expect(!policy.shouldFetch(contentLength: 10_000, viewportLength: 500, targetOffset: 9_500, direction: .towardEnd, isFetching: true))
        #expect(!policy.shouldFetch(contentLength: 10_000, viewportLength: 500, targetOffset: 9_500, direction: .towardStart, isFetching: false))
    }

    @Test func alwaysWhenTheContentIsShorterThanTheViewport() {
        #expect(policy.shouldFetch(contentLength: 300, viewportLength: 500, targetOffset: 0, direction: .still, isFetching: false))
    }

    @Test func zeroLeadingScreensAndBadNumbersNeverFetch() {
        #expect(!BatchFetchingPolicy(leadingScreens: 0).shouldFetch(contentLength: 300, viewportLength: 500, targetOffset: 0, direction: .still, isFetching: false))
        #expect(!policy.shouldFetch(contentLength: .nan, viewportLength: 500, targetOffset: 0, direction: .still, isFetching: false))
        #expect(!policy.shouldFetch(contentLength: 1_000, viewportLength: 0, targetOffset: 0, direction: .still, isFetching: false))
    }

    /// The seed article's fixed 70 % threshold drifts as pages accumulate; the screens rule
    /// does not. With 20-row pages of 80 pt and a 667 pt screen, after 50 pages the 70 % rule
    /// fires 15 pages (24,000 pt) before the end; the screens rule 2 screens (1,334 pt) before.
    @Test func theScreensRuleDoesNotDriftAsPagesAccumulateWhereARatioDoes() {
        let page: CGFloat = 20 * 80
        let viewport: CGFloat = 667
        for pages in [1, 5, 50] {
            let content = CGFloat(pages) * page
            let ratioTrigger = 0.7 * content - viewport  // offset where (offset + viewport) / content hits 0.7
            let screensTrigger = content - viewport - 2 * viewport
            let ratioDistance = content - viewport - ratioTrigger
            let screensDistance = content - viewport - screensTrigger
            #expect(screensDistance == 2 * viewport)
            if pages == 50 { #expect(ratioDistance == 0.3 * content) }
            #expect(policy.shouldFetch(contentLength: content, viewportLength: viewport, targetOffset: max(0, screensTrigger), direction: .towardEnd, isFetching: false))
        }
    }

    @Test func theRestingOffsetFollowsUIKitsDeceleration() {
        #expect(ScrollProjection.restingOffset(from: 100, velocity: 0) == 100)
        let projected = ScrollProjection.restingOffset(from: 100, velocity: 1_000)
        #expect(abs(projected - (100 + 0.998 / 0.002)) < 1e-9)
        #expect(ScrollProjection.restingOffset(from: 100, velocity: 1_000, decelerationRate: 1) == 100)
    }
}

@Suite struct ScrollGeometryTests {
    /// A 600 pt table under a 100 pt navigation bar and over a 34 pt home indicator inset.
    let geometry = ScrollGeometry(contentLength: 5_000, boundsLength: 600, insetTop: 100, insetBottom: 34)

    @Test func insetsAreNotVisibleContent() {
        #expect(geometry.visibleLength == 466)
        #expect(geometry.offsetRange == -100...4_434)
        #expect(geometry.contentPosition(atOffset: -100) == 0)
    }

    @Test func batchFetchingCountsScreensOfVisibleContent() {
        let policy = BatchFetchingPolicy()
        // At the last offset nothing is left below; two visible screens (932 pt) before it, fetch.
        #expect(policy.shouldFetch(in: geometry, targetOffset: 4_434 - 932, direction: .towardEnd, isFetching: false))
        #expect(!policy.shouldFetch(in: geometry, targetOffset: 4_434 - 933, direction: .towardEnd, isFetching: false))
    }

    @Test func aRestingOffsetStaysWithinTheScrollableRange() {
        #expect(ScrollProjection.restingOffset(from: 4_000, velocity: 100_000, in: geometry) == 4_434)
        #expect(ScrollProjection.restingOffset(from: 0, velocity: -100_000, in: geometry) == -100)
        let short = ScrollGeometry(contentLength: 200, boundsLength: 600, insetTop: 100)
        #expect(short.offsetRange == -100 ... -100)
    }

    @Test func badLengthsCountAsZero() {
        let bad = ScrollGeometry(contentLength: .nan, boundsLength: -5, insetTop: .infinity)
        #expect(bad.visibleLength == 0)
        #expect(bad.offsetRange == 0...0)
    }
}
