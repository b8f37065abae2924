#if canImport(UIKit)
import UIKit

/// The `performBatchUpdates` calls running on tables that had no state when they began.
///
/// UIKit's `performBatchUpdates` lays the table out before it sends `beginUpdates`; a first
/// layout loads the table, whose `heightForRowAt` may create its state there. That state
/// must start inside the call, so that UIKit's own `beginUpdates` is taken as the call's,
/// not as the app's (which would leave a batch open until the main queue turns).
///
/// Tables are counted by identity, and only while such a call runs. An entry left by an
/// exception thrown through the call stays for the process's life (nothing can tell when
/// the unwound call is over): each state later created for a table at that address starts
/// inside a call that is not running, which the end of that main-queue turn closes by
/// forgetting the new state's heights once (see `UpdateCallAccounting`). Work repeated,
/// never a wrong height (review 21a, A4).
@MainActor
enum BatchCallsBeforeState {
    private static var running: [ObjectIdentifier: Int] = [:]

    static func enter(_ table: UITableView) {
        running[ObjectIdentifier(table), default: 0] += 1
    }

    static func leave(_ table: UITableView) {
        let id = ObjectIdentifier(table)
        guard let count = running[id] else { return }
        running[id] = count > 1 ? count - 1 : nil
    }

    /// How many such calls are running on `table` now.
    static func running(on table: UITableView) -> Int {
        running[ObjectIdentifier(table)] ?? 0
    }
}
#endif
