import Foundation

/// Mapped skeleton layouts, in memory and on disk, with TABAnimated's strategy: a release
/// of an app maps each cell's skeleton once, not on every launch.
///
/// - Memory first: a dictionary of layouts by ``SkeletonLayoutKey``, at most
///   ``memoryLimit``, least recently used out. Read synchronously on the caller's thread
///   (the main thread configures cells synchronously).
/// - Disk second: one small file per key in `directory/layouts/` (JSON in the package's
///   checksummed, versioned envelope), named by `SkeletonLayoutKey.fileName` and stamped
///   with the app version, the ``SystemStamp`` (OS major version and the app's SDK) and the
///   time it was written. A file from another app version, system or format, or older than
///   ``maximumAge``, is stale: "map again", and the file is removed (``removeExpired(completion:)``
///   sweeps those no read meets). A memory miss reads the file synchronously (a few
///   kilobytes; cheaper than mapping a view tree) and keeps the layout in memory.
/// - Read your writes: a layout stored and not yet written is served from memory, never
///   the older file; a read that raced a store is retried; after ``removeAll()`` no file
///   is read until the removal has run, and loads, warm-ups and count writes queued before
///   it do nothing.
/// - Load counts apart from the layouts: one tiny file per key in `directory/counts/`, so
///   counting a load never rewrites a layout (TABAnimated's 300-byte counter beside its
///   4-kilobyte plist). ``warmUp(completion:)`` reads the counts at launch and loads the
///   ``warmUpCount`` most loaded layouts into memory. Counts read from disk are bounded
///   and counting saturates, so a forged count cannot trap.
/// - Every disk write (layouts, counts, removals) runs on one serial queue of this cache,
///   off the caller's thread, atomically (written aside, then renamed), so a reader sees
///   the old file or the new one, never half of one.
/// - Nothing on disk is trusted: an empty, truncated, garbage, bit-flipped or out-of-range
///   file is discarded and reported to ``log``, never a crash and never another layout.
///   Temporary files of interrupted writes and files the cache cannot name or read are
///   removed when it starts. A file that cannot be *read* (permission, data protection) is
///   a miss, reported and left alone. A directory that cannot be created or written leaves
///   the cache in memory, with one report per run of failures; the next write tries again.
/// - Bounded: at most `maximumLayoutFiles` layout files; past it, the least recently
///   used (written, or counted as loaded) go, after each write and at expiry, so a window
///   resized through many widths does not leave a file per pixel width.
/// - On or off: ``isEnabled`` defaults to off in debug builds, so a change to a cell or
///   its placeholder shows at the next run instead of hiding behind a stale skeleton
///   (a problem TABAnimated users met), and on in release builds. An explicit value
///   overrides both. Off means off: nothing is kept, read or written, and every request maps.
///
/// Thread safety: use it from any thread; the main thread and this cache's queue both do.
/// Every mutable field is in one `State` behind one lock, which is never held while
/// touching the disk or calling out (a log sink, a completion).
///
/// Invariants (checked by `checkInvariants()` under `TEMPLATE_LAYOUT_INTERNAL_CHECKS`):
/// - memory holds at most ``memoryLimit`` layouts, each valid, each with a distinct
///   recency stamp below the clock; none while disabled;
/// - every key with a pending count write has a count, and no count is negative;
/// - every layout waiting for its write is valid; removals pending are not negative.
public final class SkeletonLayoutCache: @unchecked Sendable {
    /// The layouts warmed into memory at launch unless told otherwise: 20 (TABAnimated's).
    public static let defaultWarmUpCount = 20
    /// How old a layout file may be unless told otherwise: 30 days. A layout is mapped once
    /// per release; the limit bounds how long one outlives what it was mapped from.
    public static let defaultMaximumAge: TimeInterval = 30 * 24 * 3600

    /// Whether caching is on when nobody says: off in debug builds, on in release builds.
    ///
    /// - Complexity: O(1).
    public static func defaultIsEnabled(isDebugBuild: Bool = DebugLog.isDebugBuild) -> Bool {
        !isDebugBuild
    }

    /// `Caches/TemplateLayoutCell/Skeletons` in the user's domain, where the system may
    /// purge (costing a remapping) but never backs up; `nil` where there is none, which
    /// the initializer takes as memory only (``PersistentHeightStore/defaultDirectory`` is
    /// the same type).
    ///
    /// - Complexity: O(1).
    public static var defaultDirectory: URL? {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
            .appendingPathComponent("TemplateLayoutCell", isDirectory: true)
            .appendingPathComponent("Skeletons", isDirectory: true)
    }

    /// The directory the cache's files live in; `nil` for a cache in memory only.
    public let directory: URL?
    /// The app version every layout file is stamped with; a file with another is stale.
    public let appVersion: String
    /// The OS major version and SDK every layout file is stamped with; a file with another
    /// is stale (new system metrics after an OS update or a build with a new SDK).
    public let system: SystemStamp
    /// How old a layout file may be before it is stale and mapped again.
    public let maximumAge: TimeInterval
    /// The clock for file ages; injected so tests control time.
    let now: @Sendable () -> Date
    /// How many of the most loaded layouts ``warmUp(completion:)`` loads.
    public let warmUpCount: Int
    /// The most layouts kept in memory.
    public let memoryLimit: Int
    /// Where problems (unreadable files, an unusable directory) and trace lines go.
    public let log: DebugLog

    /// What the lock protects: everything mutable.
    struct State {
        struct Entry {
            var layout: SkeletonLayout
            var lastUse: UInt64
        }

        /// A key's load count: what the disk said (once read), plus what was counted since.
        struct Count {
            /// Counts read from disk are cut to this: no real count comes near it, and a
            /// forged one must not overflow.
            static let limit = Int(Int32.max)

            var stored: Int?
            var added = 0
            var total: Int {
                let (sum, overflow) = (stored ?? 0).addingReportingOverflow(added)
                return overflow ? .max : sum
            }
        }

        /// A stored layout whose file write is queued: served on a memory miss instead of
        /// the older file.
        struct PendingWrite {
            var layout: SkeletonLayout
            var epoch: UInt64
        }

        var isEnabled: Bool
        var memory: [SkeletonLayoutKey: Entry] = [:]
        var clock: UInt64 = 0
        /// Load counts by file name.
        var counts: [String: Count] = [:]
        /// File names whose count write is queued and not yet started.
        var pendingCountWrites: Set<String> = []
        /// Layouts stored whose write has not landed.
        var pendingWrites: [SkeletonLayoutKey: PendingWrite] = [:]
        /// Bumped by every store and removal: a file read across a change may be older
        /// than memory, and is read again.
        var epoch: UInt64 = 0
        /// Bumped by `removeAll()`: work queued before it does nothing.
        var generation: UInt64 = 0
        /// `removeAll()` calls whose files are not removed yet: no file is read meanwhile.
        var pendingRemovals = 0
        /// See ``maximumLayoutFiles``.
        var maximumLayoutFiles = SkeletonLayoutCache.defaultMaximumLayoutFiles
        var statistics = SkeletonCacheStatistics()
    }

    let lock = NSLock()
    /// Only touched inside `lock.withLock`.
    var state: State
    /// The queue, the directory and its files.
    let disk: DiskStore
    /// The serial queue every disk write and the warm-up run on.
    var queue: DispatchQueue { disk.queue }

    static let layoutsFolder = "layouts"
    static let countsFolder = "counts"

    /// Creates a cache and, on its queue, creates its directory if need be and removes
    /// what interrupted writes left there.
    ///
    /// - Parameters:
    ///   - directory: Where to keep files; the UIKit layer passes
    ///     `Caches/TemplateLayoutCell/Skeletons` (under Caches, so not backed up, and the
    ///     system may purge it, which only costs a remapping). Created if missing. `nil`
    ///     for memory only.
    ///   - appVersion: The app's version and build (`CFBundleShortVersionString` and
    ///     `CFBundleVersion`): layouts mapped by another build are remapped.
    ///   - isEnabled: Caching on or off; `nil` for ``defaultIsEnabled(isDebugBuild:)``.
    ///   - warmUpCount: Layouts ``warmUp(completion:)`` loads; negative values are 0.
    ///   - memoryLimit: Layouts kept in memory; values below 1 are 1.
    ///   - log: Where problems and trace lines go.
    ///   - maximumAge: How old a layout file may be before it is mapped again; 30 days by
    ///     default. A negative or non-finite value becomes the default.
    ///   - system: The stamp layout files must carry; ``SystemStamp/current`` by default.
    ///   - now: The clock for file ages.
    /// - Complexity: O(1) on the caller's thread.
    public init(
        directory: URL?, appVersion: String, isEnabled: Bool? = nil, warmUpCount: Int = SkeletonLayoutCache.defaultWarmUpCount,
        memoryLimit: Int = 64, log: DebugLog = DebugLog(), maximumAge: TimeInterval = SkeletonLayoutCache.defaultMaximumAge,
        system: SystemStamp = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.appVersion = appVersion
        self.system = system
        self.maximumAge = maximumAge.isFinite && maximumAge > 0 ? maximumAge : Self.defaultMaximumAge
        self.now = now
        self.warmUpCount = max(0, warmUpCount)
        self.memoryLimit = max(1, memoryLimit)
        self.log = log
        self.state = State(isEnabled: isEnabled ?? Self.defaultIsEnabled())
        self.disk = DiskStore(
            directory: directory, label: "TemplateLayoutCell.SkeletonLayoutCache", qos: .utility,
            folders: [Self.layoutsFolder, Self.countsFolder].map {
                DiskStore.Folder(name: $0, fileExtension: "json", isOwnStem: { StableHash.isName($0) })
            },
            contents: "skeleton layouts", log: log)
        if directory != nil {
            disk.async { [disk] in disk.prepare() }
        }
    }

    // MARK: Switch

    /// Whether the cache keeps, reads and writes anything. Turning it off empties memory
    /// (files stay, for when it is turned on again; their version is checked anyway).
    ///
    /// - Complexity: O(1), or O(*n*) to empty memory.
    public var isEnabled: Bool {
        get { lock.withLock { state.isEnabled } }
        set {
            lock.withLock {
                state.isEnabled = newValue
                if !newValue { state.memory.removeAll() }
                checkInvariants()
            }
        }
    }

    /// Whether files are read and written as far as is known: a directory was given and
    /// the last attempt to prepare or write it did not fail (a failed one is tried again).
    ///
    /// - Complexity: O(1).
    var isDiskAvailable: Bool {
        disk.isHealthy
    }

    /// What the cache has done since it was created.
    ///
    /// - Complexity: O(1).
    public var statistics: SkeletonCacheStatistics {
        lock.withLock { state.statistics }
    }

    // MARK: Reading

    /// The cached layout for `key`: from memory, else from its file (which then stays in
    /// memory); `nil` when there is none, when the file is stale or damaged (it is then
    /// removed and reported), or when the cache is off. The caller maps and ``store(_:for:)``s.
    ///
    /// Synchronous, for the main thread configuring a cell; a memory miss reads one small
    /// file. Does not count a load: see ``recordLoad(for:)``. Never older than a layout
    /// stored before the call: one stored and not yet written is served from memory.
    ///
    /// - Complexity: O(1) on average from memory; one file read on a memory miss.
    public func layout(for key: SkeletonLayoutKey) -> SkeletonLayout? {
        // A store during the file read may have made it old: read again, a few times at most.
        for _ in 0..<3 {
            let epoch: UInt64
            switch lock.withLock({ lookUpMemory(key) }) {
            case .answer(let layout): return layout
            case .miss: return miss(key)
            case .readFile(let current): epoch = current
            }
            guard case .layout(let layout, _) = readFromDisk(key) else { return miss(key) }
            let kept: SkeletonLayout?? = lock.withLock {
                guard state.epoch == epoch else { return nil }
                guard state.isEnabled else { return .some(nil) }
                state.statistics.diskHits += 1
                insert(layout, for: key)
                return .some(layout)
            }
            if let kept {
                if kept != nil { log.trace("skeleton cache hit on disk \(key)") }
                return kept
            }
        }
        return miss(key)
    }

    /// The cached layout for `key`, or the one `map` makes, which is then stored.
    ///
    /// `map` runs on the caller's thread, only on a miss, and on every call while the
    /// cache is off.
    ///
    /// - Complexity: as ``layout(for:)``, plus `map` on a miss.
    public func layout(for key: SkeletonLayoutKey, orMap map: () -> SkeletonLayout) -> SkeletonLayout {
        if let cached = layout(for: key) { return cached }
        let mapped = map()
        store(mapped, for: key)
        return mapped
    }

    /// Whether `key`'s layout is in memory now (a read would not touch the disk).
    ///
    /// - Complexity: O(1) on average.
    func isInMemory(_ key: SkeletonLayoutKey) -> Bool {
        lock.withLock { state.memory[key] != nil }
    }

    // MARK: Writing

    /// Keeps `layout` for `key`: in memory at once, on disk through the queue. A layout
    /// equal to the one already in memory is not written again, nor one of an editing
    /// context (``LayoutContext/isPersistable``: files do not name the editing state).
    ///
    /// Bad input: a layout that breaks ``SkeletonLayout/isValid`` is not kept and is
    /// reported; nothing happens while the cache is off.
    ///
    /// - Complexity: O(1) on average on the caller's thread (O(``memoryLimit``) when one
    ///   is evicted); encoding and writing happen on the queue.
    public func store(_ layout: SkeletonLayout, for key: SkeletonLayoutKey) {
        guard layout.isValid else {
            log.problem("skeleton cache: not keeping an invalid layout for \(key) (a part outside the bounds, or a size that is not finite)")
            return
        }
        let write: (epoch: UInt64, generation: UInt64)? = lock.withLock {
            guard state.isEnabled else { return nil }
            let unchanged = state.memory[key]?.layout == layout
            insert(layout, for: key)
            state.statistics.stores += 1
            state.epoch &+= 1
            guard !unchanged, disk.isUsable, key.context.isPersistable else { return nil }
            state.pendingWrites[key] = State.PendingWrite(layout: layout, epoch: state.epoch)
            checkInvariants()
            return (state.epoch, state.generation)
        }
        log.trace("skeleton cache stored \(key): \(layout.parts.count) parts")
        if let write {
            disk.async { [self] in writeLayout(layout, for: key, epoch: write.epoch, generation: write.generation) }
        }
    }

    /// Counts one load of `key`'s skeleton, for ranking the warm-up. Call it once each time
    /// a skeleton of this key is shown, not once per row, as TABAnimated counted a load
    /// when an animation started. The count file is written on the queue; loads counted
    /// while a write is queued share that write.
    ///
    /// Bad input: none; nothing is counted while the cache is off, nor for an editing
    /// context, whose layouts are never written; a count at `Int.max` stays there.
    ///
    /// - Complexity: O(1) on average on the caller's thread.
    public func recordLoad(for key: SkeletonLayoutKey) {
        guard key.context.isPersistable else { return }
        let name = key.fileName
        let generation: UInt64? = lock.withLock {
            guard state.isEnabled else { return nil }
            var count = state.counts[name, default: State.Count()]
            let (added, overflow) = count.added.addingReportingOverflow(1)
            count.added = overflow ? .max : added
            state.counts[name] = count
            guard disk.isUsable, !state.pendingCountWrites.contains(name) else { return nil }
            state.pendingCountWrites.insert(name)
            return state.generation
        }
        if let generation {
            disk.async { [self] in writeCount(named: name, generation: generation) }
        }
    }

    /// How many loads of `key` are known: those read from its count file (at warm-up or
    /// the first write), plus those counted since launch.
    ///
    /// - Complexity: O(*n*) in the length of the identifier (to name the file).
    func loadCount(for key: SkeletonLayoutKey) -> Int {
        let name = key.fileName
        return lock.withLock { state.counts[name]?.total ?? 0 }
    }

    /// Forgets every layout and count, in memory now and on disk through the queue. No
    /// file is read until they are removed, and loads, warm-ups and count writes queued
    /// before this call do nothing, so nothing removed comes back.
    ///
    /// - Complexity: O(*n*) on the caller's thread to empty memory; the files are removed
    ///   on the queue.
    public func removeAll() {
        let removes: Bool = lock.withLock {
            state.memory.removeAll()
            state.counts.removeAll()
            state.pendingCountWrites.removeAll()
            state.pendingWrites.removeAll()
            state.generation &+= 1
            state.epoch &+= 1
            guard disk.isUsable else { return false }
            state.pendingRemovals += 1
            return true
        }
        if removes {
            disk.async { [self] in
                removeAllFiles()
                lock.withLock {
                    state.pendingRemovals -= 1
                    checkInvariants()
                }
            }
        }
    }

    // MARK: Waiting

    /// Waits until everything queued so far (writes, removals, a warm-up) is done: for
    /// tests, and for an app that wants its files written before it is suspended.
    ///
    /// Bad input: called from the cache's own queue (a warm-up completion, say) it would
    /// wait for itself forever; it reports that and returns at once instead.
    ///
    /// - Complexity: as long as the queued work takes.
    public func waitUntilIdle() {
        disk.waitUntilIdle(caller: "skeleton cache")
    }
}
