import Foundation

/// What one deadline-bound pass of the idle precache did.
package struct IdlePrecachePass<Rows: Collection> {
    /// How many rows were measured.
    package var measured: Int
    /// The rows left for a later pass, in order.
    package var remaining: Rows.SubSequence
    /// The longest single measurement of this pass, in nanoseconds; 0 when none was made.
    package var slowestMeasurement: UInt64
    /// What to expect one measurement to cost in the next pass, in nanoseconds.
    package var nextExpectedCost: UInt64
    /// What this pass expected one measurement to cost, in nanoseconds.
    package var expectedCost: UInt64

    /// When the next pass should run.
    package enum NextTurn: Hashable, Sendable {
        /// Rows are left and this pass measured some: the run loop turns again at once
        /// (`CFRunLoopWakeUp`) and comes back for another pass before it sleeps.
        case atOnce
        /// Rows are left, none fit this pass, and the cost it expects was halved: a turn a
        /// frame from now (a timer), since an idle app's run loop would otherwise sleep until
        /// the next touch, while spinning at once would keep the main thread busy with rows
        /// that cost more than a frame (review 21b, B1).
        case aFrameLater
        /// Nothing is left, or nothing fit although a measurement was expected to cost
        /// nothing: what stops rows is not their cost (the work before them filled the
        /// budget), so only the run loop's next natural turn may do better; a timer would
        /// wake an idle app every frame for nothing (review 21c, C1).
        case whenTheRunLoopWakes
    }

    /// When the next pass should run; see ``NextTurn``.
    package var nextTurn: NextTurn {
        guard !remaining.isEmpty else { return .whenTheRunLoopWakes }
        if measured > 0 { return .atOnce }
        return nextExpectedCost < expectedCost ? .aFrameLater : .whenTheRunLoopWakes
    }
}
