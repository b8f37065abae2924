import Foundation
import Observation

/// Heights that follow the observable model properties their measurement read: when one
/// changes, the row's cached height is forgotten and the table is asked for heights again,
/// once per turn of its run loop however many changes came.
///
/// iOS 26 re-runs a displayed cell's configuration when an `@Observable` property it read
/// changes (and iOS 18 with `UIObservationTrackingEnabled`), so content changes without any
/// reload; a cached height would stay as it was. This is the opt-in rule that keeps heights
/// in step, with Swift's Observation:
///
/// 1. ``tracking(_:_:)`` runs a whole measurement (reset, configuration, properties and
///    configuration updates, layout, fitting) inside `withObservationTracking`, and records,
///    for the measured row's key, a token the change callback carries. A measurement that read
///    nothing observable records nothing; `.none` (uncached) is never tracked, as there is
///    nothing cached to forget and each request measures again anyway.
/// 2. Observation calls back once per tracking, on the thread that made the change, before
///    the value is stored. The callback only posts the token; the first post since the last
///    ``applyChanges()`` calls the injected `schedule`, which must arrange for
///    ``applyChanges()`` to run on the table's thread on a later turn (the UIKit layer: the
///    main queue). Any number of changes before that turn make one call of `schedule`.
/// 3. ``applyChanges()`` forgets the height of each row whose token is still current, in
///    every layout context, persisted heights included (keys through
///    ``TableHeightCache/invalidateHeight(forKey:)``; index paths, headers and footers
///    through ``IndexPathHeightCache``), and says whether the table must be asked again. A
///    row is followed again once it is measured again: the tracking fired and is spent.
///
/// Generations: each tracked measurement of a key makes a new token and retires the key's
/// previous one, so a late callback of an earlier measurement changes nothing (a measurement
/// made while the key's tracking is still armed keeps that token: see Bounds). Rows cached by position
/// (index path, header, footer) are followed only until the table's rows or sections next
/// change (``indexPathsMayHaveMoved()``): a position may name another row afterwards, so a
/// change reported for a position tracked before is ignored (counted in
/// ``ObservedHeightChanges/ignoredAfterMoves``) rather than forgetting what may be another
/// row's height; the row is followed again once it is measured again. Keys follow their
/// rows wherever they move: cache by key to follow rows across updates.
///
/// Bounds: one token per key, nothing else; tokens of rows whose heights are no longer cached
/// (invalidated, evicted by the keyed cache's count limit, in a layout context dropped) are
/// swept out once the count doubles, so tracking holds about as many rows as the caches do.
/// No closure is kept here. Observation keeps each tracking's callback (a weak reference and
/// an integer) in the models' registrars until the next change or the model's end, and has no
/// cancellation; so a row whose tracking is still *armed* (installed, not fired, its models
/// alive) is not tracked again when it is measured again (in another layout context, after an
/// eviction, at the same position): the measurement runs untracked and the armed tracking
/// stands for it. Without this every re-measurement added one callback to each model's
/// registrar for the model's life (review P3). A row whose height the app forgets with
/// ``TableHeightCache/invalidateHeight(forKey:)`` (here or in a peer table), or whose position
/// may name another row after an update, is tracked again: it may read other models now.
///
/// Changes made on another thread than the table's: the table's thread may apply the change,
/// ask for heights and measure the row again between the change's `willSet` and its store,
/// reading the old value. So each such change is applied twice: on the turn it asks for, and
/// once more on the turn after, when the row's height is forgotten again (review P2).
///
/// Not thread-safe, like ``TableHeightCache``: call everything but the callbacks on the
/// table's thread.
package final class ObservedHeights {
    /// What a token stands for.
    struct Registration {
        let key: HeightCacheKey
        /// The layout context the row was measured in.
        let context: LayoutContext
        /// For positions: ``ObservedHeights/positionEpoch`` when measured.
        let epoch: UInt64
    }

    /// The sweep runs once this many rows are tracked, and then at twice what it kept.
    static let sweepFloor = 64

    /// A row's last tracking, while it may still be armed.
    private struct ArmedTracking {
        let token: UInt64
        /// For positions: ``ObservedHeights/positionEpoch`` when measured.
        let epoch: UInt64
    }

    /// The caches whose heights changes forget.
    package let heights: TableHeightCache
    private let inbox: ObservedChangeInbox
    private var registrations: [UInt64: Registration] = [:]
    private var tokenByKey: [HeightCacheKey: UInt64] = [:]
    /// Rows whose last tracking may still be armed; pruned by the sweep.
    private var armedByKey: [HeightCacheKey: ArmedTracking] = [:]
    /// Rows changed off the table's thread at the last ``applyChanges()``: forgotten once more
    /// at the next.
    private var revalidations: [(key: HeightCacheKey, epoch: UInt64)] = []
    /// Changes ``applyChangesMadeOnTableThread()`` applied before their turn, reported by
    /// the turn's ``applyChanges()``.
    private var appliedEarly = ObservedHeightChanges()
    private var nextToken: UInt64 = 1
    /// Bumped whenever positions may name other rows.
    private(set) var positionEpoch: UInt64 = 0
    private var sweepThreshold = ObservedHeights.sweepFloor
    /// Set while this forgets a keyed height through the table's caches.
    private var isInvalidating = false

    /// Follows the observed reads of `heights`' measurements.
    ///
    /// - Parameters:
    ///   - heights: The table's caches.
    ///   - schedule: Called, on whatever thread a change happens, at most once until the next
    ///     ``applyChanges()``; it must arrange for ``applyChanges()`` to run on the table's
    ///     thread on a later turn. It must not call ``applyChanges()`` itself: it may run on
    ///     another thread, and runs before the changed value is stored.
    ///   - isOnTableThread: Whether the calling thread is the table's (UIKit: the main
    ///     thread); unless given, the thread this is created on.
    package init(
        heights: TableHeightCache, schedule: @escaping @Sendable () -> Void,
        isOnTableThread: (@Sendable () -> Bool)? = nil
    ) {
        self.heights = heights
        self.inbox = ObservedChangeInbox(schedule: schedule, isOnTableThread: isOnTableThread ?? Self.isOnCurrentThread())
        heights.observedHeights = self
    }

    /// Whether a later call is made on the thread calling this.
    private static func isOnCurrentThread() -> @Sendable () -> Bool {
        let creator = ThreadReference(Thread.current)
        return { Thread.current === creator.thread }
    }

    /// How many trackings are installed in models' registrars and have not fired: what this
    /// table adds to them now.
    package var armedTrackingCount: Int { inbox.armedCount }

    /// How many rows are tracked now (current tokens, swept lazily).
    package var trackedCount: Int { registrations.count }

    /// Whether changes wait for ``applyChanges()``.
    package var hasPendingChanges: Bool { inbox.hasPending }

    // MARK: Measuring

    /// Runs `measurement` for the row cached by `key` and records the observable properties
    /// it read, so that a change to any of them forgets the row's height (see the type's
    /// rules). Returns what `measurement` returns.
    ///
    /// Call it around the whole measurement: reads in `prepareForReuse()`, the app's
    /// configuration, configuration and properties updates and `layoutSubviews()` all count,
    /// when they run inside it on this thread. Reads inside a nested tracking (UIKit's own, on
    /// iOS 26) count too: Observation merges a nested scope's reads into the enclosing one.
    ///
    /// Bad input: `.none` is measured and not tracked.
    ///
    /// - Complexity: the measurement, plus O(properties read) for Observation, plus O(1)
    ///   amortised here.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    package func tracking<T>(_ key: HeightCacheKey, _ measurement: () -> T) -> T {
        guard key != .none else { return measurement() }
        let epoch = key.namesPosition ? positionEpoch : 0
        if let armed = armedByKey[key], armed.epoch == epoch, inbox.isArmed(armed.token) {
            // The row's tracking still waits in its models' registrars: another would stay
            // there beside it for the models' life. It stands for this measurement too.
            let result = measurement()
            guard inbox.isArmed(armed.token) else {
                // It fired while the row was measured (the app's code ran the run loop, or
                // changed what it read): the result may hold the value from before the
                // change, whose turn may have come already. Forget the row once more, and
                // track it anew when it is measured again (review 18c, L1).
                armedByKey[key] = nil
                let token = nextToken
                nextToken += 1
                register(key, token: token, epoch: epoch)
                inbox.post(token)
                return result
            }
            register(key, token: armed.token, epoch: epoch)
            return result
        }
        let token = nextToken
        nextToken += 1
        let inbox = self.inbox
        // Observation evaluates `onChange` only when the measurement read an observable
        // property; a row that read none needs no token.
        var readObservedProperties = false
        func onChange() -> @Sendable () -> Void {
            readObservedProperties = true
            let arm = TrackingArm(token: token, inbox: inbox)
            return { arm.fire() }
        }
        let result = withObservationTracking(measurement, onChange: onChange())
        if readObservedProperties {
            register(key, token: token, epoch: epoch)
            armedByKey[key] = ArmedTracking(token: token, epoch: epoch)
        } else {
            forgetTracking(for: key)
        }
        return result
    }

    private func register(_ key: HeightCacheKey, token: UInt64, epoch: UInt64) {
        if let retired = tokenByKey.updateValue(token, forKey: key), retired != token { registrations[retired] = nil }
        registrations[token] = Registration(key: key, context: heights.context, epoch: epoch)
        // The height is stored after the measurement returns: the sweep keeps this row.
        if registrations.count > sweepThreshold { sweep(keeping: token) }
    }

    // MARK: Changes

    /// Forgets the heights of the rows whose observed properties changed since the last
    /// call, in every layout context and persisted, and says which. Call it on the table's
    /// thread on the turn `schedule` asked for; then, when ``ObservedHeightChanges/asksForHeights``,
    /// have the table ask for heights again once (UIKit: an empty batch update).
    ///
    /// Changes whose tracking was retired (the row measured again, its height forgotten or
    /// evicted, the setting's owner gone) change nothing; so do changes of rows tracked by
    /// position before the table's rows last moved (see the type's rules).
    ///
    /// - Complexity: O(*c* · `contextLimit`) for *c* changes.
    @discardableResult
    package func applyChanges() -> ObservedHeightChanges {
        // What was applied early is reported now: the rows the table did not ask about since
        // still show their old heights.
        var changes = appliedEarly
        appliedEarly = ObservedHeightChanges()
        let due = revalidations
        revalidations = []
        for (key, epoch) in due where !key.namesPosition || epoch == positionEpoch {
            // Changed off the table's thread a turn ago: what was measured since may have
            // read the value from before the store.
            invalidate(key)
            changes.forgotten.append(key)
        }
        for change in inbox.take() { apply(change, to: &changes) }
        if !revalidations.isEmpty {
            heights.log.trace("observed change(s) made off the table's thread: \(revalidations.count) height(s) forgotten again on the next turn")
            inbox.requestTurn()
        }
        return changes
    }

    /// Applies now the changes made on the table's thread, so that a height asked, or an
    /// update made, later in the same turn sees them: the app's `performBatchUpdates(nil)`
    /// right after an edit animates to the new height, and an insert made after an edit
    /// moves the row without its old height instead of retiring the change. The turn
    /// `schedule` asked for still comes; its ``applyChanges()`` reports these rows, so the
    /// table is asked again for the ones it did not ask about. Changes made on other threads
    /// wait for that turn (their values may not be stored yet).
    ///
    /// Call it on the table's thread before every cache lookup and every update.
    ///
    /// - Complexity: O(1) with nothing posted on the table's thread (one lock); else that of
    ///   ``applyChanges()`` for those changes.
    package func applyChangesMadeOnTableThread() {
        for change in inbox.takeChangesMadeOnTableThread() { apply(change, to: &appliedEarly) }
    }

    private func apply(_ change: ObservedChangeInbox.Change, to changes: inout ObservedHeightChanges) {
        guard let registration = registrations.removeValue(forKey: change.token) else {
            changes.ignoredAsRetired += 1
            return
        }
        tokenByKey[registration.key] = nil
        if registration.key.namesPosition, registration.epoch != positionEpoch {
            changes.ignoredAfterMoves += 1
            heights.log.trace("observed change of \(registration.key) as tracked before the table's rows changed; not forgotten (the position may name another row now)")
            return
        }
        invalidate(registration.key)
        if !changes.forgotten.contains(registration.key) { changes.forgotten.append(registration.key) }
        if change.isOffThread { revalidations.append((registration.key, registration.epoch)) }
    }

    private func invalidate(_ key: HeightCacheKey) {
        switch key {
        case .none: return
        case .indexPath(let path): heights.indexPaths.invalidateHeight(at: path)
        case .key(let key):
            // Its own invalidation keeps the row's tracking: an armed one still follows it.
            isInvalidating = true
            defer { isInvalidating = false }
            heights.invalidateHeight(forKey: key)
        case .header(let section): heights.indexPaths.invalidateHeight(of: .header, inSection: section)
        case .footer(let section): heights.indexPaths.invalidateHeight(of: .footer, inSection: section)
        }
        heights.log.trace("observed change - forgot the height of \(key)")
    }

    // MARK: Retiring tracking

    /// Called by ``TableHeightCache`` when keyed heights of this table are forgotten by an
    /// invalidation (the app's, or a peer table's): `key`, or every key when `nil`. The rows
    /// are tracked again when measured again, as they may read other models now.
    func keyedHeightsWereInvalidated(_ key: AnyHashable?) {
        guard !isInvalidating else { return }
        if let key { forgetTracking(for: .key(key)) } else { forgetTrackingOfAllKeys() }
    }

    /// Retires the tracking of every row cached by position (index path, header, footer):
    /// call it whenever the table's rows or sections change (inserts, deletes, reloads,
    /// moves, `reloadData`), before heights are asked for the new positions. Rows measured
    /// afterwards are tracked at their new positions.
    ///
    /// - Complexity: O(1); the retired tokens go at their change or the next sweep.
    package func indexPathsMayHaveMoved() {
        positionEpoch &+= 1
    }

    /// Stops letting a tracking still waiting in a model stand in for the next measurement of
    /// its row: call it when the app may have put new model objects behind the same keys (a
    /// reload, a row or section update). A row measured again afterwards (another width, an
    /// eviction) reads the new object, and is tracked on it; otherwise the old object's
    /// tracking stood in, and edits of the new object went unseen (review 18b, F4). The old
    /// object keeps at most that one tracking until it changes or goes.
    ///
    /// - Complexity: O(*a*) for *a* rows tracked and not yet changed.
    package func modelsMayHaveBeenReplaced() {
        armedByKey.removeAll(keepingCapacity: true)
    }

    /// Retires the tracking of the row cached by `key`: for when its height is forgotten by
    /// other means and the row will be measured again (and tracked) when it is asked for.
    ///
    /// - Complexity: O(1) on average.
    package func forgetTracking(for key: HeightCacheKey) {
        if let token = tokenByKey.removeValue(forKey: key) { registrations[token] = nil }
        armedByKey[key] = nil
    }

    /// Retires the tracking of every row cached by key: for when every keyed height is
    /// forgotten by other means.
    ///
    /// - Complexity: O(*n*) for *n* rows tracked.
    package func forgetTrackingOfAllKeys() {
        for key in tokenByKey.keys where !key.namesPosition { forgetTracking(for: key) }
        armedByKey = armedByKey.filter { $0.key.namesPosition }
    }

    /// Drops the tokens of rows whose heights are no longer cached, and of positions retired.
    ///
    /// A row measured in the active context whose height is gone from it (invalidated, or
    /// evicted by the count limit; for keys, also gone from the persisted store) is no longer
    /// followed: it is measured, and tracked, again when asked for. A row measured in another
    /// context is kept while that context is kept, or while the active one holds its height.
    ///
    /// - Complexity: O(*n* + `contextLimit`) for *n* rows tracked; amortised O(1) per
    ///   registration, as the next sweep waits for twice as many rows.
    func sweep(keeping current: UInt64) {
        let active = heights.context
        let keptKeyContexts = Set(heights.keys.contexts)
        let keptPositionContexts = Set(heights.indexPaths.contexts)
        registrations = registrations.filter { token, registration in
            if token == current { return true }
            let key = registration.key
            if key.namesPosition, registration.epoch != positionEpoch { return false }
            if heights.peekHeight(for: key) != nil || hasPersistedHeight(key) { return true }
            let kept = key.namesPosition ? keptPositionContexts : keptKeyContexts
            return registration.context != active && kept.contains(registration.context)
        }
        tokenByKey = Dictionary(uniqueKeysWithValues: registrations.map { ($0.value.key, $0.key) })
        armedByKey = armedByKey.filter { key, armed in
            (!key.namesPosition || armed.epoch == positionEpoch) && inbox.isArmed(armed.token)
        }
        sweepThreshold = max(Self.sweepFloor, 2 * registrations.count)
    }

    private func hasPersistedHeight(_ key: HeightCacheKey) -> Bool {
        guard case .key(let key) = key, let persistence = heights.persistence, let persistentKey = PersistentKey(key) else { return false }
        return persistence.store.height(forKey: persistentKey, namespace: persistence.namespace, context: heights.context) != nil
    }
}

extension HeightCacheKey {
    /// Whether the key is a position in the table (index path, header, footer), which row
    /// and section updates can give to other content.
    var namesPosition: Bool {
        switch self {
        case .indexPath, .header, .footer: return true
        case .none, .key: return false
        }
    }
}

/// A thread, held for comparison only, by a `@Sendable` closure.
private final class ThreadReference: @unchecked Sendable {
    // Sendable because the one field is written once, in init, and only compared afterwards.
    let thread: Thread

    init(_ thread: Thread) { self.thread = thread }
}
