import Foundation

/// Keyed heights that survive launches: in memory first, on disk second, after SDWebImage's
/// memory-and-disk cache.
///
/// Heights are kept per namespace (one feed, say) and layout context (a height-fixed
/// context's collection items keep their widths, one length per key, in files of their
/// own: never those of a width of the same length), and each file is
/// stamped with the app version, a content version the app supplies, the OS major version
/// and the SDK the app was built with (``SystemStamp``), so a changed cell layout, an OS
/// update or a new SDK never serves old heights: bump the content version when the cell's
/// layout changes.
///
/// - Memory: lookups and records touch only memory, under a lock, from any thread.
/// - Disk: every read, write and deletion happens on one serial queue, never on the caller's
///   thread: files are loaded back asynchronously (a table's current context at
///   ``open(namespace:contentVersion:context:completion:)``, each other context when a table
///   attached through ``HeightPersistence`` switches to it; every file at
///   ``open(namespace:contentVersion:completion:)``), written atomically some time after
///   heights are recorded (or at ``flush(completion:)``), and expired by
///   ``removeExpired(completion:)`` (by age, then oldest first down to half the size limit),
///   which the UIKit layer calls when the app goes to the background.
/// - Bounded: a namespace keeps at most ``Configuration/maximumContextsPerNamespace`` layout
///   contexts on disk and in memory (the least recently used go first), so a window resized
///   freely does not leave a file per pixel width.
/// - Completions run on the store's private serial queue, never the main thread, as
///   `@Sendable` closures: hop to the main actor before touching UIKit. Each has an `async`
///   twin (``openAndWait(namespace:contentVersion:)``, ``flushAndWait()``, ...) that a
///   main-actor caller can await.
/// - Tables: every ``TableHeightCache`` linked to a namespace is known to the store (weakly),
///   so ``TableHeightCache/invalidateHeight(forKey:)`` on one table reaches the memory of
///   every table on that namespace (the same feed in two windows).
/// - Invalidation is as durable as a record: an invalidated height is never served again,
///   in this launch or a later one, even if the namespace is opened again or was not open yet.
/// - Failure: a partial, corrupted or stale file is deleted and reported, never served; a
///   file that cannot be read (permission, data protection) is reported and left alone,
///   never overwritten with less than it holds; a directory that cannot be created or
///   written leaves the store working in memory, reported once per run of failures, and
///   the next write tries again.
/// - Never a subset: a context whose file was not read (dropped from memory past the
///   context limit, say) and is recorded into again has its file merged, not replaced.
/// - Keys: strings are compared, hashed and written in their canonical composed form (NFC);
///   a key longer than 65,535 UTF-8 bytes is refused (reported, not kept), never cut.
///
/// One store per directory: create it once (the app delegate is a good owner) and share it
/// between tables; two stores on the same directory would race on its files.
public final class PersistentHeightStore: @unchecked Sendable {
    // Every mutable field is behind `lock`; disk work is on the disk's queue and takes the
    // lock only to read or merge memory.

    /// Limits and stamps.
    public struct Configuration: Sendable {
        /// Written into every file; files from another app version are discarded.
        public var appVersion: String
        /// Files older than this are expired; one week by default, as SDWebImage.
        public var maximumAge: TimeInterval
        /// When the files' total size exceeds this many bytes, the oldest are removed down to
        /// half of it. 10 MB by default (about a million heights).
        public var maximumTotalSize: Int
        /// How long after a record the dirty heights are written, so that a burst of
        /// measurements is one write. One second by default.
        public var writeDelay: TimeInterval
        /// Written into every file; files from another OS major version or SDK are
        /// discarded. ``SystemStamp/current`` by default.
        public var system: SystemStamp
        /// The most layout contexts of one namespace kept, on disk and in memory; the least
        /// recently used go first. 8 by default: two orientations of a few window sizes.
        public var maximumContextsPerNamespace: Int

        /// Creates a configuration.
        ///
        /// Bad input: a negative or non-finite age or delay, or a size or context count
        /// below 1, becomes the default.
        ///
        /// - Complexity: O(1).
        public init(appVersion: String, maximumAge: TimeInterval = 7 * 24 * 3600,
                    maximumTotalSize: Int = 10 << 20, writeDelay: TimeInterval = 1,
                    system: SystemStamp = .current, maximumContextsPerNamespace: Int = 8) {
            self.appVersion = appVersion
            self.maximumAge = maximumAge.isFinite && maximumAge > 0 ? maximumAge : 7 * 24 * 3600
            self.maximumTotalSize = maximumTotalSize > 0 ? maximumTotalSize : 10 << 20
            self.writeDelay = writeDelay.isFinite && writeDelay >= 0 ? writeDelay : 1
            self.system = system
            self.maximumContextsPerNamespace = maximumContextsPerNamespace > 0 ? maximumContextsPerNamespace : 8
        }
    }

    /// What an ``open(namespace:contentVersion:completion:)`` or a context's load found on disk.
    public struct LoadReport: Hashable, Sendable {
        /// Heights loaded into memory.
        public var heights = 0
        /// Files read.
        public var files = 0
        /// Files deleted as corrupted, stale or expired.
        public var discarded = 0

        /// Creates a report.
        ///
        /// - Complexity: O(1).
        public init(heights: Int = 0, files: Int = 0, discarded: Int = 0) {
            self.heights = heights
            self.files = files
            self.discarded = discarded
        }
    }

    struct BucketKey: Hashable {
        var namespace: String
        var context: LayoutContext
    }

    struct Bucket {
        var heights: [PersistentKey: CGFloat] = [:]
        var isDirty = false
        /// When the bucket was last recorded in, loaded or made current (the store's clock):
        /// past the context limit, the least recently used clean bucket goes first.
        var lastUse: UInt64 = 0
    }

    struct NamespaceState {
        var contentVersion: String
        /// Bumped by `removeAll` and by a new content version, so a load queued before
        /// either does not bring heights back.
        var generation = 0
        /// Whether every file of this generation is in memory (or gone), so opening again
        /// reads nothing (memory is newer than the files) and an invalidation needs no
        /// tombstone.
        var isLoaded = false
        /// The contexts whose file is in memory in this generation: each is read once, since
        /// memory is newer than its file afterwards.
        var loadedContexts: Set<LayoutContext> = []
        /// The contexts whose file is queued to be read. Not yet in memory: a write that runs
        /// before the read merges the file instead of replacing it.
        var loadingContexts: Set<LayoutContext> = []
    }

    /// Everything mutable, behind `lock`.
    struct State {
        var buckets: [BucketKey: Bucket] = [:]
        var namespaces: [String: NamespaceState] = [:]
        /// Keys invalidated in a namespace whose files are not all in memory (never opened
        /// in this launch, loading, or loaded one context at a time): files may still hold
        /// them. Applied to what every load reads, and removed from the files at the next
        /// write.
        var tombstones: [String: Set<PersistentKey>] = [:]
        var writeScheduled = false
        /// Counts uses of buckets, for `Bucket.lastUse`.
        var clock: UInt64 = 0
        /// The table caches linked to each namespace, weakly (see `+Tables.swift`).
        var attached: [String: [AttachedCache]] = [:]
    }

    let disk: DiskStore
    let configuration: Configuration
    let now: @Sendable () -> Date

    private let lock = NSLock()
    private var state = State()

    /// Creates a store over `directory` (created when first needed).
    ///
    /// Bad input: a `nil` directory keeps the heights in memory only; so does one that cannot
    /// be created or written, reported once. Temporary files of interrupted writes, and
    /// files with this store's extension that it cannot name or read, are removed at its
    /// first disk work.
    ///
    /// - Parameters:
    ///   - directory: Where the files go, the store's own; use a Caches subdirectory
    ///     (``defaultDirectory``), which is not backed up. `nil` for memory only.
    ///   - configuration: The app version and limits.
    ///   - log: Where problems (corrupted files, an unusable directory) are reported.
    ///   - now: The clock for file ages; injected so tests control time.
    /// - Complexity: O(1); nothing touches the disk until the first `open`, `flush` or
    ///   `removeExpired`.
    public init(directory: URL?, configuration: Configuration, log: DebugLog = DebugLog(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.disk = DiskStore(
            directory: directory, label: "TemplateLayoutCell.PersistentHeightStore",
            folders: [.init(name: nil, fileExtension: Self.fileExtension, isOwnStem: Self.isFileStem)],
            contents: "heights", log: log)
        self.configuration = configuration
        self.now = now
    }

    /// `Caches/TemplateLayoutCell/Heights` in the user's domain, where the system may purge
    /// but never backs up; `nil` where there is none, which ``init(directory:configuration:log:now:)``
    /// takes as memory only (``SkeletonLayoutCache/defaultDirectory`` is the same type).
    ///
    /// - Complexity: O(1).
    public static var defaultDirectory: URL? {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
            .appendingPathComponent("TemplateLayoutCell", isDirectory: true)
            .appendingPathComponent("Heights", isDirectory: true)
    }

    /// Where problems are reported.
    ///
    /// - Complexity: O(1).
    public var log: DebugLog {
        get { disk.log }
        set { disk.log = newValue }
    }

    // MARK: Memory

    /// The height stored for `key`, or `nil`; memory only, never waits for the disk.
    ///
    /// Bad input: a namespace never opened has no heights.
    ///
    /// - Complexity: O(1) on average, plus taking a lock.
    public func height(forKey key: PersistentKey, namespace: String, context: LayoutContext) -> CGFloat? {
        lock.withLock { state.buckets[BucketKey(namespace: namespace, context: context)]?.heights[key] }
    }

    /// Records a height, to be written with the next write.
    ///
    /// Bad input: a height that is negative, NaN or infinite, a namespace never opened, or a
    /// string key longer than 65,535 UTF-8 bytes, is not recorded and is reported.
    ///
    /// - Complexity: O(1) on average, plus taking a lock.
    public func record(_ height: CGFloat, forKey key: PersistentKey, namespace: String, context: LayoutContext) {
        let refusal: String? = key.isStorable ? lock.withLock {
            guard height.isFinite, height >= 0 else { return "not a height" }
            guard state.namespaces[namespace] != nil else { return "the namespace was never opened" }
            let bucketKey = BucketKey(namespace: namespace, context: context)
            state.clock &+= 1
            let now = state.clock
            state.buckets[bucketKey, default: Bucket()].heights[key] = height
            state.buckets[bucketKey]?.isDirty = true
            state.buckets[bucketKey]?.lastUse = now
            return nil
        } : "a key longer than \(ByteWriter.maximumStringBytes) UTF-8 bytes cannot be stored (kept in the table's memory only)"
        if let refusal {
            log.problem("not persisting \(HeightFormat.string(height)) for key[\(key.shortDescription)] in \"\(namespace)\": \(refusal)")
            return
        }
        scheduleWrite()
    }

    /// Forgets the heights of `key` in every layout context of `namespace`, on disk too: never
    /// served again, in this launch or a later one, even before the namespace is opened.
    ///
    /// This is the store's memory and files only: the tables' own memory forgets through
    /// ``TableHeightCache/invalidateHeight(forKey:)`` (`fd_invalidateHeight(forKey:)`), which
    /// calls this and reaches every table on the namespace.
    ///
    /// - Complexity: O(*c*) for *c* layout contexts held in memory.
    public func invalidate(key: PersistentKey, namespace: String) {
        lock.withLock {
            for bucketKey in state.buckets.keys where bucketKey.namespace == namespace {
                if state.buckets[bucketKey]?.heights.removeValue(forKey: key) != nil { state.buckets[bucketKey]?.isDirty = true }
            }
            // Files not yet in memory may hold it: remember it until they are read or rewritten.
            if state.namespaces[namespace]?.isLoaded != true { state.tombstones[namespace, default: []].insert(key) }
        }
        scheduleWrite()
    }

    /// Forgets every height of `namespace`, in memory now and on disk on the queue; a load
    /// of it still queued brings nothing back. `completion` runs on the store's private queue
    /// once the files are gone (``removeAllAndWait(namespace:)`` awaits it).
    ///
    /// - Complexity: O(*b*) for *b* buckets in memory, plus the deletions on the queue.
    public func removeAll(namespace: String, completion: (@Sendable () -> Void)? = nil) {
        lock.withLock {
            state.buckets = state.buckets.filter { $0.key.namespace != namespace }
            state.namespaces[namespace]?.generation += 1
            // Nothing on disk is wanted any more: opening again reads nothing.
            state.namespaces[namespace]?.isLoaded = true
            state.namespaces[namespace]?.loadedContexts = []
            state.namespaces[namespace]?.loadingContexts = []
            state.tombstones[namespace] = nil
        }
        disk.async {
            if self.disk.prepare() {
                for file in self.files(of: namespace) { self.disk.remove(file) }
            }
            completion?()
        }
    }

    /// How many heights memory holds for `namespace`, in all layout contexts.
    ///
    /// - Complexity: O(*b*) for *b* buckets in memory.
    public func count(namespace: String) -> Int {
        lock.withLock { state.buckets.filter { $0.key.namespace == namespace }.reduce(0) { $0 + $1.value.heights.count } }
    }

    // MARK: Queue

    /// The serial queue all disk work runs on.
    var queue: DispatchQueue { disk.queue }

    /// Blocks until every disk operation queued so far has finished. For tests and for tools
    /// that exit; never call it on the main thread of an app.
    ///
    /// Bad input: called on the store's own queue (from one of its completions), where it
    /// would wait for itself forever, it reports that and returns at once; what was queued
    /// before the completion has run.
    ///
    /// - Complexity: the queued work.
    public func waitUntilIdle() {
        disk.waitUntilIdle(caller: "PersistentHeightStore")
    }

    /// Runs `body` with the state, under the lock; `body` must not call out.
    func withLockedState<T>(_ body: (inout State) -> T) -> T {
        lock.withLock { body(&state) }
    }

    func scheduleWrite() {
        let shouldSchedule: Bool = lock.withLock {
            guard !state.writeScheduled else { return false }
            state.writeScheduled = true
            return true
        }
        guard shouldSchedule else { return }
        disk.async(after: configuration.writeDelay) {
            self.lock.withLock { self.state.writeScheduled = false }
            self.writeDirtyBuckets()
        }
    }
}
