import Foundation

/// Keyed heights that survive launches: in memory first, on disk second, after SDWebImage's
/// memory-and-disk cache (seed 002).
///
/// Heights are kept per namespace (one feed, say) and layout context, and each file is
/// stamped with the app version and a content version the app supplies, so a changed cell
/// layout never serves old heights: bump the content version when the cell's layout changes.
///
/// - Memory: lookups and records touch only memory, under a lock, from any thread.
/// - Disk: every read, write and deletion happens on one serial queue, never on the caller's
///   thread: files are loaded back asynchronously by ``open(namespace:contentVersion:completion:)``,
///   written atomically some time after heights are recorded (or at ``flush(completion:)``),
///   and expired by ``removeExpired(completion:)`` (by age, then oldest first down to half the
///   size limit), which the UIKit layer calls when the app goes to the background.
/// - Failure: a partial, corrupted or stale file is deleted and reported, never served; a
///   directory that cannot be created leaves the store working in memory only.
///
/// One store per directory: create it once (the app delegate is a good owner) and share it
/// between tables; two stores on the same directory would race on its files.
public final class PersistentHeightStore: @unchecked Sendable {
    // Every mutable field is behind `lock`; disk work is on `queue` and takes the lock
    // only to read or merge memory.

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

        /// Creates a configuration.
        ///
        /// Bad input: a negative or non-finite age or delay, or a negative size, becomes the
        /// default.
        ///
        /// - Complexity: O(1).
        public init(appVersion: String, maximumAge: TimeInterval = 7 * 24 * 3600,
                    maximumTotalSize: Int = 10 << 20, writeDelay: TimeInterval = 1) {
            self.appVersion = appVersion
            self.maximumAge = maximumAge.isFinite && maximumAge > 0 ? maximumAge : 7 * 24 * 3600
            self.maximumTotalSize = maximumTotalSize > 0 ? maximumTotalSize : 10 << 20
            self.writeDelay = writeDelay.isFinite && writeDelay >= 0 ? writeDelay : 1
        }
    }

    /// What an ``open(namespace:contentVersion:completion:)`` found on disk.
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
    }

    struct NamespaceState {
        var contentVersion: String
        /// Bumped by `removeAll`, so a load that started before it does not bring heights back.
        var generation = 0
        /// Keys invalidated while a load is running, so it does not bring them back.
        var invalidatedDuringLoad: Set<PersistentKey> = []
        var isLoading = false
    }

    let directory: URL
    let configuration: Configuration
    let queue = DispatchQueue(label: "TemplateLayoutCell.PersistentHeightStore")
    let now: @Sendable () -> Date

    private let lock = NSLock()
    private var buckets: [BucketKey: Bucket] = [:]
    private var namespaces: [String: NamespaceState] = [:]
    private var writeScheduled = false
    private var logStorage: DebugLog
    private var directoryIsUsable: Bool?

    /// Creates a store over `directory` (created when first needed).
    ///
    /// - Parameters:
    ///   - directory: Where the files go; use a Caches subdirectory, which is not backed up.
    ///   - configuration: The app version and limits.
    ///   - log: Where problems (corrupted files, an unusable directory) are reported.
    ///   - now: The clock for file ages; injected so tests control time.
    /// - Complexity: O(1); nothing touches the disk until the first `open`.
    public init(directory: URL, configuration: Configuration, log: DebugLog = DebugLog(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.configuration = configuration
        self.logStorage = log
        self.now = now
    }

    /// `Caches/TemplateLayoutCell/Heights` in the user's domain, where the system may purge
    /// but never backs up; `nil` where there is none.
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
        get { lock.withLock { logStorage } }
        set { lock.withLock { logStorage = newValue } }
    }

    // MARK: Memory

    /// The height stored for `key`, or `nil`; memory only, never waits for the disk.
    ///
    /// Bad input: a namespace never opened has no heights.
    ///
    /// - Complexity: O(1) on average, plus taking a lock.
    public func height(forKey key: PersistentKey, namespace: String, context: LayoutContext) -> CGFloat? {
        lock.withLock { buckets[BucketKey(namespace: namespace, context: context)]?.heights[key] }
    }

    /// Records a height, to be written with the next write.
    ///
    /// Bad input: a height that is negative, NaN or infinite, or a namespace never opened, is
    /// not recorded and is reported.
    ///
    /// - Complexity: O(1) on average, plus taking a lock.
    public func record(_ height: CGFloat, forKey key: PersistentKey, namespace: String, context: LayoutContext) {
        let accepted: Bool = lock.withLock {
            guard height.isFinite, height >= 0, namespaces[namespace] != nil else { return false }
            let bucketKey = BucketKey(namespace: namespace, context: context)
            buckets[bucketKey, default: Bucket()].heights[key] = height
            buckets[bucketKey]?.isDirty = true
            namespaces[namespace]?.invalidatedDuringLoad.remove(key)
            return true
        }
        guard accepted else {
            log.problem("not persisting \(HeightFormat.string(height)) for key[\(key)] in \"\(namespace)\": " +
                        (height.isFinite && height >= 0 ? "the namespace was never opened" : "not a height"))
            return
        }
        scheduleWrite()
    }

    /// Forgets the heights of `key` in every layout context of `namespace`, on disk too.
    ///
    /// - Complexity: O(*c*) for *c* layout contexts held in memory.
    public func invalidate(key: PersistentKey, namespace: String) {
        lock.withLock {
            for bucketKey in buckets.keys where bucketKey.namespace == namespace {
                if buckets[bucketKey]?.heights.removeValue(forKey: key) != nil { buckets[bucketKey]?.isDirty = true }
            }
            if namespaces[namespace]?.isLoading == true { namespaces[namespace]?.invalidatedDuringLoad.insert(key) }
        }
        scheduleWrite()
    }

    /// Forgets every height of `namespace`, in memory now and on disk on the queue.
    ///
    /// - Complexity: O(*b*) for *b* buckets in memory, plus the deletions on the queue.
    public func removeAll(namespace: String, completion: (@Sendable () -> Void)? = nil) {
        lock.withLock {
            buckets = buckets.filter { $0.key.namespace != namespace }
            namespaces[namespace]?.generation += 1
            namespaces[namespace]?.invalidatedDuringLoad = []
        }
        queue.async {
            for file in self.files(of: namespace) { try? FileManager.default.removeItem(at: file) }
            completion?()
        }
    }

    /// How many heights memory holds for `namespace`, in all layout contexts.
    ///
    /// - Complexity: O(*b*) for *b* buckets in memory.
    public func count(namespace: String) -> Int {
        lock.withLock { buckets.filter { $0.key.namespace == namespace }.reduce(0) { $0 + $1.value.heights.count } }
    }

    // MARK: Queue

    /// Blocks until every disk operation queued so far has finished. For tests and for tools
    /// that exit; never call it on the main thread of an app.
    ///
    /// - Complexity: the queued work.
    public func waitUntilIdle() {
        queue.sync {}
    }

    func withLockedState<T>(_ body: (inout [BucketKey: Bucket], inout [String: NamespaceState]) -> T) -> T {
        lock.withLock { body(&buckets, &namespaces) }
    }

    private func scheduleWrite() {
        let shouldSchedule: Bool = lock.withLock {
            guard !writeScheduled else { return false }
            writeScheduled = true
            return true
        }
        guard shouldSchedule else { return }
        queue.asyncAfter(deadline: .now() + configuration.writeDelay) {
            self.lock.withLock { self.writeScheduled = false }
            self.writeDirtyBuckets()
        }
    }

    /// Whether the directory exists or could be created; asked once, on the queue, and
    /// reported once if not.
    func ensureDirectory() -> Bool {
        if let known = lock.withLock({ directoryIsUsable }) { return known }
        var usable = true
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            usable = false
            log.problem("cannot use \(directory.path) for heights (\(error.localizedDescription)); keeping them in memory only")
        }
        lock.withLock { directoryIsUsable = usable }
        return usable
    }
}
