import Foundation

/// The disk side shared by ``PersistentHeightStore`` and ``SkeletonLayoutCache``: one
/// serial queue, the directory and whether it works, atomic writes, reads, and the sweep
/// of what an interrupted or foreign writer left behind. What goes in the files (each in a
/// ``FileEnvelope``) and when to write them is its owners' business.
///
/// - One queue: every write, deletion and sweep runs on ``queue``, so two writes of one
///   file never race and a read queued after a write sees it.
/// - Atomic writes: bytes go to a temporary file beside the target, which is then renamed
///   over it (`rename(2)` replaces atomically), so a reader sees the old file or the new
///   one, never half of one. A write interrupted by a kill leaves only the temporary file,
///   which the next sweep removes.
/// - Failures are transient: a directory that cannot be created or a write that fails
///   (EPERM while the device is locked under `NSFileProtectionComplete`, ENOSPC) is
///   reported once per run of failures and tried again at the next disk work; the owner
///   keeps working in memory meanwhile. A file that cannot be *read* is left alone
///   (``Read/unreadable(_:)``): only one that was read and fails its checks may be deleted,
///   by its owner.
/// - ``waitUntilIdle()`` cannot deadlock: on the queue itself (a completion waiting for
///   its own store) it reports and returns, since everything queued before has run.
///
/// Thread safety: use it from any thread. Its lock guards its mutable fields and is
/// never held while touching the disk or calling out; owners may hold their own lock while
/// asking ``isUsable``, never the other way round.
final class DiskStore: @unchecked Sendable {
    /// A folder of the store's files and how their names look, so a sweep can tell its
    /// files from leftovers and from files nothing would ever read.
    struct Folder: Sendable {
        /// The subfolder's name; `nil` for the directory itself.
        var name: String?
        /// The extension of every file of the folder, without the dot.
        var fileExtension: String
        /// Whether a name without its extension is one the owner writes.
        var isOwnStem: @Sendable (Substring) -> Bool
    }

    /// What reading a file found.
    enum Read {
        case missing
        case data(Data)
        /// The file is there and could not be read (permission, data protection, I/O):
        /// perhaps fine later, so never a reason to delete it.
        case unreadable(String)
    }

    /// The file system calls the store makes, replaceable by tests to inject failures and
    /// interruptions (root, which runs the Linux tests, reads a `chmod 000` file anyway).
    struct FileIO: Sendable {
        /// Reads a whole file.
        var read: @Sendable (URL) throws -> Data
        /// Writes a new file: the temporary file of an atomic write, never its target.
        var write: @Sendable (Data, URL) throws -> Void
        /// Renames the first file over the second, atomically (`rename(2)`).
        var replace: @Sendable (URL, URL) throws -> Void

        static let system = FileIO(
            read: { try Data(contentsOf: $0) },
            write: { try $0.write(to: $1) },
            replace: { from, to in
                guard rename(from.path, to.path) == 0 else {
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
            })
    }

    /// The directory; `nil` for memory only.
    let directory: URL?
    let queue: DispatchQueue
    let folders: [Folder]
    /// What the files hold, for messages: "heights", "skeleton layouts".
    let contents: String

    private let queueMarker = DispatchSpecificKey<Bool>()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var prepared = false
    /// Whether the last disk work failed: the next failure is not reported again.
    private var failing = false
    private var logStorage: DebugLog
    private var ioStorage = FileIO.system

    /// Temporary files of this layer's atomic writes start with this.
    static let temporaryPrefix = ".tlc-"
    /// Temporary files of Foundation's atomic writes (`Data.WritingOptions.atomic`, which
    /// format 1 of both stores used) start with this, beside their target.
    static let foundationTemporaryPrefix = ".dat.nosync"

    init(directory: URL?, label: String, qos: DispatchQoS = .unspecified, folders: [Folder], contents: String, log: DebugLog) {
        self.directory = directory
        self.queue = DispatchQueue(label: label, qos: qos)
        self.folders = folders
        self.contents = contents
        self.logStorage = log
        queue.setSpecific(key: queueMarker, value: true)
    }

    /// Where problems are reported.
    var log: DebugLog {
        get { lock.withLock { logStorage } }
        set { lock.withLock { logStorage = newValue } }
    }

    /// The file system calls; tests replace them.
    var io: FileIO {
        get { lock.withLock { ioStorage } }
        set { lock.withLock { ioStorage = newValue } }
    }

    /// Whether files are read and written: a directory was given. A failure does not turn
    /// this off: the next disk work tries again.
    var isUsable: Bool { directory != nil }

    /// Whether the disk works as far as is known: a directory was given and the last
    /// attempt to prepare it or write to it did not fail.
    var isHealthy: Bool { directory != nil && !lock.withLock { failing } }

    /// Whether the caller runs on ``queue``.
    var isOnQueue: Bool { DispatchQueue.getSpecific(key: queueMarker) == true }

    // MARK: Queue

    /// Runs `work` on the queue, after everything queued before it.
    func async(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// Runs `work` on the queue after `delay` seconds.
    func async(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + delay, execute: work)
    }

    /// Blocks until everything queued so far has run. On the queue itself (a completion
    /// calling it) that has already happened, and waiting for what was queued after would
    /// wait forever: it reports the misuse and returns.
    ///
    /// - Complexity: the queued work.
    func waitUntilIdle(caller: String) {
        guard !isOnQueue else {
            log.problem("\(caller): waitUntilIdle() called on the store's own queue (from one of its completions), " +
                        "which would wait forever; what was queued before has run, so not waiting")
            return
        }
        queue.sync {}
    }

    // MARK: Directory

    /// Creates the directory and its folders and sweeps them, once it works; a failure is
    /// reported (once per run of failures) and tried again at the next call. Answers whether
    /// the directory is there. Runs on the queue.
    @discardableResult
    func prepare() -> Bool {
        guard let directory else { return false }
        guard !lock.withLock({ prepared }) else { return true }
        do {
            for folder in folders {
                try FileManager.default.createDirectory(at: folderURL(folder.name) ?? directory, withIntermediateDirectories: true)
            }
        } catch {
            fail("cannot use \(directory.path) for \(contents) (\(error.localizedDescription))")
            return false
        }
        lock.withLock { prepared = true }
        sweep()
        return true
    }

    /// Reports a failure of the disk, only the first of a run of failures: the owner keeps
    /// working in memory and the next disk work tries again.
    func fail(_ reason: String) {
        let first: Bool = lock.withLock {
            defer { failing = true }
            return !failing
        }
        if first { log.problem("\(reason); keeping \(contents) in memory only until a write succeeds") }
    }

    /// Ends a run of failures, so that the next one is reported.
    private func succeed() {
        let recovered: Bool = lock.withLock {
            defer { failing = false }
            return failing
        }
        if recovered { log.trace("\(contents) are written to disk again") }
    }

    /// The URL of `folder` (`nil`: the directory itself), or `nil` for memory only.
    func folderURL(_ folder: String?) -> URL? {
        guard let directory else { return nil }
        return folder.map { directory.appendingPathComponent($0, isDirectory: true) } ?? directory
    }

    /// The URL of `fileName` in `folder`, or `nil` for memory only.
    func url(_ fileName: String, in folder: String? = nil) -> URL? {
        folderURL(folder)?.appendingPathComponent(fileName)
    }

    /// The names of the entries of `folder`, sorted; none if it cannot be listed.
    func names(in folder: String? = nil) -> [String] {
        guard let url = folderURL(folder) else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    // MARK: Files

    /// Reads a file. Any thread. A file that is there and cannot be read is
    /// ``Read/unreadable(_:)``, for the owner to leave alone.
    func read(_ url: URL) -> Read {
        // A cheap check first: a missing file is the common miss, and a failed read costs an error.
        guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
        do {
            return .data(try io.read(url))
        } catch {
            // Removed since the check: a miss, not a problem.
            guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
            return .unreadable(error.localizedDescription)
        }
    }

    /// Writes `data` to `url` atomically: to a temporary file beside it, then renamed over
    /// it, so the target only ever holds the old bytes or the new ones. A failure is
    /// reported (once per run of failures), leaves the target as it was, and answers
    /// `false`; the next write tries again. Runs on the queue.
    @discardableResult
    func write(_ data: Data, to url: URL) -> Bool {
        guard isUsable else { return false }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent("\(Self.temporaryPrefix)\(UUID().uuidString).tmp")
        let io = self.io
        do {
            try io.write(data, temporary)
            try io.replace(temporary, url)
            succeed()
            return true
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            fail("cannot write \(url.lastPathComponent) (\(error.localizedDescription))")
            return false
        }
    }

    /// Removes a file if it is there.
    func remove(_ url: URL?) {
        guard let url else { return }
        try? FileManager.default.removeItem(at: url)
    }

    // MARK: Sweep

    /// Removes, in every folder, what no read would ever clean: temporary files of
    /// interrupted atomic writes (this layer's and Foundation's), files with the folder's
    /// extension whose names the owner never writes, and entries with an owner's name that
    /// are not regular files (a directory, a dangling link). Other entries are left alone.
    /// Answers how many went. Runs on the queue.
    ///
    /// - Complexity: O(*f*) in the folders' entries; reads no file's contents.
    @discardableResult
    func sweep() -> Int {
        guard isUsable else { return 0 }
        var removed = 0
        var problems: [String] = []
        for folder in folders {
            let suffix = "." + folder.fileExtension
            for name in names(in: folder.name) {
                guard let url = url(name, in: folder.name) else { continue }
                if name.hasPrefix(Self.temporaryPrefix) || name.hasPrefix(Self.foundationTemporaryPrefix) {
                    remove(url)
                    removed += 1
                } else if name.hasSuffix(suffix) {
                    let stem = name.dropLast(suffix.count)
                    let isRegular = (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
                    guard !folder.isOwnStem(stem) || !isRegular else { continue }
                    remove(url)
                    removed += 1
                    problems.append(isRegular ? "\(name): not a name this store writes" : "\(name): not a readable file")
                }
            }
        }
        for problem in problems { log.problem("removed \(problem) from the \(contents) directory") }
        return removed
    }
}
