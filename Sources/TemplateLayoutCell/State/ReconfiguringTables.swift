#if canImport(UIKit)
import UIKit

/// The tables inside a `reconfigureRows(at:)` call the package's hook forwarded to UIKit.
///
/// While a shown row is reconfigured, UIKit's `dequeueReusableCell(withIdentifier:)` returns
/// the row's shown cell, and raises `NSInternalInconsistencyException` for another
/// identifier ("Attempted to dequeue a cell for a different reuse identifier than the
/// existing cell when reconfiguring a row", iOS 26.1 UIKitCore; reviews 20a, 20c). The
/// package cannot see that window, only the call around it, so inside the call nothing is
/// dequeued by identifier: a template is made from the recorded registration
/// (``TableCellRegistrations``), or the request answers the fallback for a turn.
///
/// UIKit's window is narrower than the call: an unbatched reconfigure ends with the update's
/// end, where UIKit asks heights (every row without estimated heights, Q7) and any dequeue
/// is allowed. So on a table the package measures, when a window opens, the hook opens the
/// update itself before the call and ends it after the mark (``UpdatesBeneathHooks``): UIKit's
/// unbatched reconfigure is one update already (setup, the rows, the end), and inside an
/// update only its end waits, so the end's heights are asked outside the mark (reviews 20e,
/// 20g, 20i, 20k). When no reconfigured row is shown UIKit opens no window, and dequeuing is
/// allowed throughout.
///
/// Kept outside ``TableLayoutState``: the table's first package call can come from inside
/// the call, and create the state there; a table without state when the call began never
/// dequeues inside it.
@MainActor
enum ReconfiguringTables {
    /// A table's reconfigure calls in progress: a reconfigure can run app code that
    /// reconfigures again.
    private struct Mark {
        var depth: Int
        /// Whether every call is known to open no window in UIKit.
        var allowsDequeue: Bool
        /// Updates the calls opened and have not ended yet (only on a table with state).
        var openUpdates = 0
        /// The table's state, weakly: not the table, as a weak reference cannot be formed to
        /// an object being deallocated, and a subclass may call a hooked method from its
        /// `deinit` (review 20v). Associated objects are released after the table's dealloc,
        /// so during it the state is still alive, and after it `nil`: the table is gone.
        weak var state: TableLayoutState?
        /// Whether the outermost call found the state (so `nil` now means the table is gone).
        var hadState: Bool
        /// The main run loop's depth, and the time, when the outermost call began.
        var start: CallStart

        /// Whether the table the mark was made for is gone.
        @MainActor var tableIsGone: Bool {
            guard hadState else { return false }
            guard let state else { return true }
            return state.table == nil
        }
    }

    /// A table's hooked UIKit calls in progress. No reference to the table (see
    /// ``Mark/state``): a count an exception left is forgotten by depth or age only.
    private struct Calls {
        var count: Int
        var start: CallStart
    }

    /// When a call began: the main run loop's depth and the uptime.
    private struct CallStart {
        var runLoopDepth: Int
        var nanoseconds: UInt64

        /// Now.
        @MainActor static func now() -> CallStart {
            CallStart(runLoopDepth: LiveCalls.runLoopDepth, nanoseconds: DispatchTime.now().uptimeNanoseconds)
        }

        /// Whether what the call left can be forgotten now, at `depth`: no running code can
        /// still own it (made at this depth or deeper), or the call would have run for more
        /// than ``longestCall`` (an exception that unwound through a nested run of the loop
        /// leaves the depth one too high for good, and an update left open then would stop
        /// the table's updates for good: review 20s).
        func isOver(atDepth depth: Int, now: UInt64) -> Bool {
            runLoopDepth >= depth || now &- nanoseconds > longestCallNanoseconds
        }
    }

    /// How long a reconfigure or another hooked call may run, a nested run of the loop
    /// included, before what it left is taken for an exception's.
    /// Uptime, so time the app spends suspended or paused in a debugger inside such a call
    /// counts too (a known limit: review 20u).
    nonisolated static let longestCall: TimeInterval = 30
    private nonisolated static let longestCallNanoseconds = UInt64(longestCall * 1e9)

    private static var marks: [ObjectIdentifier: Mark] = [:]

    /// Updates a dropped leftover mark opened, waiting for no UIKit call to run on the table.
    private struct LeftUpdates {
        weak var state: TableLayoutState?
        var count: Int
    }

    private static var updatesToEnd: [ObjectIdentifier: LeftUpdates] = [:]
    /// Hooked UIKit methods running now, by table (``callingUIKit(on:_:)``): one may be
    /// UIKit's own update running its end.
    private static var uikitCalls: [ObjectIdentifier: Calls] = [:]
    /// Clears, on a later turn, marks an Objective-C exception left (its unwinding skips
    /// ``leave(_:endingOwnUpdate:)``): left for good, a mark would keep a table from ever
    /// dequeuing its templates, and name a later table that reuses the address. An update
    /// such a call opened is ended then: left open, UIKit would end none of the table's
    /// updates again (review 20m). Counts of hooked calls an exception left go too.
    private static let forgetLeftMarks = NextTurn { forgetLeftMarksIfNoCallRuns() }

    /// The body of ``forgetLeftMarks``. A later turn normally comes outside every call, but
    /// one that waited long enough runs inside a call still running (`LiveCalls` gives up
    /// after a while, for an app that spins the run loop in `cellForRowAt`): a mark or count
    /// made at a shallower run-loop depth than now belongs to a call whose nested run is
    /// going on, and stays; its call removes it when it returns (reviews 20q, 20r). Only what
    /// a call at this depth or deeper left, which no running code can still own, is
    /// forgotten; so is what a gone table, or a call older than ``longestCall``, left.
    private static func forgetLeftMarksIfNoCallRuns() {
        let depth = LiveCalls.runLoopDepth
        let now = DispatchTime.now().uptimeNanoseconds
        // A table that is gone owns nothing any more; its address may name a new one.
        let left = marks.filter { $0.value.tableIsGone || $0.value.start.isOver(atDepth: depth, now: now) }
        for key in left.keys { marks[key] = nil }
        uikitCalls = uikitCalls.filter { !$0.value.start.isOver(atDepth: depth, now: now) }
        // What stays is not looked at again until the next call schedules this: asked again
        // at once, a block per turn would keep the run loop awake for as long as it stays.
        for mark in left.values {
            guard let table = mark.state?.table else { continue }
            for _ in 0..<max(0, mark.openUpdates) { UpdateTracking.updatesBeneathHooks.endUpdates(of: table) }
        }
        for (key, waiting) in updatesToEnd where uikitCalls[key] == nil {
            updatesToEnd[key] = nil
            guard let table = waiting.state?.table else { continue }
            for _ in 0..<max(0, waiting.count) { UpdateTracking.updatesBeneathHooks.endUpdates(of: table) }
        }
    }

    /// Marks `table` as reconfiguring the rows at `indexPaths`, until the matching
    /// ``leave(_:endingOwnUpdate:)``; returns whether it opened an update of its own, which
    /// `leave` ends. Not a closure-taking `during`: the hook calls UIKit from nonisolated code.
    ///
    /// - Complexity: O(1) for a table the package has not measured yet; otherwise O(*n*)
    ///   visible-cell lookups for *n* index paths (UIKit makes the same lookup for each
    ///   before reconfiguring it).
    static func enter(_ table: UITableView, reconfiguring indexPaths: [IndexPath]) -> Bool {
        let key = ObjectIdentifier(table)
        let now = DispatchTime.now().uptimeNanoseconds
        // What an exception left long ago must not lend its age to this call, nor keep this
        // call from opening its update (review 20w). A count owns nothing: dropped. A mark on
        // a gone table names another table now: dropped. A mark on this table is dropped too,
        // but the updates it opened are always ended, exactly once.
        if let left = uikitCalls[key], left.start.isOver(atDepth: .max, now: now) { uikitCalls[key] = nil }
        if let left = marks[key], left.tableIsGone || left.start.isOver(atDepth: .max, now: now) {
            marks[key] = nil
            // Before this call's own update: ended at once when no UIKit call runs on the
            // table, else by the cleanup once none does (review 20y).
            if !left.tableIsGone, left.openUpdates > 0 {
                if uikitCalls[key] == nil, let leftTable = left.state?.table {
                    for _ in 0..<left.openUpdates { UpdateTracking.updatesBeneathHooks.endUpdates(of: leftTable) }
                } else {
                    updatesToEnd[key, default: LeftUpdates(state: left.state, count: 0)].count += left.openUpdates
                }
            }
        }
        // Only tables with the package's state are looked at: the hooks run in every table
        // from launch on (review 20h).
        let state = table.existingLayoutState
        let opensNoWindow = state != nil && !showsAnyRow(of: indexPaths, in: table)
        // Not inside another hooked UIKit call on this table: that may be UIKit's own update
        // running its end (a reconfigure from a cellForRowAt it asks), where an update opened
        // here would run UIKit's end inside its end (review 20m); the outer end asks its
        // heights after this call's mark anyway. Other views' calls do not count (review 20p).
        let opensUpdate = state != nil && !opensNoWindow && uikitCalls[key] == nil
            && UpdateTracking.updatesBeneathHooks.beginUpdates(of: table)
        var mark = marks[key] ?? Mark(depth: 0, allowsDequeue: true, state: state, hadState: state != nil, start: .now())
        mark.depth += 1
        mark.allowsDequeue = mark.allowsDequeue && opensNoWindow
        if opensUpdate { mark.openUpdates += 1 }
        marks[key] = mark
        forgetLeftMarks.schedule()
        return opensUpdate
    }

    /// A hooked UIKit method started on `table`. Every table is counted (the state may be
    /// made inside the call: review 20r); only for a table the package measures is a cleanup
    /// asked for, so other tables pay a dictionary write, and a count an exception left on
    /// one is cleared by the next table's cleanup.
    ///
    /// - Complexity: O(1).
    static func uikitCallStarted(on table: UITableView) {
        let key = ObjectIdentifier(table)
        // A count older than a call may run is an exception's: it must not lend its age to
        // this call (review 20w).
        if let left = uikitCalls[key], left.start.isOver(atDepth: .max, now: DispatchTime.now().uptimeNanoseconds) {
            uikitCalls[key] = nil
        }
        uikitCalls[key, default: Calls(count: 0, start: .now())].count += 1
        if table.existingLayoutState != nil { forgetLeftMarks.schedule() }
    }

    /// The method ``uikitCallStarted(on:)`` counted ended.
    ///
    /// - Complexity: O(1).
    static func uikitCallEnded(on table: UITableView) {
        let key = ObjectIdentifier(table)
        guard var calls = uikitCalls[key] else { return }
        calls.count -= 1
        uikitCalls[key] = calls.count > 0 ? calls : nil
    }

    /// Whether any row at `indexPaths` may have a shown cell, for which UIKit opens a window:
    /// a visible row (`indexPathsForVisibleRows`, which has no update-time check: Q4), or
    /// a row whose cell the lookup gives (UITableView.h: nil for a row not visible).
    private static func showsAnyRow(of indexPaths: [IndexPath], in table: UITableView) -> Bool {
        let visible = Set(table.indexPathsForVisibleRows ?? [])
        return indexPaths.contains { visible.contains($0) || table.cellForRow(at: $0) != nil }
    }

    /// Ends one ``enter(_:reconfiguring:)``, then the update it opened: after the mark, so
    /// the heights asked at its end may dequeue. An Objective-C exception unwinding through
    /// UIKit's call skips it: the mark, and the update it opened, are ended on a later turn.
    ///
    /// - Complexity: O(1), plus the update's end.
    static func leave(_ table: UITableView, endingOwnUpdate: Bool) {
        let key = ObjectIdentifier(table)
        guard var mark = marks[key] else { return }  // Cleared, and its update ended, already.
        let ends = endingOwnUpdate && mark.openUpdates > 0
        if mark.depth > 1 {
            mark.depth -= 1
            if ends { mark.openUpdates -= 1 }
            marks[key] = mark
        } else {
            marks[key] = nil
        }
        if ends { UpdateTracking.updatesBeneathHooks.endUpdates(of: table) }
    }

    /// How many tables have a mark now (for tests).
    static var markedTableCount: Int { marks.count }

    /// Whether `table` may be asked for a cell by identifier alone: outside a reconfigure
    /// always; inside one only when it is known to open no window.
    ///
    /// - Complexity: O(1).
    static func allowsDequeue(in table: UITableView) -> Bool {
        marks[ObjectIdentifier(table)]?.allowsDequeue ?? true
    }
}
#endif
