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
    let state: UncheckedState<PerContextCache<KeyedHeights<Key>>>

    /// The heights of each layout context, and the bookkeeping.
    var core: PerContextCache<KeyedHeights<Key>> {
        _read { state.beginAccess(modifying: false); defer { state.endAccess(modifying: false) }; yield state.value }
        _modify { state.beginAccess(modifying: true); defer { state.endAccess(modifying: true) }; yield &state.value }
    }
    /// The statistics and log, for ``KeepsBooks``: counted inside an access, traced after.
    var books: CacheBookkeeping {
        _read { state.beginAccess(modifying: false); defer { state.endAccess(modifying: false) }; yield state.value.books }
        _modify { state.beginAccess(modifying: true); defer { state.endAccess(modifying: true) }; yield &state.value.books }
    }

    /// Where trace lines and problem reports go.
    public var log: DebugLog {
        get { core.books.log }
        set { core.books.log = newValue }
    }

    /// Hits, misses, stores, invalidations (evictions included) and problems since creation.
    public var statistics: CacheStatistics { core.books.statistics }

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - context: The layout context lookups and stores start in.
    ///   - countLimit: The most heights kept per context, least recently used out; `nil`
    ///     (the default) for no limit; values below 1 become 1.
    ///   - contextLimit: How many layout contexts to keep, the active one included.
    ///   - log: The debug log.
    public init(context: LayoutContext = .unmeasured, countLimit: Int? = nil, contextLimit: Int = 4, log: DebugLog = DebugLog()) {
        self.state = UncheckedState(PerContextCache(
            context: context, limit: contextLimit, empty: KeyedHeights(countLimit: countLimit), log: log))
    }

    /// The most heights kept per layout context; `nil` for no limit. Lowering it evicts the
    /// least recently used heights of every context at once.
    ///
    /// - Complexity: O(*e*) for *e* heights evicted.
    public var countLimit: Int? {
        get { core.active.countLimit }
        set {
            let evicted = core.updateEach { $0.setCountLimit(newValue) }
            countForgotten(evicted, "keyed cache count limit \(newValue.map(String.init) ?? "none"), \(evicted) evicted")
        }
    }

    // MARK: Layout contexts

    /// The layout context lookups and stores use.
    public var context: LayoutContext { core.context }

    /// Every layout context whose heights are kept, the active one first.
    ///
    /// - Complexity: O(`contextLimit`).
    public var contexts: [LayoutContext] { core.contexts }

    /// Makes `context` the one lookups and stores use; see
    /// ``IndexPathHeightCache/switchContext(to:)``.
    ///
    /// - Complexity: O(`contextLimit`).
    public func switchContext(to context: LayoutContext) {
        countSwitch(core.switchContext(to: context), cache: "keyed cache")
    }

    // MARK: Lookups and stores

    /// The height cached for `key` in the active context, or `nil`; counts a hit or a miss
    /// and marks the key recently used.
    ///
    /// - Complexity: O(1) on average (one hash lookup).
    public func height(forKey key: Key) -> CGFloat? {
        let height = core.active.height(forKey: key)
        return countLookup(height, at: "key[\(key)]")
    }

    /// Whether a height is cached for `key` in the active context; not counted as a
    /// lookup, and not a use for the count limit. FD's `existsHeightForKey:`.
    ///
    /// - Complexity: O(1) on average.
    public func containsHeight(forKey key: Key) -> Bool {
        peekHeight(forKey: key) != nil
    }

    /// The height cached for `key` in the active context, or `nil`, read without counting a
    /// lookup, tracing, or marking the key used: for estimates and skeleton rows, whose
    /// reads must not change what the statistics say about real rows, nor which heights the
    /// count limit keeps.
    func peekHeight(forKey key: Key) -> CGFloat? {
        let height = core.active.peekHeight(forKey: key)
        return height.isNaN ? nil : height
    }

    /// Caches a height for `key` in the active context, as its most recently used.
    ///
    /// Bad input: a height that is negative, NaN or infinite is not stored and is reported.
    ///
    /// - Complexity: O(1) on average.
    public func store(_ height: CGFloat, forKey key: Key) {
        guard accepts(height, at: "key[\(key)]") else { return }
        let evicted = core.active.store(height, forKey: key)
        core.active.checkInvariants()
        countStore(height, at: "key[\(key)]")
        guard evicted > 0 else { return }
        // Read before the bookkeeping's access begins: its message is built inside it.
        let limit = core.active.countLimit ?? 0
        countForgotten(evicted, "evicted the least recently used keyed height (count limit \(limit))")
    }

    /// How many heights the active context holds.
    public var count: Int { core.active.count }

    /// The active context's heights, least recently used first (for persistence).
    ///
    /// - Complexity: O(*n*).
    public var entries: [(key: Key, height: CGFloat)] { core.active.entriesOldestFirst }

    // MARK: Invalidation

    /// Forgets the height for `key` in every layout context. FD's `invalidateHeightForKey:`.
    ///
    /// - Complexity: O(`contextLimit`) on average.
    public func invalidateHeight(forKey key: Key) {
        let forgotten = core.updateEach { $0.remove(forKey: key) ? 1 : 0 }
        countForgotten(forgotten, "invalidated key[\(key)] in \(forgotten) context(s)")
    }

    /// Forgets every height in every layout context. FD's `invalidateAllHeightCache`.
    ///
    /// - Complexity: O(`contextLimit`).
    public func invalidateAll() {
        let forgotten = core.removeAll()
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
