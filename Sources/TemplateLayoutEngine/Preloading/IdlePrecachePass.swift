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

    /// Whether the run loop should turn again, and come back for another pass, before it
    /// sleeps: rows are left and this pass measured some. A pass that could not fit a single
    /// measurement before its deadline waits for the run loop's next natural turn instead,
    /// so a row that costs more than a frame never keeps the main thread spinning.
    package var wantsAnotherTurn: Bool { measured > 0 && !remaining.isEmpty }
}
