import Foundation

/// Heights cached by a key of the app's choosing, such as a model's identifier.
///
/// This is the engine behind `fd_keyedHeightCache`, and the natural cache for diffable
/// data sources: a key follows its item wherever it moves, so row updates never touch
/// this cache. It keeps one storage per ``LayoutContext``, like
/// ``IndexPathHeightCache``, and optionally a count limit per context, evicting the least
/// recently used height.
///
/// Bad input: a height that is negative, NaN or infinite is not stored; the problem is
/// counted and reported.
///
/// Not thread-safe: use it from one thread (the main thread in an app).
public final class KeyedHeightCache<Key: Hashable> {
    /// Everything mutable, outside run-time exclusivity checks; see `UncheckedState`.
    struct State {
        var slots: ContextSlots<KeyedHeights<Key>>
        var books: CacheBookkeeping
    }

    let state: UncheckedState<State>

    var slots: ContextSlots<KeyedHeights<Key>> {
        _read { state.beginAccess(modifying: false); defer { state.endAccess(modifying: false) }; yield state.value.slots }
        _modify { state.beginAccess(modifying: true); defer { state.endAccess(modifying: true) }; yield &state.value.slots }
    }
    var books: CacheBookkeeping {
        _read { state.beginAccess(modifying: false); defer { state.endAccess(modifying: false) }; yield state.value.books }
        _modify { state.beginAccess(modifying: true); defer { state.endAccess(modifying: true) }; yield &state.value.books }
    }

    /// Where trace lines and problem reports go.
    ///
    /// - Complexity: O(1).
    public var log: DebugLog {
        get { books.log }
        set { books.log = newValue }
    }

    /// Hits, misses, stores, invalidations (evictions included) and problems since creation.
    ///
    /// - Complexity: O(1).
    public var statistics: CacheStatistics { books.statistics }

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - context: The layout context lookups and stores start in.
    ///   - countLimit: The most heights kept per context, least recently used out; `nil`
    ///     (the default) for no limit; values below 1 become 1.
    ///   - contextLimit: How many layout contexts to keep, the active one included.
    ///   - log: The debug log.
    /// - Complexity: O(1).
    public init(context: LayoutContext = .unmeasured, countLimit: Int? = nil, contextLimit: Int = 4, log: DebugLog = DebugLog()) {
        self.state = UncheckedState(State(
            slots: ContextSlots(context: context, limit: contextLimit, empty: KeyedHeights(countLimit: countLimit)), books: CacheBookkeeping(log: log)))
    }

    /// The most heights kept per layout context; `nil` for no limit. Lowering it evicts the
    /// least recently used heights of every context at once.
    ///
    /// - Complexity: O(*e*) for *e* heights evicted.
    public var countLimit: Int? {
        get { slots.active.countLimit }
        set {
            var evicted = 0
            for index in 0..<slots.count { evicted += slots[valueAt: index].setCountLimit(newValue) }
            countForgotten(evicted, "keyed cache count limit \(newValue.map(String.init) ?? "none"), \(evicted) evicted")
        }
    }

    // MARK: Layout contexts

    /// The layout context lookups and stores use.
    ///
    /// - Complexity: O(1).
    public var context: LayoutContext { slots.context }

    /// Every layout context whose heights are kept, the active one first.
    ///
    /// - Complexity: O(`contextLimit`).
    public var contexts: [LayoutContext] { slots.contexts }

    /// Makes `context` the one lookups and stores use; see
    /// ``IndexPathHeightCache/switchContext(to:)``.
    ///
    /// - Complexity: O(`contextLimit`).
    public func switchContext(to context: LayoutContext) {
        guard context != slots.context else { return }
        let previous = slots.context
        let dropped = slots.activate(context).reduce(0) { $0 + $1.count }
        let kept = slots.active.count
        countSwitch("keyed cache", from: previous, to: context, kept: kept, dropped: dropped)
    }

    // MARK: Lookups and stores

    /// The height cached for `key` in the active context, or `nil`; counts a hit or a miss
    /// and marks the key recently used.
    ///
    /// - Complexity: O(1) on average (one hash lookup).
    public func height(forKey key: Key) -> CGFloat? {
        let height = slots.active.height(forKey: key)
        return countLookup(height, at: "key[\(key)]")
    }

    /// Whether a height is cached for `key` in the active context; not counted as a
    /// lookup, and not a use for the count limit. FD's `existsHeightForKey:`.
    ///
    /// - Complexity: O(1) on average.
    public func containsHeight(forKey key: Key) -> Bool {
        !slots.active.peekHeight(forKey: key).isNaN
    }

    /// Caches a height for `key` in the active context, as its most recently used.
    ///
    /// Bad input: a height that is negative, NaN or infinite is not stored and is reported.
    ///
    /// - Complexity: O(1) on average.
    public func store(_ height: CGFloat, forKey key: Key) {
        guard accepts(height, at: "key[\(key)]") else { return }
        let evicted = slots.active.store(height, forKey: key)
        slots.active.checkInvariants()
        countStore(height, at: "key[\(key)]")
        if evicted > 0 { countForgotten(evicted, "evicted the least recently used keyed height (count limit \(countLimit ?? 0))") }
    }

    /// How many heights the active context holds.
    ///
    /// - Complexity: O(1).
    public var count: Int { slots.active.count }

    /// The active context's heights, least recently used first (for persistence).
    ///
    /// - Complexity: O(*n*).
    public var entries: [(key: Key, height: CGFloat)] { slots.active.entriesOldestFirst }

    // MARK: Invalidation

    /// Forgets the height for `key` in every layout context. FD's `invalidateHeightForKey:`.
    ///
    /// - Complexity: O(`contextLimit`) on average.
    public func invalidateHeight(forKey key: Key) {
        var forgotten = 0
        for index in 0..<slots.count where slots[valueAt: index].remove(forKey: key) { forgotten += 1 }
        countForgotten(forgotten, "invalidated key[\(key)] in \(forgotten) context(s)")
    }

    /// Forgets every height in every layout context. FD's `invalidateAllHeightCache`.
    ///
    /// - Complexity: O(`contextLimit`).
    public func invalidateAll() {
        var forgotten = 0
        for index in 0..<slots.count { forgotten += slots[valueAt: index].removeAll() }
        countForgotten(forgotten, "invalidated all keyed heights (\(forgotten))")
    }
}

/// Counting and tracing in `CacheBookkeeping`, with no access to the state open at a call-out.
extension KeyedHeightCache: KeepsBooks {
    /// Whether an access to the state is open now (checked builds only; `false` otherwise).
    var isInsideStateAccess: Bool { state.isAccessed }

    func assertNoStateAccess(before callOut: @autoclosure () -> String) {
        state.assertNoAccess(before: callOut())
    }
}
