import Foundation

/// Every height cache of one table, and the rule for using them: look the height up; if it
/// is not there, measure once, check the result, and remember it.
///
/// The UIKit layer is this type plus a template cell: `fd_height(identifier:cacheBy:configure:)`
/// computes the table's ``LayoutContext``, calls ``height(cachedBy:measure:)``, and
/// measures only when this asks it to. Keeping the rule here means it is tested on every
/// platform.
///
/// Rules:
/// - Nothing is cached while the context has no width: a cell laid out at width 0 has no
///   meaningful height, and FD cached one. The request gets ``fallbackHeight`` instead
///   (or, with `measuresProvisionally`, a height measured at an approximate width), and
///   the table asks again once it has a width.
/// - A measured height that is negative, NaN or infinite is reported, not cached, and
///   replaced by ``fallbackHeight``.
/// - Every measurement is counted and timed, so the cache's worth is a number
///   (``statistics``), not an assumption.
///
/// Not thread-safe: use it from one thread (the main thread in an app).
public final class TableHeightCache {
    /// Heights by index path, aligned with the table's updates.
    public let indexPaths: IndexPathHeightCache
    /// Heights by the app's keys.
    public let keys: KeyedHeightCache<AnyHashable>
    /// Recent measured heights per cell identifier and layout context, for skeleton rows
    /// that have no cached height (see `TableHeightCache+SkeletonHeights.swift`).
    package var samples = IdentifierHeightSamples()

    /// The height returned when nothing can be measured (no width yet, or an invalid
    /// measurement). 44 points, UIKit's default row height, unless set; negative, NaN or
    /// infinite values are ignored.
    public var fallbackHeight: CGFloat = 44 {
        didSet { if !(fallbackHeight.isFinite && fallbackHeight >= 0) { fallbackHeight = oldValue } }
    }

    /// The debug log of this table; setting it sets both caches' logs.
    public var log: DebugLog {
        didSet {
            indexPaths.log = log
            keys.log = log
        }
    }

    /// Where keyed heights persist across launches; `nil` (the default) keeps them in memory
    /// only. Setting it links this table to the namespace (so an invalidation in any table
    /// of the namespace reaches this one) and reads the file of the current context. See
    /// `TableHeightCache+Persistence.swift`.
    public var persistence: HeightPersistence? {
        didSet { persistenceDidChange(from: oldValue) }
    }

    /// Whether the table's window is being resized by the user right now (iPadOS 26 windows,
    /// iPhone and iPad apps on a Mac). Heights are measured and kept in memory as usual, but
    /// none is recorded in the persistent store and no context's file is read, so a drag
    /// through a hundred widths leaves no file, and no bucket in the store, per width. When
    /// it turns `false`, the keyed heights of the context the resize ended in are recorded
    /// and its file is read. Set by the UIKit layer from the window scene.
    ///
    /// - Complexity: O(1); O(*n*) in the active context's keyed heights when it turns `false`.
    public var isResizingInteractively = false {
        didSet { if oldValue && !isResizingInteractively { resizingDidEnd() } }
    }

    /// The observed reads of this table's measurements, if followed: told when keyed heights
    /// are invalidated here or by a peer, so those rows are tracked again (set by
    /// ``ObservedHeights``).
    package weak var observedHeights: ObservedHeights?
    /// Called when another table linked to the same namespace forgot keyed heights here, so
    /// this table can ask for the heights of the rows it shows again (its UIKit table does not
    /// ask by itself). Set by the UIKit layer.
    package var peerDidInvalidateKeyedHeights: (() -> Void)?
    /// Called when a height was measured while the caches changed under it (an update, an
    /// invalidation or a context switch made by code the measurement ran, or by a run of the
    /// run loop it spun): the height was answered, not cached, and the table should ask
    /// again. Set by the UIKit layer.
    package var heightChangedWhileMeasured: (() -> Void)?

    /// Whether a miss in an unmeasurable context is measured anyway, at the approximate width
    /// the caller measures at, and answered without caching: while a table's width is known
    /// only roughly (its section index not yet laid out), an answer from a layout is closer
    /// to the truth than the fallback height, which an app may use in the same turn
    /// (`scrollToRow`, the content size). Set by the UIKit layer with each geometry.
    package var measuresProvisionally = false

    private var layouts = 0
    private var measuringNanoseconds: UInt64 = 0
    private var unmeasurableRequests = 0
    var persistedHits = 0
    /// Heights recorded from UIKit's layout that changed the cache (`TableHeightCache+RecordedHeights.swift`).
    var recordedHeights = 0
    /// The key of the last template request (set by the UIKit layer's template path): UIKit
    /// asks a row's height right before it displays the row, so a recording for this key
    /// comes from a row whose `heightForRowAt` answered from a template.
    package var lastTemplateAnswer: HeightCacheKey?
    /// Contexts keyed heights were measured in, unrecorded, while the window was resized:
    /// each is recorded when next used after the resize (see `TableHeightCache+Persistence.swift`).
    var contextsMeasuredWhileResizing: Set<LayoutContext> = []

    /// Creates the caches of one table.
    ///
    /// - Parameters:
    ///   - context: The layout context to start in; the table's real one is set with
    ///     ``switchContext(to:)`` before the first request.
    ///   - contextLimit: How many layout contexts each cache keeps.
    ///   - keyedCountLimit: The most keyed heights kept per context; `nil` for no limit.
    ///   - log: The debug log.
    public init(context: LayoutContext = .unmeasured, contextLimit: Int = 4, keyedCountLimit: Int? = nil, log: DebugLog = DebugLog()) {
        self.indexPaths = IndexPathHeightCache(context: context, contextLimit: contextLimit, log: log)
        self.keys = KeyedHeightCache(context: context, countLimit: keyedCountLimit, contextLimit: contextLimit, log: log)
        self.log = log
    }

    /// The layout context requests are answered in.
    public var context: LayoutContext { indexPaths.context }

    /// Switches both caches to `context`; see ``IndexPathHeightCache/switchContext(to:)``.
    /// With ``persistence`` set (and no interactive resize), the store reads the new
    /// context's file, the first time it is used.
    ///
    /// - Complexity: O(`contextLimit`).
    public func switchContext(to context: LayoutContext) {
        let changed = context != self.context
        indexPaths.switchContext(to: context)
        keys.switchContext(to: context)
        if changed { activatePersistedContext(recordingWhatTheResizeLeft: true) }
    }

    /// The cached height for `key`, if any; counts a hit or a miss. Never measures.
    ///
    /// While a batch of updates is open, positions name nothing yet: the heights are stored
    /// at the old ones and the app's data source already answers for the new ones. A height
    /// asked by position then (the app's own code inside the batch; UIKit asks after it) is
    /// measured and answered, never read from or written to the cache.
    ///
    /// - Complexity: O(1) (on average, for keys).
    public func cachedHeight(for key: HeightCacheKey) -> CGFloat? {
        if key.namesPosition, indexPaths.hasOpenBatch { return nil }
        switch key {
        case .none: return nil
        case .indexPath(let path): return indexPaths.height(at: path)
        case .key(let key): return keys.height(forKey: key) ?? persistedHeight(forKey: key)
        case .header(let section): return indexPaths.height(of: .header, inSection: section)
        case .footer(let section): return indexPaths.height(of: .footer, inSection: section)
        }
    }

    /// The height for `key`: cached, or measured by `measure` once and cached.
    ///
    /// `measure` is called at most once, and not at all on a hit or while the context has
    /// no width (see the rules above).
    ///
    /// Bad input: an invalid measured height, or an index path the cache cannot store, is
    /// reported; the returned height is still the best available.
    ///
    /// - Complexity: O(1) on a hit; the cost of `measure` on a miss.
    public func height(cachedBy key: HeightCacheKey, measure: () -> CGFloat) -> CGFloat {
        cachedHeight(for: key) ?? measuredHeight(for: key, measure: measure)
    }

    /// Measures a height for `key` and caches it, without looking it up first: the miss
    /// half of ``height(cachedBy:measure:)``, for callers that looked up already (the UIKit
    /// layer, which must find a template cell between the two).
    ///
    /// Same rules: nothing is measured without a width, and an invalid result is reported,
    /// not cached, and replaced by ``fallbackHeight``.
    ///
    /// - Complexity: the cost of `measure`, plus O(1) amortised to store.
    public func measuredHeight(for key: HeightCacheKey, measure: () -> CGFloat) -> CGFloat {
        measuredHeight(for: key, fallback: fallbackHeight, measure: measure)
    }

    /// ``measuredHeight(for:measure:)`` answering `fallback` where it would answer
    /// ``fallbackHeight``: for a request with a fallback of its own (a header's or footer's
    /// estimated height, not the rows').
    package func measuredHeight(for key: HeightCacheKey, fallback: CGFloat, measure: () -> CGFloat) -> CGFloat {
        guard context.isMeasurable else {
            unmeasurableRequests += 1
            guard measuresProvisionally else {
                log.trace("not measuring \(key): the table has no width yet; answering \(HeightFormat.string(fallback)) without caching")
                return fallback
            }
            log.trace("measuring \(key) at an approximate width, without caching: the exact one is not known yet")
            return timedMeasurement(of: key, fallback: fallback, measure: measure) ?? fallback
        }
        let changesBefore = indexPaths.changeCount &+ keys.changeCount
        let contextBefore = context
        guard let measured = timedMeasurement(of: key, fallback: fallback, measure: measure) else { return fallback }
        guard indexPaths.changeCount &+ keys.changeCount == changesBefore, context == contextBefore else {
            // Rows moved, a height was forgotten or the width changed while this was measured
            // (review 18d, F1): stored, it could land on another row, outlive its
            // invalidation, or sit in another width.
            log.trace("measured \(key) while the caches changed: answering \(HeightFormat.string(measured)) without caching")
            heightChangedWhileMeasured?()
            return measured
        }
        if key.namesPosition, indexPaths.hasOpenBatch {
            // Stored at the old position, the batch would move it onto another row.
            log.trace("measured \(key) inside an open batch: answering \(HeightFormat.string(measured)) without caching")
            return measured
        }
        store(measured, for: key)
        return measured
    }

    /// Runs `measure`, counted and timed; `nil`, reported, for a result that is not a height.
    private func timedMeasurement(of key: HeightCacheKey, fallback: CGFloat, measure: () -> CGFloat) -> CGFloat? {
        let start = DispatchTime.now().uptimeNanoseconds
        let measured = measure()
        measuringNanoseconds += DispatchTime.now().uptimeNanoseconds &- start
        layouts += 1
        guard measured.isFinite && measured >= 0 else {
            indexPaths.report("measured \(HeightFormat.string(measured)) for \(key), which is not a height; answering \(HeightFormat.string(fallback)) without caching")
            return nil
        }
        return measured
    }

    /// The height to give `estimatedHeightForRowAt`: the cached (or persisted) height if
    /// there is one, so that rows already measured do not jump when they scroll in, else
    /// ``fallbackHeight``. Not counted as a lookup, and never measures.
    ///
    /// - Complexity: O(1) (on average, for keys).
    public func estimatedHeight(for key: HeightCacheKey) -> CGFloat {
        estimate(for: key).height
    }

    /// The height cached for `key` in the active context, read without counting a lookup or
    /// touching the keyed cache's recency: for estimates and skeleton rows, whose reads must
    /// not change what the statistics say about real rows.
    ///
    /// - Complexity: O(1) (on average, for keys).
    func peekHeight(for key: HeightCacheKey) -> CGFloat? {
        if key.namesPosition, indexPaths.hasOpenBatch { return nil }
        switch key {
        case .none: return nil
        case .indexPath(let path): return indexPaths.peekHeight(at: path)
        case .key(let key): return keys.peekHeight(forKey: key)
        case .header(let section): return indexPaths.peekHeight(of: .header, inSection: section)
        case .footer(let section): return indexPaths.peekHeight(of: .footer, inSection: section)
        }
    }

    /// Caches `height` for `key`; `.none` caches nothing.
    ///
    /// Bad input: as for the cache `key` names.
    ///
    /// - Complexity: O(1) amortised.
    public func store(_ height: CGFloat, for key: HeightCacheKey) {
        switch key {
        case .none: break
        case .indexPath(let path): indexPaths.store(height, at: path)
        case .key(let key):
            keys.store(height, forKey: key)
            persist(height, forKey: key)
        case .header(let section): indexPaths.store(height, for: .header, inSection: section)
        case .footer(let section): indexPaths.store(height, for: .footer, inSection: section)
        }
    }

    /// What the caches and measurements of this table have done.
    public var statistics: TableHeightStatistics {
        TableHeightStatistics(
            indexPath: indexPaths.statistics, keyed: keys.statistics, layouts: layouts,
            measuringTime: TimeInterval(measuringNanoseconds) / 1e9, unmeasurableRequests: unmeasurableRequests,
            persistedHits: persistedHits, recordedHeights: recordedHeights)
    }
}
