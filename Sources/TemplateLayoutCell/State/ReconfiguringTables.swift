#if canImport(UIKit)
import UIKit

/// The tables inside a `reconfigureRows(at:)` call the package's hook forwarded to UIKit.
///
/// While a row is reconfigured, UIKit's `dequeueReusableCell(withIdentifier:)` returns the
/// row's shown cell, and raises `NSInternalInconsistencyException` when the identifier is
/// another ("Attempted to dequeue a cell for a different reuse identifier than the existing
/// cell when reconfiguring a row", iOS 26.1 UIKitCore; review 20c). A template asked for
/// inside the app's `cellForRowAt` then must not be dequeued at all, whatever its identifier.
/// Kept outside ``TableLayoutState``: the table's first package call can come from inside
/// that very `cellForRowAt`, and create the state there.
@MainActor
enum ReconfiguringTables {
    /// Depths by table: a reconfigure can run app code that reconfigures again.
    private static var depths: [ObjectIdentifier: Int] = [:]
    /// Clears marks an Objective-C exception left (its unwinding skips ``leave(_:)``) on a
    /// later turn, outside every live call, so no reconfigure is running then; a mark left
    /// for good would keep a table from ever dequeuing its templates, and name a later table
    /// that reuses the address.
    private static let forgetLeftMarks = NextTurn { depths.removeAll() }

    /// Marks `table` as reconfiguring, until the matching ``leave(_:)``. Not a closure-taking
    /// `during`: the hook calls UIKit from nonisolated code (`callingUIKit`).
    ///
    /// - Complexity: O(1).
    static func enter(_ table: UITableView) {
        depths[ObjectIdentifier(table), default: 0] += 1
        forgetLeftMarks.schedule()
    }

    /// Ends one ``enter(_:)``. An Objective-C exception unwinding through UIKit's call skips
    /// it; the mark is then cleared on a later turn.
    ///
    /// - Complexity: O(1).
    static func leave(_ table: UITableView) {
        let key = ObjectIdentifier(table)
        if let depth = depths[key], depth > 1 { depths[key] = depth - 1 } else { depths[key] = nil }
    }

    /// Whether `table` is inside a reconfigure the hook forwarded.
    static func contains(_ table: UITableView) -> Bool { depths[ObjectIdentifier(table)] != nil }
}
#endif
