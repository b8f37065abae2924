import Foundation

/// One idle pass of the precache: measures planned rows until a time budget is spent, so
/// a pass never holds the main thread for more than about one frame's spare time.
package enum IdlePrecache {
    /// The time one pass may use by default: 4 ms, a quarter of a 60 Hz frame.
    package static let defaultBudget: TimeInterval = 0.004

    /// Measures rows from the front of `plan` until `budget` is spent; returns how many were
    /// measured and the rows left for the next pass.
    ///
    /// Rows that became cached since they were planned are skipped without counting. The
    /// clock is read after each measurement, so a pass can overrun the budget by at most one
    /// measurement, and always measures at least one row when one is left.
    ///
    /// Bad input: a budget that is not a positive finite number measures one row.
    ///
    /// - Parameters:
    ///   - plan: Rows to measure, in order.
    ///   - budget: Seconds this pass may use.
    ///   - now: A monotonic clock in nanoseconds (injected so tests are deterministic).
    ///   - isCached: Whether a row's height is already known.
    ///   - measure: Computes and caches one row's height.
    /// - Complexity: O(*m* + *s*) for *m* rows measured and *s* skipped, plus their cost.
    package static func runPass<Rows: Collection>(
        over plan: Rows, budget: TimeInterval = defaultBudget, now: () -> UInt64,
        isCached: (Rows.Element) -> Bool, measure: (Rows.Element) -> Void
    ) -> (measured: Int, remaining: Rows.SubSequence) {
        let allowance = budget.isFinite && budget > 0 ? UInt64(budget * 1e9) : 0
        let start = now()
        var measured = 0
        var index = plan.startIndex
        while index != plan.endIndex {
            let row = plan[index]
            plan.formIndex(after: &index)
            if isCached(row) { continue }
            measure(row)
            measured += 1
            if now() &- start >= allowance { break }
        }
        return (measured, plan[index...])
    }
}
