import Foundation

/// What an idle precache driver knows of the main run loop's current turn, and when its
/// pass in that turn must stop.
///
/// The driver observes the default mode only: it sees a turn start (`entry`,
/// `afterWaiting`) and its end (`beforeWaiting`, where the pass runs). A start it has not
/// seen counts as long ago: a driver installed mid-turn (precache enabled in `viewDidLoad`,
/// inside the launch turn) must not lengthen that turn's late frame (review 20d). A start
/// older than a frame means the frame is late already, or the start is from before a drag;
/// either way the pass is skipped and a fresh turn asked for, and the start is forgotten, so
/// the fresh turn has a frame from the pass even if no `afterWaiting` comes.
package struct RunLoopTurn: Hashable, Sendable {
    /// `0` for "not seen": long ago. `nil` for "forgotten": the pass's own start counts.
    private var start: UInt64? = 0

    /// A turn whose start was not seen.
    package init() {}

    /// The run loop started a turn at `now`.
    package mutating func started(at now: UInt64) {
        start = now
    }

    /// When a pass that starts at `passStart` must stop
    /// (``IdlePrecache/passDeadline(passStart:budget:turnStart:frameDuration:)``), or `nil`
    /// when it should not run at all and the run loop should be woken for a fresh turn
    /// (``IdlePrecache/asksForAFreshTurn(passStart:turnStart:frameDuration:)``); the start
    /// is then forgotten.
    ///
    /// Bad input: as for those two.
    package mutating func passDeadline(startingAt passStart: UInt64, frameDuration: TimeInterval?) -> UInt64? {
        if IdlePrecache.asksForAFreshTurn(passStart: passStart, turnStart: start, frameDuration: frameDuration) {
            start = nil
            return nil
        }
        return IdlePrecache.passDeadline(passStart: passStart, turnStart: start, frameDuration: frameDuration)
    }
}
