import Foundation

/// Where the observation callbacks of one table's measurements drop the rows whose observed
/// properties changed, from any thread, until the table's thread applies them.
///
/// Observation calls `onChange` on the thread that changes the property, before the new value
/// is stored (`willSet`), and once per tracking. So the callback only records the row's token
/// here and asks, at most once until the next ``take()``, for a turn of the table's thread
/// (the injected `schedule`): by then the new value is stored, and any number of changes made
/// in between are applied together. A change made on another thread than the table's is
/// marked: there the table's thread may measure the row again between `willSet` and the
/// store, reading the old value (see ``ObservedHeights``).
///
/// It also knows which trackings are still *armed*: installed in the models' registrars and
/// not fired. A tracking is disarmed when it fires, or when every registrar let its callback
/// go (the models are gone), which ``TrackingArm`` reports from its `deinit`.
///
/// The callbacks hold this object weakly and otherwise an integer token: a table that is gone,
/// or that turned the setting off, leaves nothing of its own in the models' registrars but
/// those small closures, which Observation drops at the next change or with the model.
final class ObservedChangeInbox: @unchecked Sendable {
    /// One change, as the callback posted it.
    struct Change: Equatable {
        let token: UInt64
        /// Whether it was made on another thread than the table's.
        let isOffThread: Bool
    }

    // `changes`, `armed` and `isScheduled` are read and written only under `lock`;
    // `schedule` and `isOnTableThread` are set once at creation. That is what makes the
    // class safe to share across threads.
    private let lock = NSLock()
    private var changes: [Change] = []
    private var armed: Set<UInt64> = []
    private var isScheduled = false
    private let schedule: @Sendable () -> Void
    private let isOnTableThread: @Sendable () -> Bool
    /// Whether a change posted on the table's thread waits: read and written on that thread
    /// only, so without the lock, which every height lookup would otherwise take.
    private var hasChangesFromTableThread = false

    init(schedule: @escaping @Sendable () -> Void, isOnTableThread: @escaping @Sendable () -> Bool) {
        self.schedule = schedule
        self.isOnTableThread = isOnTableThread
    }

    /// Records that the tracking `token` fired; asks for a turn unless one is asked already.
    /// Any thread.
    func post(_ token: UInt64) {
        let change = Change(token: token, isOffThread: !isOnTableThread())
        if !change.isOffThread { hasChangesFromTableThread = true }
        let asks = lock.withLock {
            armed.remove(token)
            changes.append(change)
            defer { isScheduled = true }
            return !isScheduled
        }
        // Outside the lock: a scheduler that runs the turn at once may take the tokens.
        if asks { schedule() }
    }

    /// Asks for a turn with no change posted (unless one is asked already): for work the
    /// table's thread must do once more a turn later. Any thread.
    func requestTurn() {
        let asks = lock.withLock {
            defer { isScheduled = true }
            return !isScheduled
        }
        if asks { schedule() }
    }

    /// The changes posted since the last call, in order; the next post asks for a turn again.
    func take() -> [Change] {
        if isOnTableThread() { hasChangesFromTableThread = false }
        return lock.withLock {
            isScheduled = false
            defer { changes.removeAll() }
            return changes
        }
    }

    /// Takes the changes posted on the table's thread, leaving the others and the turn asked
    /// for. Call it on the table's thread: there each of them has stored its value (the
    /// setter stores right after `willSet` returns, before that thread runs anything else).
    func takeChangesMadeOnTableThread() -> [Change] {
        guard hasChangesFromTableThread else { return [] }
        hasChangesFromTableThread = false
        return lock.withLock {
            guard changes.contains(where: { !$0.isOffThread }) else { return [] }
            let taken = changes.filter { !$0.isOffThread }
            changes.removeAll { !$0.isOffThread }
            return taken
        }
    }

    /// Whether changes wait for a turn.
    var hasPending: Bool {
        lock.withLock { !changes.isEmpty }
    }

    // MARK: Armed trackings

    /// Records that the tracking `token` is installed in the models' registrars.
    func arm(_ token: UInt64) {
        _ = lock.withLock { armed.insert(token) }
    }

    /// Records that no registrar holds the tracking `token` any more. Any thread.
    func disarm(_ token: UInt64) {
        _ = lock.withLock { armed.remove(token) }
    }

    /// Whether the tracking `token` is installed and has not fired.
    func isArmed(_ token: UInt64) -> Bool {
        lock.withLock { armed.contains(token) }
    }

    /// How many trackings are armed now.
    var armedCount: Int {
        lock.withLock { armed.count }
    }
}

/// What one tracking's callback holds: posts its token when the tracking fires, and tells the
/// inbox the tracking is disarmed when the last registrar lets the callback go (`deinit`).
final class TrackingArm: @unchecked Sendable {
    // Sendable because both fields are written once, in init (a `weak let` needs Swift 6.2;
    // the package supports 6.0), and the inbox is thread-safe.
    private let token: UInt64
    private weak var inbox: ObservedChangeInbox?

    init(token: UInt64, inbox: ObservedChangeInbox) {
        self.token = token
        self.inbox = inbox
        inbox.arm(token)
    }

    func fire() {
        inbox?.post(token)
    }

    deinit {
        inbox?.disarm(token)
    }
}
