import Foundation

/// Where the observation callbacks of one table's measurements drop the rows whose observed
/// properties changed, from any thread, until the table's thread applies them.
///
/// Observation calls `onChange` on the thread that changes the property, before the new value
/// is stored (`willSet`), and once per tracking. So the callback only records the row's token
/// here and asks, at most once until the next ``take()``, for a turn of the table's thread
/// (the injected `schedule`): by then the new value is stored, and any number of changes made
/// in between are applied together.
///
/// The callbacks hold this object weakly and otherwise an integer token: a table that is gone,
/// or that turned the setting off, leaves nothing of its own in the models' registrars but
/// those small closures, which Observation drops at the next change or with the model.
final class ObservedChangeInbox: @unchecked Sendable {
    // `tokens` and `isScheduled` are read and written only under `lock`; `schedule` is set
    // once at creation. That is what makes the class safe to share across threads.
    private let lock = NSLock()
    private var tokens: [UInt64] = []
    private var isScheduled = false
    private let schedule: @Sendable () -> Void

    init(schedule: @escaping @Sendable () -> Void) {
        self.schedule = schedule
    }

    /// Records that the tracking `token` fired; asks for a turn unless one is asked already.
    /// Any thread.
    func post(_ token: UInt64) {
        let asks = lock.withLock {
            tokens.append(token)
            defer { isScheduled = true }
            return !isScheduled
        }
        // Outside the lock: a scheduler that runs the turn at once may take the tokens.
        if asks { schedule() }
    }

    /// The tokens posted since the last call, in order; the next post asks for a turn again.
    func take() -> [UInt64] {
        lock.withLock {
            isScheduled = false
            defer { tokens.removeAll() }
            return tokens
        }
    }

    /// Whether tokens wait for a turn.
    var hasPending: Bool {
        lock.withLock { !tokens.isEmpty }
    }
}
