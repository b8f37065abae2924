import Foundation
import TemplateLayoutEngine

/// Keeps the first lines a table's debug log writes, in memory, for the report.
///
/// A ``DebugLogSink`` must be `Sendable`; this class is, by keeping its only mutable state
/// behind a lock.
final class DebugLogCollector: @unchecked Sendable {
    /// How many lines are kept; later ones are only counted.
    let capacity: Int
    private let lock = NSLock()
    private var state: (lines: [String], total: Int) = ([], 0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// A sink that hands every line to this collector.
    var sink: DebugLogSink {
        DebugLogSink { [self] line in append(line) }
    }

    /// The lines kept, oldest first, and how many were written in all.
    var collected: (lines: [String], total: Int) {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    private func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        state.total += 1
        if state.lines.count < capacity { state.lines.append(line) }
    }
}
