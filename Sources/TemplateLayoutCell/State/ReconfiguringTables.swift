#if canImport(UIKit)
import UIKit

/// The tables inside a `reconfigureRows(at:)` call the package's hook forwarded to UIKit.
///
/// While a row is reconfigured, UIKit's `dequeueReusableCell(withIdentifier:)` returns the
/// row's shown cell, and raises `NSInternalInconsistencyException` when the identifier is
/// another ("Attempted to dequeue a cell for a different reuse identifier than the existing
/// cell when reconfiguring a row", iOS 26.1 UIKitCore; review 20c). A template asked for
/// inside the app's `cellForRowAt` then must not be dequeued with another identifier.
/// UIKit's window is narrower than the hook's call: the heights it asks before and after it
/// (`_reloadDataIfNeeded`, the end of the update) may dequeue freely (review 20e). The
/// package cannot see that window, so inside the call a dequeue is made only for the one
/// identifier of the cells being reconfigured: in the window it gives the row's shown cell
/// (which the caller recognises and never keeps), outside it a pooled or new cell.
/// Kept outside ``TableLayoutState``: the table's first package call can come from inside
/// that very `cellForRowAt`, and create the state there.
@MainActor
enum ReconfiguringTables {
    /// A table's reconfigure calls in progress: a reconfigure can run app code that
    /// reconfigures again.
    private struct Mark {
        var depth: Int
        /// The reuse identifiers of the cells the calls reconfigure; `nil` when not looked up
        /// (a table the package had not measured yet when the call began).
        var identifiers: Set<String>?
    }

    private static var marks: [ObjectIdentifier: Mark] = [:]
    /// Clears marks an Objective-C exception left (its unwinding skips ``leave(_:)``) on a
    /// later turn, outside every live call, so no reconfigure is running then; a mark left
    /// for good would keep a table from ever dequeuing its templates, and name a later table
    /// that reuses the address.
    private static let forgetLeftMarks = NextTurn { marks.removeAll() }

    /// Marks `table` as reconfiguring the rows at `indexPaths`, until the matching
    /// ``leave(_:endingOwnUpdate:)``. Not a closure-taking `during`: the hook calls UIKit
    /// from nonisolated code (`callingUIKit`).
    ///
    /// Returns whether it opened an update of its own (`beginUpdates()`, through the hooks as
    /// an app's own pair) that `leave` ends: when the shown cells have several identifiers,
    /// or one cannot be told, no dequeue is allowed inside the mark, and the heights UIKit asks
    /// at the end of an unbatched reconfigure (every row without estimates, Q7) would get the
    /// fallback unless a registration is recorded (a storyboard's prototypes are not; review
    /// 20i). UIKit's unbatched reconfigure is one update itself (setup, the rows, the end;
    /// UIKitCore 26.1), and inside an update only its end waits: with the pair around it the
    /// end comes after the mark. Only for tables with the package's state.
    ///
    /// - Complexity: O(1) for a table the package has not measured yet; otherwise O(*n*)
    ///   visible-cell lookups for *n* index paths (UIKit makes the same lookup for each
    ///   before reconfiguring it).
    static func enter(_ table: UITableView, reconfiguring indexPaths: [IndexPath]) -> Bool {
        // Only for tables with the package's state: the hooks run in every table from launch
        // on (review 20h). A table whose first package call comes inside this reconfigure
        // records nothing, so nothing is dequeued in it: the safe side.
        let hasState = table.existingLayoutState != nil
        let identifiers = hasState ? shownIdentifiers(at: indexPaths, in: table) : nil
        let opensUpdate = hasState && (identifiers.map { $0.count > 1 } ?? true)
        // Before the mark: what beginUpdates asks is outside UIKit's window.
        if opensUpdate { table.beginUpdates() }
        let key = ObjectIdentifier(table)
        if var mark = marks[key] {
            mark.depth += 1
            // Nested: the union, or unknown if either is.
            mark.identifiers = mark.identifiers.flatMap { known in identifiers.map { known.union($0) } }
            marks[key] = mark
        } else {
            marks[key] = Mark(depth: 1, identifiers: identifiers)
        }
        forgetLeftMarks.schedule()
        return opensUpdate
    }

    /// The reuse identifiers of the cells shown at `indexPaths`; `nil` when one cannot be
    /// told: a cell without one (made without dequeuing: UIKit's window then refuses every
    /// identifier), or a visible row whose cell the lookup does not give (`cellForRow(at:)`
    /// answers nil while UIKit updates its visible cells; `indexPathsForVisibleRows` has no
    /// such check: UIKitCore 26.1, the behaviour review's Q4).
    private static func shownIdentifiers(at indexPaths: [IndexPath], in table: UITableView) -> Set<String>? {
        let visible = Set(table.indexPathsForVisibleRows ?? [])
        var identifiers: Set<String> = []
        for indexPath in indexPaths where visible.contains(indexPath) {
            guard let identifier = table.cellForRow(at: indexPath)?.reuseIdentifier else { return nil }
            identifiers.insert(identifier)
        }
        return identifiers
    }

    /// Ends one ``enter(_:reconfiguring:)``, and the update it opened, after the mark: the
    /// heights asked at its end may dequeue. An Objective-C exception unwinding through
    /// UIKit's call skips it; the mark is then cleared on a later turn.
    ///
    /// - Complexity: O(1), plus the update's end.
    static func leave(_ table: UITableView, endingOwnUpdate: Bool) {
        let key = ObjectIdentifier(table)
        if var mark = marks[key], mark.depth > 1 {
            mark.depth -= 1
            marks[key] = mark
        } else {
            marks[key] = nil
        }
        if endingOwnUpdate { table.endUpdates() }
    }

    /// Whether `table` may be asked for a cell of `identifier` by identifier alone: outside
    /// a reconfigure always; inside one when no row it names is on screen (UIKit opens no
    /// window), or when every cell being reconfigured has that identifier, the only one
    /// UIKit's window accepts; never when the cells were not looked up.
    ///
    /// - Complexity: O(1).
    static func allowsDequeue(of identifier: String, in table: UITableView) -> Bool {
        guard let mark = marks[ObjectIdentifier(table)] else { return true }
        guard let identifiers = mark.identifiers else { return false }
        return identifiers.isEmpty || identifiers == [identifier]
    }
}
#endif
