import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct PersistentHeightStoreTests {
    let narrow = LayoutContext(width: 375, displayScale: 3)
    let wide = LayoutContext(width: 414, displayScale: 3)

    func makeStore(_ directory: TemporaryDirectory, appVersion: String = "1.0", recorder: LogRecorder = LogRecorder(),
                   now: @escaping @Sendable () -> Date = { Date() }, maximumTotalSize: Int = 10 << 20) -> PersistentHeightStore {
        PersistentHeightStore(
            directory: directory.url,
            configuration: .init(appVersion: appVersion, maximumTotalSize: maximumTotalSize, writeDelay: 3600),
            log: recorder.log(), now: now)
    }

    func openAndWait(_ store: PersistentHeightStore, _ namespace: String = "feed", version: String = "1") -> PersistentHeightStore.LoadReport {
        let box = ReportBox()
        store.open(namespace: namespace, contentVersion: version) { box.report = $0 }
        store.waitUntilIdle()
        return box.report
    }

    @Test func heightsRecordedInOneLaunchAreThereInTheNext() {
        let directory = TemporaryDirectory()
        let first = makeStore(directory)
        _ = openAndWait(first)
        first.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        first.record(120, forKey: .string("b"), namespace: "feed", context: narrow)
        first.record(70, forKey: .int(1), namespace: "feed", context: wide)
        first.flush()
        first.waitUntilIdle()

        let second = makeStore(directory)
        #expect(second.height(forKey: .int(1), namespace: "feed", context: narrow) == nil, "nothing before open")
        let report = openAndWait(second)
        #expect(report == .init(heights: 3, files: 2, discarded: 0))
        #expect(second.height(forKey: .int(1), namespace: "feed", context: narrow) == 80)
        #expect(second.height(forKey: .string("b"), namespace: "feed", context: narrow) == 120)
        #expect(second.height(forKey: .int(1), namespace: "feed", context: wide) == 70)
        #expect(second.height(forKey: .int(1), namespace: "other", context: narrow) == nil)
    }

    @Test func recordingWritesNothingUntilTheWriteIsDue() {
        let directory = TemporaryDirectory()
        let store = makeStore(directory)
        _ = openAndWait(store)
        store.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        store.waitUntilIdle()
        #expect(directory.fileNames.isEmpty, "the write is an hour away")
        store.flush()
        store.waitUntilIdle()
        #expect(directory.fileNames.count == 1)
    }

    @Test func anotherAppVersionOrContentVersionDiscardsTheFiles() {
        let directory = TemporaryDirectory()
        let first = makeStore(directory)
        _ = openAndWait(first)
        first.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        first.flush()
        first.waitUntilIdle()

        let recorder = LogRecorder()
        let newApp = makeStore(directory, appVersion: "1.1", recorder: recorder)
        #expect(openAndWait(newApp) == .init(heights: 0, files: 1, discarded: 1))
        #expect(directory.fileNames.isEmpty)
        #expect(recorder.problems.first?.contains("stale (app version 1.0, now 1.1)") == true)

        _ = openAndWait(first)  // same store, write it back
        first.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        first.flush()
        first.waitUntilIdle()
        let newLayout = makeStore(directory)
        #expect(openAndWait(newLayout, version: "2") == .init(heights: 0, files: 1, discarded: 1))
    }

    @Test func reopeningWithANewContentVersionForgetsTheOldHeights() {
        let store = makeStore(TemporaryDirectory())
        _ = openAndWait(store)
        store.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        _ = openAndWait(store, version: "2")
        #expect(store.height(forKey: .int(1), namespace: "feed", context: narrow) == nil)
    }

    @Test func corruptedFilesAreDiscardedAndReportedNeverServed() throws {
        let directory = TemporaryDirectory()
        let first = makeStore(directory)
        _ = openAndWait(first)
        first.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        first.record(90, forKey: .int(2), namespace: "feed", context: wide)
        first.flush()
        first.waitUntilIdle()
        let files = directory.files
        #expect(files.count == 2)
        let data = try Data(contentsOf: files[0])
        try data.prefix(data.count / 2).write(to: files[0])  // a torn write

        let recorder = LogRecorder()
        let second = makeStore(directory, recorder: recorder)
        #expect(openAndWait(second) == .init(heights: 1, files: 2, discarded: 1))
        #expect(directory.fileNames.count == 1)
        #expect(recorder.problems.contains { $0.contains("corrupted") })
    }

    @Test func heightsRecordedDuringTheLoadWinOverTheDisk() {
        let directory = TemporaryDirectory()
        let first = makeStore(directory)
        _ = openAndWait(first)
        first.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        first.flush()
        first.waitUntilIdle()

        let second = makeStore(directory)
        let gate = DispatchSemaphore(value: 0)
        second.queue.async { gate.wait() }  // hold the queue so the load has not run yet
        second.open(namespace: "feed", contentVersion: "1")
        second.record(99, forKey: .int(1), namespace: "feed", context: narrow)
        gate.signal()
        second.waitUntilIdle()
        #expect(second.height(forKey: .int(1), namespace: "feed", context: narrow) == 99)
    }

    @Test func aKeyInvalidatedDuringTheLoadStaysForgotten() {
        let directory = TemporaryDirectory()
        let first = makeStore(directory)
        _ = openAndWait(first)
        first.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        first.flush()
        first.waitUntilIdle()

        let second = makeStore(directory)
        let gate = DispatchSemaphore(value: 0)
        second.queue.async { gate.wait() }
        second.open(namespace: "feed", contentVersion: "1")
        second.invalidate(key: .int(1), namespace: "feed")
        gate.signal()
        second.waitUntilIdle()
        #expect(second.height(forKey: .int(1), namespace: "feed", context: narrow) == nil)
    }

    @Test func removingANamespaceDeletesItsFilesOnly() {
        let directory = TemporaryDirectory()
        let store = makeStore(directory)
        _ = openAndWait(store, "feed")
        _ = openAndWait(store, "profile")
        store.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        store.record(60, forKey: .int(1), namespace: "profile", context: narrow)
        store.flush()
        store.removeAll(namespace: "feed")
        store.waitUntilIdle()
        #expect(directory.fileNames.count == 1)
        #expect(store.count(namespace: "feed") == 0)
        #expect(store.count(namespace: "profile") == 1)
    }

    @Test func filesPastTheMaximumAgeExpire() {
        let directory = TemporaryDirectory()
        let clock = Clock()
        let store = makeStore(directory, now: { clock.now })
        _ = openAndWait(store)
        store.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        store.flush()
        store.waitUntilIdle()
        clock.now = Date().addingTimeInterval(8 * 24 * 3600)
        let removed = RemovedBox()
        store.removeExpired { removed.count = $0 }
        store.waitUntilIdle()
        #expect(removed.count == 1)
        #expect(directory.fileNames.isEmpty)
    }

    /// The age checked when a file is read, not only by `removeExpired()`: a launch a week
    /// later never serves last week's heights, whatever the file's modification date says.
    @Test func openingPastTheMaximumAgeDiscardsTheHeights() throws {
        let directory = TemporaryDirectory()
        let writer = makeStore(directory)
        _ = openAndWait(writer)
        writer.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        writer.record(90, forKey: .int(1), namespace: "feed", context: wide)
        writer.flush()
        writer.waitUntilIdle()
        #expect(directory.fileNames.count == 2)
        let later = Date().addingTimeInterval(8 * 24 * 3600)

        let recorder = LogRecorder()
        let reader = makeStore(directory, recorder: recorder, now: { later })
        #expect(openAndWait(reader) == .init(heights: 0, files: 2, discarded: 2))
        #expect(reader.count(namespace: "feed") == 0)
        #expect(directory.fileNames.isEmpty)

        // One context at a time, too.
        writer.record(80, forKey: .int(2), namespace: "feed", context: narrow)
        writer.flush()
        writer.waitUntilIdle()
        let contextReader = makeStore(directory, now: { later })
        let box = ReportBox()
        contextReader.open(namespace: "feed", contentVersion: "1", context: narrow) { box.report = $0 }
        contextReader.waitUntilIdle()
        #expect(box.report == .init(heights: 0, files: 1, discarded: 1))
        #expect(contextReader.height(forKey: .int(2), namespace: "feed", context: narrow) == nil)
        // Within the age, a file is served: the clock alone made the difference.
        writer.record(70, forKey: .int(2), namespace: "feed", context: narrow)
        writer.flush()
        writer.waitUntilIdle()
        #expect(heightsAt(Date().addingTimeInterval(6 * 24 * 3600), directory: directory) == 70)
    }

    func heightsAt(_ date: Date, directory: TemporaryDirectory) -> CGFloat? {
        let store = makeStore(directory, now: { date })
        _ = openAndWait(store)
        return store.height(forKey: .int(2), namespace: "feed", context: narrow)
    }

    @Test func overTheSizeLimitTheOldestGoFirstDownToHalf() throws {
        let directory = TemporaryDirectory()
        let store = makeStore(directory, maximumTotalSize: 3_000)
        _ = openAndWait(store)
        // Four files of about 1 KB each, modified a minute apart.
        for (index, width) in [320, 360, 375, 414].enumerated() {
            let context = LayoutContext(width: CGFloat(width), displayScale: 2)
            for key in 0..<60 { store.record(44, forKey: .int(Int64(key)), namespace: "feed", context: context) }
            store.flush()
            store.waitUntilIdle()
            let file = try #require(store.fileURL(for: .init(namespace: "feed", context: context)))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(Double(index - 10) * 60)], ofItemAtPath: file.path)
        }
        #expect(directory.fileNames.count == 4)
        store.removeExpired()
        store.waitUntilIdle()
        let left = directory.fileNames
        #expect(left.count == 1)
        #expect(left == [store.fileName(for: .init(namespace: "feed", context: LayoutContext(width: 414, displayScale: 2)))])
    }

    @Test func anUnusableDirectoryKeepsHeightsInMemoryAndSaysSoOnce() throws {
        let parent = TemporaryDirectory()
        try FileManager.default.createDirectory(at: parent.url, withIntermediateDirectories: true)
        let blocker = parent.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let recorder = LogRecorder()
        let store = PersistentHeightStore(directory: blocker.appendingPathComponent("heights"),
                                          configuration: .init(appVersion: "1"), log: recorder.log())
        _ = openAndWait(store)
        store.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        store.flush()
        store.flush()
        store.waitUntilIdle()
        #expect(store.height(forKey: .int(1), namespace: "feed", context: narrow) == 80)
        #expect(recorder.problems.count == 1)
    }

    @Test func badRecordsAreRefusedAndReported() {
        let recorder = LogRecorder()
        let store = makeStore(TemporaryDirectory(), recorder: recorder)
        store.record(80, forKey: .int(1), namespace: "never-opened", context: narrow)
        _ = openAndWait(store)
        store.record(.nan, forKey: .int(1), namespace: "feed", context: narrow)
        store.record(-1, forKey: .int(1), namespace: "feed", context: narrow)
        #expect(store.count(namespace: "feed") == 0)
        #expect(recorder.problems.count == 3)
    }

    @Test func fileNamesAreStableAcrossLaunches() {
        #expect(StableHash.name("feed") == "1001e27928b3de65")  // FNV-1a 64 of "feed"
        #expect(StableHash.name("feed") != StableHash.name("feeds"))
        #expect(StableHash.name("caf\u{e9}") == StableHash.name("cafe\u{301}"))
        let name = PersistentHeightStore(directory: nil, configuration: .init(appVersion: "1"))
            .fileName(for: .init(namespace: "feed", context: narrow))
        #expect(PersistentHeightStore.isFileStem(name.dropLast(".heights".count)))
    }
}

/// Results handed back on the store's queue, read after `waitUntilIdle()`.
final class ReportBox: @unchecked Sendable {
    // Written on the store's queue before `waitUntilIdle()` returns, read after: ordered.
    var report = PersistentHeightStore.LoadReport()
}

final class RemovedBox: @unchecked Sendable {
    // As ReportBox.
    var count = -1
}

/// A settable clock for file ages.
final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date()

    var now: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}
