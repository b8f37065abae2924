import Foundation
import Testing
@testable import TemplateLayoutEngine

/// The precache driver's view of the run-loop turn (review 20d; issue 20's simulator).
@Suite struct RunLoopTurnTests {
    static let millisecond: UInt64 = 1_000_000

    /// Installed mid-turn (precache enabled in `viewDidLoad`): the launch turn's start was
    /// not seen, so the first pass is skipped instead of lengthening the launch frame.
    @Test func aTurnWhoseStartWasNotSeenSkipsItsPass() {
        var turn = RunLoopTurn()
        #expect(turn.passDeadline(startingAt: 300 * Self.millisecond, frameDuration: 1.0 / 120) == nil)
    }

    /// After a skip the start is forgotten: the woken turn's pass has its budget from now,
    /// even when no `afterWaiting` reported the new turn (review L2 stays fixed).
    @Test func afterASkipTheNextPassRunsWithItsBudget() {
        var turn = RunLoopTurn()
        #expect(turn.passDeadline(startingAt: 300 * Self.millisecond, frameDuration: 1.0 / 60) == nil)
        #expect(turn.passDeadline(startingAt: 301 * Self.millisecond, frameDuration: 1.0 / 60) == 305 * Self.millisecond)
    }

    @Test func aTurnStartedWithinTheFrameGivesThePassTheRestOfItsShare() {
        var turn = RunLoopTurn()
        turn.started(at: 100 * Self.millisecond)
        let deadline = turn.passDeadline(startingAt: 105 * Self.millisecond, frameDuration: 1.0 / 120)
        #expect(deadline == 100 * Self.millisecond + UInt64((1.0 / 120 * 0.75) * 1e9))
    }

    /// A turn that ran longer than a frame: its frame is late already.
    @Test func aTurnStartedMoreThanAFrameAgoSkipsItsPass() {
        var turn = RunLoopTurn()
        turn.started(at: 100 * Self.millisecond)
        #expect(turn.passDeadline(startingAt: 125 * Self.millisecond, frameDuration: 1.0 / 60) == nil)
    }
}
