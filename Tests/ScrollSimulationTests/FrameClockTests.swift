import Testing
@testable import ScrollSimulation

@Suite struct FrameClockTests {
    @Test func aFrameAt120HzIs8Point33Milliseconds() {
        let clock = FrameClock()
        #expect(clock.framesPerSecond == 120)
        #expect(clock.frameNanoseconds == 8_333_333)
        #expect(clock.start(ofFrame: 3) == 24_999_999)
    }

    @Test func sixtyHertzIsAnOptionAndBadRatesFallBackToIt() {
        #expect(FrameClock(framesPerSecond: 60).frameNanoseconds == 16_666_666)
        #expect(FrameClock(framesPerSecond: 0).framesPerSecond == 60)
        #expect(FrameClock(framesPerSecond: -5).framesPerSecond == 60)
    }

    @Test func aFrameOverBudgetHitchesByTheTimeOverAndLeavesNoIdleTime() {
        let budget = FrameClock().frameNanoseconds
        var record = FrameRecord()
        record.frameWork = 2_500_000 * 4
        #expect(record.hitch(budget: budget) == 10_000_000 - budget)
        #expect(record.idleTime(budget: budget) == 0)
    }

    @Test func idleWorkCountsTowardTheHitchAndIdleTimeIsWhatTheTableLeaves() {
        let budget = FrameClock().frameNanoseconds
        var record = FrameRecord()
        record.frameWork = 1_000_000
        #expect(record.idleTime(budget: budget) == budget - 1_000_000)
        #expect(record.hitch(budget: budget) == 0)
        record.idleWork = budget
        #expect(record.hitch(budget: budget) == 1_000_000)
    }

    @Test func workWhileNothingMovesIsNoHitch() {
        var record = FrameRecord()
        record.isAnimating = false
        record.idleWork = 10_000_000
        #expect(record.hitch(budget: FrameClock().frameNanoseconds) == 0)
    }

    @Test func theCostTableHasTheIssuesDefaults() {
        let costs = LayoutCostTable()
        #expect(costs.cost(of: .simple) == 200_000)
        #expect(costs.cost(of: .textHeavy) == 1_000_000)
        #expect(costs.cost(of: .complex) == 2_500_000)
    }
}
