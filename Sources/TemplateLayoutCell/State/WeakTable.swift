#if canImport(UIKit)
import UIKit

/// A table held weakly by a `@Sendable` block (a main-queue block, a block installed on one
/// of UIKit's methods); read only on the main thread.
final class WeakTable: @unchecked Sendable {
    // Sendable because the one field is written once, in init, and read on the main thread.
    nonisolated(unsafe) weak var table: UITableView?

    nonisolated init(_ table: UITableView) { self.table = table }
}
#endif
