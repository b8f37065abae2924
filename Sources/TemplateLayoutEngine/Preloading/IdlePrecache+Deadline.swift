import Foundation

extension IdlePrecache {
    /// The share of a frame, counted from the start of the run-loop turn, that a pass may
    /// reach: the rest is for the end of the turn (draining the autorelease pool, going to
    /// sleep) and waking on time for the next frame.
    package static let frameShare: Double = 0.75

    /// The frame ``defaultBudget`` was chosen for: 60 Hz.
    package static let referenceFrameDuration: TimeInterval = 1.0 / 60

    /// The time one pass may use on a screen showing a frame every `frameDuration` seconds:
    /// ``defaultBudget`` (4 ms) at 60 Hz, and the same share of a shorter frame, so 2 ms at
    /// 120 Hz (ProMotion), where a fixed 4 ms would be half the frame. Longer frames keep
    /// 4 ms.
    ///
    /// Bad input: a frame duration that is `nil`, NaN, infinite or not positive gives
    /// ``defaultBudget``.
    package static func budget(frameDuration: TimeInterval?) -> TimeInterval {
        guard let frameDuration, frameDuration.isFinite, frameDuration > 0 else { return defaultBudget }
        return defaultBudget * min(1, frameDuration / referenceFrameDuration)
    }

    /// When a pass that starts at `passStart` must stop: its budget, or the point where it
    /// would delay the next frame, whichever comes first.
    ///
    /// The next frame is due one `frameDuration` after the run loop woke for this turn
    /// (`turnStart`); a pass may reach ``frameShare`` of it. A turn start after the pass
    /// start, or none, counts as the pass start. A turn that used its share already leaves
    /// no time, and so does one that started more than a frame ago: either it ran long and
    /// its frame is late already, so any work now makes the frame later still (issue 20's
    /// simulator: a launch frame over budget made half as long again by the precache), or
    /// the run loop did not wake since (after a finger or a deceleration in UIKit's tracking
    /// mode the default mode resumes without `afterWaiting`). In both cases the caller asks
    /// for a fresh turn instead (``asksForAFreshTurn(passStart:turnStart:frameDuration:)``).
    ///
    /// Bad input: a budget that is not a positive finite number gives a deadline of
    /// `passStart` (nothing is measured); a frame duration that is not a positive finite
    /// number leaves the budget alone.
    ///
    /// - Parameters:
    ///   - passStart: Now, on a monotonic clock in nanoseconds.
    ///   - budget: Seconds a pass may use at most; unless given, ``budget(frameDuration:)``.
    ///   - turnStart: When the run loop last woke, on the same clock.
    ///   - frameDuration: Seconds per frame of the table's screen (1/120 on ProMotion).
    package static func passDeadline(
        passStart: UInt64, budget: TimeInterval? = nil, turnStart: UInt64?, frameDuration: TimeInterval?
    ) -> UInt64 {
        let budgetEnd = passStart &+ nanoseconds(budget ?? self.budget(frameDuration: frameDuration))
        guard let frameDuration, frameDuration.isFinite, frameDuration > 0 else { return budgetEnd }
        if asksForAFreshTurn(passStart: passStart, turnStart: turnStart, frameDuration: frameDuration) { return passStart }
        let start = min(turnStart ?? passStart, passStart)
        let frameEnd = start &+ nanoseconds(frameDuration * frameShare)
        return max(passStart, min(budgetEnd, frameEnd))
    }

    /// Whether a pass at `passStart` should measure nothing and wake the run loop for a new
    /// turn: the turn started more than a frame ago (see
    /// ``passDeadline(passStart:budget:turnStart:frameDuration:)``). The new turn's pass
    /// starts with a fresh frame: one turn's delay, where running now would lengthen a late
    /// frame. The caller skips the pass entirely, so what it learned of the cost per row
    /// stays (``runPass(over:until:expectedCost:now:isCached:measure:isStillValid:)``
    /// halves it after a pass that measured nothing).
    ///
    /// Bad input: no turn start, a turn start after the pass start, or a frame duration
    /// that is not a positive finite number: `false`.
    package static func asksForAFreshTurn(passStart: UInt64, turnStart: UInt64?, frameDuration: TimeInterval?) -> Bool {
        guard let turnStart, turnStart <= passStart, let frameDuration, frameDuration.isFinite, frameDuration > 0 else { return false }
        return passStart - turnStart > nanoseconds(frameDuration)
    }

    /// Measures rows from the front of `plan` while the next measurement is expected to end
    /// before `deadline`; returns what was measured and the rows left.
    ///
    /// A measurement is expected to cost as much as the slowest one so far in this pass, and
    /// at least `expectedCost` (what the previous pass learned). Rows that became cached
    /// since they were planned are skipped without counting. Unlike
    /// ``runPass(over:budget:now:isCached:measure:)`` nothing is measured once the deadline
    /// is near, not even one row: the deadline is the next frame's.
    ///
    /// Bad input: a deadline already passed measures nothing.
    ///
    /// - Parameters:
    ///   - plan: Rows to measure, in order.
    ///   - deadline: When the pass must have returned, on the clock of `now`.
    ///   - expectedCost: Nanoseconds one measurement is expected to take at least.
    ///   - now: A monotonic clock in nanoseconds (injected so tests are deterministic).
    ///   - isCached: Whether a row's height is already known.
    ///   - measure: Computes and caches one row's height.
    ///   - isStillValid: Whether the plan still names the table's rows, asked before each
    ///     row: a measurement runs app code, which may spin the run loop and reload or
    ///     delete rows meanwhile; the pass then stops, and the rest of the plan is left
    ///     unmeasured (review 19b, C1).
    /// - Complexity: O(*m* + *s*) for *m* rows measured and *s* skipped, plus their cost.
    package static func runPass<Rows: Collection>(
        over plan: Rows, until deadline: UInt64, expectedCost: UInt64 = 0, now: () -> UInt64,
        isCached: (Rows.Element) -> Bool, measure: (Rows.Element) -> Void, isStillValid: () -> Bool = { true }
    ) -> IdlePrecachePass<Rows> {
        var measured = 0
        var slowest: UInt64 = 0
        var index = plan.startIndex
        while index != plan.endIndex, isStillValid() {
            let row = plan[index]
            if isCached(row) {
                plan.formIndex(after: &index)
                continue
            }
            let before = now()
            guard before < deadline, deadline - before >= max(expectedCost, slowest) else { break }
            measure(row)
            slowest = max(slowest, now() &- before)
            measured += 1
            plan.formIndex(after: &index)
        }
        // A pass that measured nothing learned nothing: expect less next time, so one slow
        // row (a template created, a first image decoded) does not stop precaching for good.
        let next = measured > 0 ? slowest : expectedCost / 2
        return IdlePrecachePass(measured: measured, remaining: plan[index...], slowestMeasurement: slowest, nextExpectedCost: next, expectedCost: expectedCost)
    }

    private static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return UInt64(min(seconds, 3_600) * 1e9)
    }
}
