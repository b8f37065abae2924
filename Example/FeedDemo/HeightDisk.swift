import Foundation
import TemplateLayoutEngine

/// Where a simulated app keeps its keyed heights between launches: a directory, the
/// namespace of the feed's heights in it, and the ``PersistentHeightStore`` of the current
/// launch.
///
/// Each launch makes a new store instance on the same directory, as a new process would;
/// quitting flushes the old one and waits for its queue, so two stores never touch the
/// directory at once (the store's rule: one store per directory).
final class HeightDisk {
    /// A fresh directory under the system's temporary directory; ``remove()`` deletes it.
    let directory: URL
    /// The namespace of the feed's heights.
    let namespace = "feed"
    /// Stamped into every file; the same in every simulated launch (one app version).
    let appVersion = "1.0"
    /// What the stores report: only discarded stale files are expected.
    let problems = DebugLogCollector(capacity: 5)
    private var store: PersistentHeightStore?

    init() {
        // A unique name: parallel runs, or a run that crashed before cleaning up, never share files.
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("feed-demo-\(UUID().uuidString)", isDirectory: true)
    }

    /// Launches: a new store on the directory, `namespace` opened for `contentVersion`,
    /// and the wall-clock time until its files are loaded into memory.
    func launch(contentVersion: String) -> (persistence: HeightPersistence, load: StoreLoad) {
        let onDisk = usage()
        let log = DebugLog(isEnabled: false, reportsProblems: true, sink: problems.sink)
        // Writes happen at `quit()`, as an app flushes when it goes to the background; a
        // long delay keeps a timer's write from landing in the middle of the next launch.
        let configuration = PersistentHeightStore.Configuration(appVersion: appVersion, writeDelay: 3_600)
        let store = PersistentHeightStore(directory: directory, configuration: configuration, log: log)
        let received = LoadReportBox()
        let start = DispatchTime.now().uptimeNanoseconds
        store.open(namespace: namespace, contentVersion: contentVersion) { received.report = $0 }
        store.waitUntilIdle()
        let duration = TimeInterval(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        self.store = store
        // `open` reports on the store's queue, and `waitUntilIdle` waited for that queue.
        guard let report = received.report else { preconditionFailure("the store finished loading without a report") }
        let load = StoreLoad(
            contentVersion: contentVersion, filesOnDisk: onDisk.files, bytesOnDisk: onDisk.bytes, report: report, duration: duration)
        return (HeightPersistence(store: store, namespace: namespace), load)
    }

    /// Quits: writes every height recorded since the launch and waits until the files are on disk.
    func quit() {
        guard let store else { return }
        store.flush()
        store.waitUntilIdle()
    }

    /// The height files in the directory and their total size in bytes.
    func usage() -> (files: Int, bytes: Int) {
        let urls = (try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        let sizes = urls.map { (try? $0.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0 }
        return (sizes.count, sizes.reduce(0, +))
    }

    /// Deletes the directory and everything in it.
    func remove() {
        store?.waitUntilIdle()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// What a launch found when it opened the store.
struct StoreLoad {
    /// The content version the namespace was opened for.
    let contentVersion: String
    /// What the directory held before the store opened it.
    let filesOnDisk: Int
    let bytesOnDisk: Int
    /// Heights loaded, files read and files discarded (stale or corrupted).
    let report: PersistentHeightStore.LoadReport
    /// Wall-clock time of `open` plus waiting for its load: what a launch waits before
    /// persisted heights can answer.
    let duration: TimeInterval
}

/// Carries the load report out of the store's completion, which runs on the store's queue.
private final class LoadReportBox: @unchecked Sendable {
    // `@unchecked`: its only state is behind the lock.
    private let lock = NSLock()
    private var stored: PersistentHeightStore.LoadReport?

    var report: PersistentHeightStore.LoadReport? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }
}
