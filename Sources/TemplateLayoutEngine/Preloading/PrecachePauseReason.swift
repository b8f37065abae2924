import Foundation

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
