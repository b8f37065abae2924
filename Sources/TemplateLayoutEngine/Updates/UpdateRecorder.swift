import Foundation

/// The updates made between `beginUpdates()` and the matching `endUpdates()`, nested or
/// not, held until the outermost batch ends.
///
/// UIKit coalesces nested batches into one and resolves the whole of it at the
/// outermost end; so does this. Calls outside a batch are batches of one.
///
/// Invariant: `pending` is empty whenever `depth` is 0.
struct UpdateRecorder {
    private(set) var depth = 0
    private(set) var pending: [TableUpdate] = []

    /// Whether a batch is open.
    var isRecording: Bool { depth > 0 }

    mutating func begin() {
        depth += 1
    }

    /// Closes one level. Returns the batch when the outermost level closes, an empty
    /// array while still nested, and `nil` when no batch was open (unbalanced input).
    mutating func end() -> [TableUpdate]? {
        guard depth > 0 else { return nil }
        depth -= 1
        guard depth == 0 else { return [] }
        defer { pending = [] }
        return pending
    }

    mutating func record(_ update: TableUpdate) {
        pending.append(update)
    }

    /// Drops what was recorded, keeping the nesting (for `reloadData` inside a batch).
    mutating func discardPending() {
        pending = []
    }
}
