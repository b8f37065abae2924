import Foundation

/// Mapped skeleton layouts, in memory and on disk, with TABAnimated's strategy: a release
/// of an app maps each cell's skeleton once, not on every launch.
///
/// - Memory first: a dictionary of layouts by ``SkeletonLayoutKey``, at most
///   ``memoryLimit``, least recently used out. Read synchronously on the caller's thread
///   (the main thread configures cells synchronously).
/// - Disk second: one small JSON file per key in `directory/layouts/`, named by
///   ``SkeletonLayoutKey/fileName`` and stamped with the app version and a format number.
///   A file from another app version or format is stale: "map again", and the file is
///   removed. A memory miss reads the file synchronously (a few kilobytes; cheaper than
///   mapping a view tree) and keeps the layout in memory.
/// - Load counts apart from the layouts: one tiny file per key in `directory/counts/`, so
///   counting a load never rewrites a layout (TABAnimated's 300-byte counter beside its
///   4-kilobyte plist). ``warmUp(completion:)`` reads the counts at launch and loads the
///   ``warmUpCount`` most loaded layouts into memory.
/// - Every disk write (layouts, counts, removals) runs on one serial queue of this cache,
///   off the caller's thread, atomically (written aside, then renamed), so a reader sees
///   the old file or the new one, never half of one.
/// - Nothing on disk is trusted: an empty, truncated, garbage or out-of-range file is
///   discarded and reported to ``log``, never a crash. A directory that cannot be created
///   or written degrades the cache to memory only, with one report.
/// - On or off: ``isEnabled`` defaults to off in debug builds, so a change to a cell or
///   its placeholder shows at the next run instead of hiding behind a stale skeleton
///   (TABAnimated users hit exactly that: #110, #189, #191), and on in release builds. An
///   explicit value overrides both. Off means off: nothing is kept, read or written, and
///   every request maps.
///
/// Thread safety: use it from any thread; the main thread and this cache's queue both do.
/// Every mutable field is in one `State` behind one lock, which is never held while
/// touching the disk or calling out (a log sink, a completion).
///
/// Invariants (checked by ``checkInvariants()`` under `TEMPLATE_LAYOUT_INTERNAL_CHECKS`):
/// - memory holds at most ``memoryLimit`` layouts, each valid, each with a distinct
///   recency stamp below the clock; none while disabled;
/// - every key with a pending count write has a count.
public final class SkeletonLayoutCache: @unchecked Sendable {
    /// The layouts warmed into memory at launch unless told otherwise: 20 (TABAnimated's).
    public static let defaultWarmUpCount = 20

    /// Whether caching is on when nobody says: off in debug builds, on in release builds.
    ///
    /// - Complexity: O(1).
    public static func defaultIsEnabled(isDebugBuild: Bool = DebugLog.isDebugBuild) -> Bool {
        !isDebugBuild
    }

    /// `Caches/TemplateLayoutCell/Skeletons` in the user's domain, where the system may
    /// purge (costing a remapping) but never backs up; `nil` where there is none.
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
            var stored: Int?
            var added = 0
            var total: Int { (stored ?? 0) + added }
        }

        var isEnabled: Bool
        var memory: [SkeletonLayoutKey: Entry] = [:]
        var clock: UInt64 = 0
        /// Load counts by file name.
        var counts: [String: Count] = [:]
        /// File names whose count write is queued and not yet started.
        var pendingCountWrites: Set<String> = []
        /// False once the directory proved unusable; the cache is then memory-only.
        var diskIsUsable: Bool
        var statistics = SkeletonCacheStatistics()
    }

    let lock = NSLock()
    /// Only touched inside `lock.withLock`.
    var state: State
    /// The serial queue every disk write and the warm-up run on.
    let queue = DispatchQueue(label: "TemplateLayoutCell.SkeletonLayoutCache", qos: .utility)
    let queueMarker = DispatchSpecificKey<Bool>()
    let layoutsDirectory: URL?
    let countsDirectory: URL?

    /// Creates a cache and, on its queue, creates its directory if need be.
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
    /// - Complexity: O(1) on the caller's thread.
    public init(
        directory: URL?, appVersion: String, isEnabled: Bool? = nil, warmUpCount: Int = SkeletonLayoutCache.defaultWarmUpCount,
        memoryLimit: Int = 64, log: DebugLog = DebugLog()
    ) {
        self.directory = directory
        self.appVersion = appVersion
        self.warmUpCount = max(0, warmUpCount)
        self.memoryLimit = max(1, memoryLimit)
        self.log = log
        self.layoutsDirectory = directory?.appendingPathComponent("layouts", isDirectory: true)
        self.countsDirectory = directory?.appendingPathComponent("counts", isDirectory: true)
        self.state = State(isEnabled: isEnabled ?? Self.defaultIsEnabled(), diskIsUsable: directory != nil)
        queue.setSpecific(key: queueMarker, value: true)
        if directory != nil {
            queue.async { [self] in prepareDirectories() }
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

    /// Whether files are read and written: a directory was given and has not failed.
    ///
    /// - Complexity: O(1).
    public var isDiskAvailable: Bool {
        lock.withLock { state.diskIsUsable }
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
    /// file. Does not count a load: see ``recordLoad(for:)``.
    ///
    /// - Complexity: O(1) on average from memory; one file read on a memory miss.
    public func layout(for key: SkeletonLayoutKey) -> SkeletonLayout? {
        let memory: SkeletonLayout?? = lock.withLock {
            guard state.isEnabled else { return .some(nil) }
            guard let layout = touch(key) else { return nil }
            state.statistics.memoryHits += 1
            return .some(layout)
        }
        if let memory { return memory }
        // No file names an editing context (see LayoutContext.isPersistable).
        guard key.context.isPersistable, case .layout(let layout, _) = readFromDisk(key) else {
            lock.withLock { state.statistics.misses += 1 }
            log.trace("skeleton cache miss \(key)")
            return nil
        }
        let kept: SkeletonLayout = lock.withLock {
            state.statistics.diskHits += 1
            // Someone may have stored a newer layout while the file was read: theirs wins.
            if let newer = touch(key) { return newer }
            insert(layout, for: key)
            return layout
        }
        log.trace("skeleton cache hit on disk \(key)")
        return kept
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
    public func isInMemory(_ key: SkeletonLayoutKey) -> Bool {
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
        let write: Bool = lock.withLock {
            guard state.isEnabled else { return false }
            let unchanged = state.memory[key]?.layout == layout
            insert(layout, for: key)
            state.statistics.stores += 1
            return !unchanged && state.diskIsUsable && key.context.isPersistable
        }
        log.trace("skeleton cache stored \(key): \(layout.parts.count) parts")
        if write {
            queue.async { [self] in writeLayout(layout, for: key) }
        }
    }

    /// Counts one load of `key`'s skeleton, for ranking the warm-up. Call it once each time
    /// a skeleton of this key is shown, not once per row, as TABAnimated counted a load
    /// when an animation started. The count file is written on the queue; loads counted
    /// while a write is queued share that write.
    ///
    /// Bad input: none; nothing is counted while the cache is off, nor for an editing
    /// context, whose layouts are never written.
    ///
    /// - Complexity: O(1) on average on the caller's thread.
    public func recordLoad(for key: SkeletonLayoutKey) {
        guard key.context.isPersistable else { return }
        let name = key.fileName
        let schedule: Bool = lock.withLock {
            guard state.isEnabled else { return false }
            state.counts[name, default: State.Count()].added += 1
            guard state.diskIsUsable, !state.pendingCountWrites.contains(name) else { return false }
            state.pendingCountWrites.insert(name)
            return true
        }
        if schedule {
            queue.async { [self] in writeCount(named: name) }
        }
    }

    /// How many loads of `key` are known: those read from its count file (at warm-up or
    /// the first write), plus those counted since launch.
    ///
    /// - Complexity: O(*n*) in the length of the identifier (to name the file).
    public func loadCount(for key: SkeletonLayoutKey) -> Int {
        let name = key.fileName
        return lock.withLock { state.counts[name]?.total ?? 0 }
    }

    /// Forgets every layout and count, in memory now and on disk through the queue.
    ///
    /// - Complexity: O(*n*) on the caller's thread to empty memory; the files are removed
    ///   on the queue.
    public func removeAll() {
        let disk: Bool = lock.withLock {
            state.memory.removeAll()
            state.counts.removeAll()
            return state.diskIsUsable
        }
        if disk {
            queue.async { [self] in removeAllFiles() }
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
        guard DispatchQueue.getSpecific(key: queueMarker) != true else {
            log.problem("skeleton cache: waitUntilIdle() called on the cache's own queue, which would wait forever; not waiting")
            return
        }
        queue.sync {}
    }

    // MARK: Memory (call with the lock held)

    /// The layout in memory for `key`, marked most recently used.
    func touch(_ key: SkeletonLayoutKey) -> SkeletonLayout? {
        guard let layout = state.memory[key]?.layout else { return nil }
        state.clock &+= 1
        // Read the clock before the optional-chained write begins its access to `state`.
        let stamp = state.clock
        state.memory[key]?.lastUse = stamp
        return layout
    }

    /// Puts `layout` in memory as the most recently used, evicting the least recently used
    /// over the limit.
    func insert(_ layout: SkeletonLayout, for key: SkeletonLayoutKey) {
        state.clock &+= 1
        state.memory[key] = State.Entry(layout: layout, lastUse: state.clock)
        while state.memory.count > memoryLimit,
              let oldest = state.memory.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            state.memory[oldest] = nil
            state.statistics.evictions += 1
        }
        checkInvariants()
    }
}

/// What a ``SkeletonLayoutCache`` has done.
public struct SkeletonCacheStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Reads answered from memory.
    public var memoryHits = 0
    /// Reads answered from a file.
    public var diskHits = 0
    /// Reads with no usable layout (the caller maps).
    public var misses = 0
    /// Layouts stored.
    public var stores = 0
    /// Layouts evicted from memory for the limit.
    public var evictions = 0
    /// Layout and count files written.
    public var fileWrites = 0
    /// Files removed as stale (another app version or format) or damaged.
    public var discardedFiles = 0
    /// Layouts loaded into memory by warm-ups.
    public var warmedUp = 0

    /// Creates empty statistics.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// E.g. `memory hits 40, disk hits 2, misses 1, stores 1, evictions 0, file writes 3, discarded 0, warmed up 20`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        "memory hits \(memoryHits), disk hits \(diskHits), misses \(misses), stores \(stores), evictions \(evictions), file writes \(fileWrites), discarded \(discardedFiles), warmed up \(warmedUp)"
    }
}
