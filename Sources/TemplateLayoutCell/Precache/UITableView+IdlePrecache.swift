#if canImport(UIKit)
import UIKit

extension UITableView {
    /// Whether heights of the rows ahead are computed during run-loop idle time, before the
    /// user scrolls to them. Off by default.
    ///
    /// What FDTemplateLayoutCell 1.2 tried and dropped, with the reasons it was dropped
    /// addressed: it runs only when the main run loop is about to sleep in the default mode
    /// (never while a finger tracks, which runs in the tracking mode), after Core Animation
    /// has committed the frame, in passes budgeted at 4 ms at 60 Hz (2 ms at 120 Hz: the same
    /// share of the frame): a pass starts a row only when the cost it learned for one fits in
    /// what is left of the budget and of the frame, so a row dearer than that runs alone in a
    /// pass now and then, never two (and may then end after the frame is due); a pass that
    /// could start none wakes the run loop a frame later, so an idle app goes on; it plans with
    /// Texture's preload ranges (2.5 screens ahead in the scroll direction, 1.5 behind); it
    /// pauses during pull-to-refresh, while a batch of updates is open, during a view
    /// controller transition, while a skeleton shows, when the table is hidden or its scene
    /// is in the background, and after a memory warning until the app comes back from the
    /// background.
    /// Rows are measured by calling the delegate's `tableView(_:heightForRowAt:)`, so
    /// precaching changes when a height is computed, never its value. Each pass asks the
    /// data source for its counts and is skipped while they differ from the table's (the
    /// app changed its model and has not told the table yet), so `heightForRowAt` is never
    /// asked about a row the model no longer has.
    ///
    /// - Complexity: a plan costs O(rows in the preload range) per idle pass, whatever the
    ///   table's size.
    public var fd_precacheEnabled: Bool {
        get { existingLayoutState?.precacheDriver?.isEnabled ?? false }
        set {
            // Turning off what was never on creates no state (and installs no hooks).
            guard newValue || existingLayoutState != nil else { return }
            let state = layoutState
            // The driver forgets its plan on reloads and updates, which the update tracking
            // sees: `layoutState` created the table's state, which installed it.
            if newValue, state.precacheDriver == nil { state.precacheDriver = IdlePrecacheDriver(host: self) }
            state.precacheDriver?.isEnabled = newValue
        }
    }
}
#endif
