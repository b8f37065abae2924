import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 8, item 7: a precache pass runs after Core Animation's commit and never delays the
/// next frame.
@Suite struct IdlePrecacheDeadlineTests {
    private static let millisecond: UInt64 = 1_000_000

    @Test func theObserverRunsAfterTheCommitAndBeforeTheAutoreleasePoolDrains() {
        #expect(PrecacheRunLoopOrder.idlePrecache > PrecacheRunLoopOrder.coreAnimationCommit)
        #expect(PrecacheRunLoopOrder.idlePrecache > PrecacheRunLoopOrder.afterCommit)
        #expect(PrecacheRunLoopOrder.idlePrecache < PrecacheRunLoopOrder.autoreleasePool)
        #expect(PrecacheRunLoopOrder.coreAnimationCommit == 2_000_000, "Core Animation's documented order")
        #expect(PrecacheRunLoopOrder.idlePrecache != 0, "FDTemplateLayoutCell 1.2's order 0 ran before the commit")
    }

    @Test func theBudgetBoundsAPassWhenTheFrameHasRoom() {
        // A 60 Hz frame that began just now: 12.5 ms of it are usable, the 4 ms budget is less.
        let deadline = IdlePrecache.passDeadline(passStart: 100 * Self.millisecond, turnStart: 100 * Self.millisecond, frameDuration: 1.0 / 60)
        #expect(deadline == 104 * Self.millisecond)
    }

    @Test func theNextFrameBoundsAPassWhenTheTurnAlreadyUsedMostOfIt() {
        // 120 Hz: 8.33 ms per frame, three quarters usable (6.25 ms from the turn start).
        // The turn began 5 ms before the pass: 1.25 ms are left, less than the budget.
        let turnStart = 100 * Self.millisecond
        let passStart = turnStart + 5 * Self.millisecond
        let deadline = IdlePrecache.passDeadline(passStart: passStart, turnStart: turnStart, frameDuration: 1.0 / 120)
        #expect(deadline == turnStart + UInt64((1.0 / 120 * 0.75) * 1e9))
        #expect(deadline < passStart + 4 * Self.millisecond)
    }

    @Test func aTurnThatUsedTheWholeFrameLeavesNoTime() {
        let turnStart = 100 * Self.millisecond
        let passStart = turnStart + 20 * Self.millisecond
        #expect(IdlePrecache.passDeadline(passStart: passStart, turnStart: turnStart, frameDuration: 1.0 / 60) == passStart)
    }

    @Test(arguments: [Double.nan, -1, 0, .infinity])
    func aBadFrameDurationLeavesTheBudget(frameDuration: Double) {
        #expect(IdlePrecache.passDeadline(passStart: 0, turnStart: 0, frameDuration: frameDuration) == 4 * Self.millisecond)
    }

    @Test func aBadBudgetGivesNoTime() {
        #expect(IdlePrecache.passDeadline(passStart: 7, budget: .nan, turnStart: nil, frameDuration: 1.0 / 60) == 7)
        #expect(IdlePrecache.passDeadline(passStart: 7, budget: -1, turnStart: nil, frameDuration: nil) == 7)
    }

    @Test func aTurnStartAfterThePassStartCountsAsThePassStart() {
        let deadline = IdlePrecache.passDeadline(passStart: 10 * Self.millisecond, turnStart: 50 * Self.millisecond, frameDuration: 1.0 / 60)
        #expect(deadline == 14 * Self.millisecond)
    }

    @Test func aPassStopsBeforeAMeasurementThatWouldCrossTheDeadline() {
        var clock: UInt64 = 0
        var measured: [Int] = []
        // Each measurement takes 1.5 ms; the deadline is at 4 ms. After two (3 ms), a third
        // would end at 4.5 ms: it is left for the next pass.
        let pass = IdlePrecache.runPass(over: Array(0..<10), until: 4 * Self.millisecond, now: { clock }, isCached: { _ in false }) { row in
            measured.append(row)
            clock += 3 * Self.millisecond / 2
        }
        #expect(measured == [0, 1])
        #expect(pass.remaining.first == 2)
        #expect(pass.slowestMeasurement == 3 * Self.millisecond / 2)
        #expect(pass.nextExpectedCost == 3 * Self.millisecond / 2)
        #expect(pass.wantsAnotherTurn)
        #expect(clock <= 4 * Self.millisecond, "the pass ended before the deadline")
    }

    @Test func theExpectedCostKeepsAPassFromStartingAMeasurementItCannotFinish() {
        var measured = 0
        let pass = IdlePrecache.runPass(over: [1, 2, 3], until: 2 * Self.millisecond, expectedCost: 3 * Self.millisecond, now: { 0 }, isCached: { _ in false }) { _ in
            measured += 1
        }
        #expect(measured == 0)
        #expect(Array(pass.remaining) == [1, 2, 3])
        #expect(!pass.wantsAnotherTurn, "no progress: wait for the run loop's next natural turn, do not spin")
        #expect(pass.nextExpectedCost == 3 * Self.millisecond / 2, "and expect less next time")
    }

    @Test func aDeadlineAlreadyPassedMeasuresNothing() {
        let pass = IdlePrecache.runPass(over: [1, 2], until: 5, now: { 9 }, isCached: { _ in false }) { _ in
            Issue.record("measured after the deadline")
        }
        #expect(pass.measured == 0)
        #expect(pass.remaining.count == 2)
    }

    @Test func cachedRowsAreSkippedWithoutCountingOrTakingTime() {
        var measured: [Int] = []
        let pass = IdlePrecache.runPass(over: [1, 2, 3, 4], until: 10, now: { 0 }, isCached: { $0.isMultiple(of: 2) }) { measured.append($0) }
        #expect(measured == [1, 3])
        #expect(pass.remaining.isEmpty)
        #expect(!pass.wantsAnotherTurn, "nothing left")
    }
}

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

/// Issue 14, item 11: at 120 Hz a pass gets the share of the frame 4 ms is of a 60 Hz one,
/// and no pass runs during a view controller transition.
@Suite struct IdlePrecacheFrameRateTests {
    private static let millisecond: UInt64 = 1_000_000

    @Test func theBudgetIsFourMillisecondsAt60HzAndTwoAt120Hz() {
        #expect(IdlePrecache.budget(frameDuration: 1.0 / 60) == 0.004)
        #expect(abs(IdlePrecache.budget(frameDuration: 1.0 / 120) - 0.002) < 1e-12)
        #expect(IdlePrecache.budget(frameDuration: 1.0 / 30) == 0.004, "a slower screen keeps 4 ms")
    }

    @Test(arguments: [Double.nan, -1, 0, .infinity])
    func aBadFrameDurationGivesTheDefaultBudget(frameDuration: Double) {
        #expect(IdlePrecache.budget(frameDuration: frameDuration) == IdlePrecache.defaultBudget)
        #expect(IdlePrecache.budget(frameDuration: nil) == IdlePrecache.defaultBudget)
    }

    @Test func a120HzPassWithRoomInTheFrameStopsAfterTwoMilliseconds() {
        let start = 100 * Self.millisecond
        let deadline = IdlePrecache.passDeadline(passStart: start, turnStart: start, frameDuration: 1.0 / 120)
        #expect(deadline > start + 2 * Self.millisecond - 10 && deadline <= start + 2 * Self.millisecond,
                "2 ms, not the 4 ms of a 60 Hz frame: \(deadline - start) ns")
    }

    @Test func anExplicitBudgetStillApplies() {
        let deadline = IdlePrecache.passDeadline(passStart: 0, budget: 0.001, turnStart: 0, frameDuration: 1.0 / 120)
        #expect(deadline == Self.millisecond)
    }

    @Test func aTransitionPausesThePrecache() {
        #expect(PrecacheConditions(isInTransition: true).decision == .paused(.transition))
        #expect(PrecacheConditions(isInTransition: false).decision == .precache(.full))
        #expect(PrecacheConditions(isEnabled: false, isInTransition: true).decision == .paused(.disabled),
                "turned off wins")
    }
}
