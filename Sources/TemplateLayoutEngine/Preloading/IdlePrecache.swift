import Foundation

/// Whether heights may be computed ahead of time now, and how far: the rules of the idle
/// precache, which FDTemplateLayoutCell 1.2 had and dropped in 1.4 because it fought
/// pull-to-refresh and nobody measured its gain.
package enum PrecacheDecision: Hashable, Sendable {
    /// Measure rows in this range.
    case precache(PreloadRange)
    /// Not now, and why.
    case paused(PrecachePauseReason)
}

/// Why the idle precache is not running.
package enum PrecachePauseReason: String, Hashable, Sendable {
    /// The table is hidden, not in a window, or in a scene in the background: nothing is
    /// worth computing for it.
    case hidden
    /// A memory warning came: measuring more would make it worse.
    case memoryWarning
    /// The user's finger is on the table; idle work would compete with scrolling.
    case tracking
    /// Pull-to-refresh is running; the rows are about to change.
    case refreshing
    /// A batch of updates is open; index paths mean nothing until it ends.
    case updatesInFlight
    /// A view controller transition is running (a push, a pop, a sheet): its frames are the
    /// ones the user watches, and the table's rows may be about to leave the screen.
    case transition
    /// A skeleton stands in for the table's data source and delegate: the rows are not the
    /// app's yet, and its `heightForRowAt` is not the one answering.
    case skeleton
    /// Precaching is turned off.
    case disabled
}

/// The conditions the precache decision depends on, as the UIKit layer reads them.
package struct PrecacheConditions: Hashable, Sendable {
    /// Whether precaching is on for the table.
    package var isEnabled: Bool
    /// Whether the table is in a window, not hidden, and its scene (if any) not in the
    /// background.
    package var isVisible: Bool
    /// Whether a memory warning came since precaching was enabled or last reset.
    package var hadMemoryWarning: Bool
    /// Whether the user's finger is on the table.
    package var isTracking: Bool
    /// Whether the table's refresh control is refreshing.
    package var isRefreshing: Bool
    /// Whether a batch of updates is open.
    package var hasUpdatesInFlight: Bool
    /// Whether the table is the user's focus; Texture's minimum range otherwise.
    package var isFocused: Bool
    /// Whether a skeleton shows in place of the table's rows.
    package var isShowingSkeleton: Bool
    /// Whether the table's view controller is in a transition (UIKit's
    /// `transitionCoordinator` is set).
    package var isInTransition: Bool

    /// Creates conditions; every flag defaults to the case where precaching runs in full.
    ///
    /// - Complexity: O(1).
    package init(
        isEnabled: Bool = true, isVisible: Bool = true, hadMemoryWarning: Bool = false, isTracking: Bool = false,
        isRefreshing: Bool = false, hasUpdatesInFlight: Bool = false, isFocused: Bool = true,
        isShowingSkeleton: Bool = false, isInTransition: Bool = false
    ) {
        self.isEnabled = isEnabled
        self.isVisible = isVisible
        self.hadMemoryWarning = hadMemoryWarning
        self.isTracking = isTracking
        self.isRefreshing = isRefreshing
        self.hasUpdatesInFlight = hasUpdatesInFlight
        self.isFocused = isFocused
        self.isShowingSkeleton = isShowingSkeleton
        self.isInTransition = isInTransition
    }

    /// The decision: paused for the first reason that applies (in the order of the
    /// properties, a transition just before the skeleton), else the full range, or the
    /// minimum one when not focused.
    ///
    /// - Complexity: O(1).
    package var decision: PrecacheDecision {
        if !isEnabled { return .paused(.disabled) }
        if !isVisible { return .paused(.hidden) }
        if hadMemoryWarning { return .paused(.memoryWarning) }
        if isTracking { return .paused(.tracking) }
        if isRefreshing { return .paused(.refreshing) }
        if hasUpdatesInFlight { return .paused(.updatesInFlight) }
        if isInTransition { return .paused(.transition) }
        if isShowingSkeleton { return .paused(.skeleton) }
        return .precache(isFocused ? .full : .minimum)
    }
}

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
