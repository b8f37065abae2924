import Foundation
import Testing
@testable import TemplateLayoutEngine

/// The rule that keeps "next turn" work out of a run of the run loop spun inside one of the
/// package's calls (review 18b, F1), and lets a call cut short by an exception go.
@Suite struct LiveCallDepthsTests {
    @Test func aBlockInARunOfTheLoopEnteredInsideACallIsInsideIt() {
        var depths = LiveCallDepths()
        let call = depths.enter()
        depths.runLoop(entered: true)   // the app's code runs the loop (HTML import)
        let inside1 = depths.isInsideALiveCall()
        #expect(inside1)
        depths.runLoop(entered: false)
        depths.leave(call)
        let inside2 = depths.isInsideALiveCall()
        #expect(!inside2, "the call returned")
    }

    @Test func aBlockAtTheDepthACallStartedIsNotInsideItAndDropsItsRecord() {
        var depths = LiveCallDepths()
        _ = depths.enter()   // cut short by an exception: never left
        let inside3 = depths.isInsideALiveCall()
        #expect(!inside3, "a block at its depth runs after it")
        #expect(depths.recordedCalls == 0)
    }

    @Test func aCallCutShortInsideAnotherIsDroppedWhenTheOuterOneLeaves() {
        var depths = LiveCallDepths()
        let outer = depths.enter()
        _ = depths.enter()   // a measurement inside the batch, cut short
        depths.leave(outer)
        #expect(depths.recordedCalls == 0)
    }

    @Test func nestedCallsInsideARunOfTheLoopAreLiveUntilEachLeaves() {
        var depths = LiveCallDepths()
        let batch = depths.enter()
        depths.runLoop(entered: true)
        let measurement = depths.enter()   // started inside the spun run, at depth 1
        depths.runLoop(entered: true)
        let inside4 = depths.isInsideALiveCall()
        #expect(inside4)
        depths.runLoop(entered: false)
        let inside5 = depths.isInsideALiveCall()
        #expect(inside5, "at depth 1 the measurement's record is over, the batch's is not")
        #expect(depths.recordedCalls == 1)
        depths.leave(measurement)
        depths.runLoop(entered: false)
        depths.leave(batch)
        let inside6 = depths.isInsideALiveCall()
        #expect(!inside6)
    }

    @Test func leavingTwiceEndsNothingMore() {
        var depths = LiveCallDepths()
        let first = depths.enter()
        depths.leave(first)
        let second = depths.enter()
        depths.leave(first + 5)
        #expect(depths.recordedCalls == 1)
        depths.leave(second)
        #expect(depths.recordedCalls == 0)
    }

    /// A run of the loop left by an exception, its exit never seen: the depth stays one too
    /// high and the call it cut short looks live for ever, until its records are forgotten.
    @Test func aRunLeftWithoutItsExitKeepsACallLiveUntilTheRecordsAreForgotten() {
        var depths = LiveCallDepths()
        _ = depths.enter()
        depths.runLoop(entered: true)   // the exception unwinds through it: no exit
        let stuck = depths.isInsideALiveCall()
        #expect(stuck)
        depths.forgetLiveCalls()
        let afterwards = depths.isInsideALiveCall()
        #expect(!afterwards)
        let next = depths.enter()   // judged afresh at the (inflated) depth
        let inside = depths.isInsideALiveCall()
        #expect(!inside, "a block at the depth the call began is after it")
        depths.leave(next)
    }
}

/// How long work waits for live calls before it stops trusting their records.
@Suite struct LiveCallWaitTests {
    /// Nanoseconds of the monotonic clock the UIKit layer passes.
    func at(_ seconds: Double) -> UInt64 { UInt64(seconds * 1e9) + 1_000_000_000 }

    @Test func workGivesUpAfterTheLongestWaitWithNoCallStartingOrEnding() {
        var wait = LiveCallWait()
        let first = wait.givesUp(atNanoseconds: at(0), activity: 7)
        let atTheLimit = wait.givesUp(atNanoseconds: at(LiveCallWait.longestWait), activity: 7)
        let past = wait.givesUp(atNanoseconds: at(LiveCallWait.longestWait + 0.1), activity: 7)
        #expect(!first)
        #expect(!atTheLimit)
        #expect(past)
    }

    /// Review 18e: a reload measuring row after row, each spinning the loop, keeps calls
    /// coming and going at its depth; that is honest work, however long.
    @Test func callsComingAndGoingAtTheLiveCallsDepthRestartTheWait() {
        var wait = LiveCallWait()
        var depths = LiveCallDepths()
        let reload = depths.enter()
        for second in 0..<10 {
            depths.runLoop(entered: true)   // the HTML import of one row
            let gaveUp = wait.givesUp(atNanoseconds: at(Double(second)), activity: depths.callActivity)
            #expect(!gaveUp, "second \(second)")
            depths.runLoop(entered: false)
            depths.leave(depths.enter())   // the next row's measurement, at the reload's depth
        }
        depths.leave(reload)
    }

    /// Review 18f, F1: after an exception left the depth one too high, the app keeps making
    /// calls, all deeper than the stale record; they must not keep the wait from ending.
    @Test func callsMadeDeeperThanAStaleRecordDoNotRestartTheWait() {
        var wait = LiveCallWait()
        var depths = LiveCallDepths()
        _ = depths.enter()                 // cut short by the exception
        depths.runLoop(entered: true)      // whose exit was never seen
        var gaveUp = false
        for second in 0...4 {
            depths.leave(depths.enter())   // the app's updates, once a second
            gaveUp = wait.givesUp(atNanoseconds: at(Double(second)), activity: depths.callActivity)
        }
        #expect(gaveUp)
    }

    @Test func aWaitThatEndedStartsAfresh() {
        var wait = LiveCallWait()
        _ = wait.givesUp(atNanoseconds: at(0), activity: 1)
        wait.ended()
        let gaveUp = wait.givesUp(atNanoseconds: at(10), activity: 1)
        #expect(!gaveUp, "a new wait, not the old one")
    }
}
