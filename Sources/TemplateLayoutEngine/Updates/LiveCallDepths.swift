import Foundation

/// Which of a thread's calls are still running when its run loop runs a queued block: the
/// rule that keeps "next turn" work out of a run of the loop that code spun inside a call
/// (the UIKit layer's `LiveCalls`; review 18b, F1).
///
/// Each call records how deeply the run loop is nested when it starts. A block that runs
/// deeper than a live call's start runs in a run of the loop entered inside that call. A
/// record at the block's depth or deeper belongs to a call that is over: one that returned
/// normally removes its record, and one cut short by an exception (its cleanup skipped) is
/// dropped by the first block that runs no deeper than it started.
///
/// Invariant: starts are non-decreasing, outermost first.
package struct LiveCallDepths {
    /// How many runs of the loop were entered and not exited, relative to where counting began.
    package private(set) var runLoopDepth = 0
    private var starts: [Int] = []
    /// Counts calls started and ended at or above the outermost recorded call's depth: see
    /// ``LiveCallWait``. Calls in runs of the loop deeper than that do not count: in the
    /// state an exception leaves (the depth one too high for good) every new call is deeper
    /// than the stale record, and counting it would keep the wait from ever ending (review
    /// 18f, F1).
    package private(set) var callActivity: UInt = 0

    private mutating func countActivity() {
        if starts.first.map({ runLoopDepth <= $0 }) ?? true { callActivity &+= 1 }
    }

    /// Creates an empty record, at depth 0.
    package init() {}

    /// A run of the loop was entered (`entered`) or exited.
    package mutating func runLoop(entered: Bool) {
        runLoopDepth += entered ? 1 : -1
    }

    /// Starts a call at the current depth; pass the result to ``leave(_:)``.
    ///
    /// - Complexity: O(1) amortised.
    package mutating func enter() -> Int {
        countActivity()
        starts.append(runLoopDepth)
        return starts.count - 1
    }

    /// Ends `call`, and any call recorded after it (returned before it, or cut short inside it).
    ///
    /// Bad input: a call already ended ends nothing.
    ///
    /// - Complexity: O(calls removed).
    package mutating func leave(_ call: Int) {
        countActivity()
        if starts.count > call { starts.removeSubrange(call...) }
    }

    /// Whether a block running now runs inside a live call; drops the records of calls that
    /// are over. Ask it only from work that a run of the loop started (a queued block, a
    /// timer, an observer): asked by a call's own code at the call's depth, it would take the
    /// call for over.
    ///
    /// - Complexity: O(records dropped).
    package mutating func isInsideALiveCall() -> Bool {
        while let last = starts.last, last >= runLoopDepth { starts.removeLast() }
        return !starts.isEmpty
    }

    /// Forgets every record: for when the depth can no longer be trusted (a run of the loop
    /// left without its exit being seen). Calls recorded from now on are judged afresh.
    ///
    /// - Complexity: O(records).
    package mutating func forgetLiveCalls() {
        starts.removeAll()
    }

    /// How many calls are recorded (live, or cut short and not yet dropped).
    package var recordedCalls: Int { starts.count }
}

/// How long work waits for live calls before it stops trusting their records.
///
/// An exception thrown in a run of the loop spun inside a call, and caught outside it, skips
/// that run's exit (CFRunLoop has no cleanup for it): the depth stays one too high and the
/// records never go stale (review 18d, F2). So work that has waited ``longestWait`` with no
/// call starting or ending at the outermost live call's depth runs anyway. Time with calls
/// coming and going there does not count: a reload measuring row after row, each spinning
/// the loop, is honest work (review 18e). A single run of the loop spun inside a call for
/// longer than that (a synchronous download in an HTML import) gives up too, calls made
/// inside it or not: depth alone cannot tell it from the state an exception leaves.
package struct LiveCallWait {
    /// The longest wait with no call starting or ending.
    package static let longestWait: TimeInterval = 3
    private var since: UInt64?
    private var activityAtStart: UInt = 0

    /// Creates a wait not yet begun.
    package init() {}

    /// Work waits at `now`, in nanoseconds of a monotonic clock (a wall clock set back would
    /// stretch the wait, set forward cut it short), `activity` being
    /// ``LiveCallDepths/callActivity``: whether it has waited long enough to give up.
    package mutating func givesUp(atNanoseconds now: UInt64, activity: UInt) -> Bool {
        guard let since, activity == activityAtStart else {
            since = now
            activityAtStart = activity
            return false
        }
        return Double(now &- since) / 1e9 > Self.longestWait
    }

    /// The work ran: the next wait starts afresh.
    package mutating func ended() {
        since = nil
    }
}

