import Foundation
import Testing
@testable import TemplateLayoutEngine

/// What the height store promises about its disk, each found broken by a fault test run
/// from outside the project: invalidations are durable, its own completions may wait for
/// it, canonically equal keys meet, long keys are refused, and leftovers are cleaned.
@Suite struct PersistentHeightStorePromiseTests {
    let narrow = LayoutContext(width: 375, displayScale: 3)
    let wide = LayoutContext(width: 414, displayScale: 3)

    /// The helpers of the store's other tests.
    let base = PersistentHeightStoreTests()

    func makeStore(_ directory: TemporaryDirectory, recorder: LogRecorder = LogRecorder()) -> PersistentHeightStore {
        base.makeStore(directory, appVersion: "1.0", recorder: recorder)
    }

    func open(_ store: PersistentHeightStore, _ namespace: String = "feed", version: String = "1") -> PersistentHeightStore.LoadReport {
        base.openAndWait(store, namespace, version: version)
    }

    /// A launch that records `heights` for key 1 in the narrow and wide contexts and quits.
    func firstLaunch(_ directory: TemporaryDirectory, _ height: CGFloat = 80) {
        let store = makeStore(directory)
        _ = open(store)
        store.record(height, forKey: .int(1), namespace: "feed", context: narrow)
        store.record(height + 1, forKey: .int(1), namespace: "feed", context: wide)
        store.record(50, forKey: .int(2), namespace: "feed", context: narrow)
        store.flush()
        store.waitUntilIdle()
    }

    /// What a new launch finds for key 1 (narrow, wide) and key 2.
    func nextLaunch(_ directory: TemporaryDirectory) -> [CGFloat?] {
        let store = makeStore(directory)
        _ = open(store)
        return [store.height(forKey: .int(1), namespace: "feed", context: narrow),
                store.height(forKey: .int(1), namespace: "feed", context: wide),
                store.height(forKey: .int(2), namespace: "feed", context: narrow)]
    }

    // MARK: 1. An invalidated height never comes back

    @Test func anInvalidatedHeightStaysGoneWhenTheNamespaceIsOpenedAgain() {
        let directory = TemporaryDirectory()
        let store = makeStore(directory)
        _ = open(store)
        store.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        store.flush()
        store.waitUntilIdle()
        store.invalidate(key: .int(1), namespace: "feed")
        // What every fd_persistHeights call does: open the same namespace and version again.
        _ = open(store)
        #expect(store.height(forKey: .int(1), namespace: "feed", context: narrow) == nil)
        store.flush()
        store.waitUntilIdle()
        #expect(nextLaunch(directory)[0] == nil, "not written back")
    }

    @Test func anInvalidationBeforeOpenInANewLaunchReachesTheDisk() {
        let directory = TemporaryDirectory()
        firstLaunch(directory)
        let store = makeStore(directory)
        store.invalidate(key: .int(1), namespace: "feed")
        _ = open(store)
        #expect(store.height(forKey: .int(1), namespace: "feed", context: narrow) == nil)
        #expect(store.height(forKey: .int(1), namespace: "feed", context: wide) == nil)
        #expect(store.height(forKey: .int(2), namespace: "feed", context: narrow) == 50)
        store.flush()
        store.waitUntilIdle()
        #expect(nextLaunch(directory) == [nil, nil, 50])
    }

    @Test func anInvalidationInANamespaceNeverOpenedReachesTheDisk() {
        let directory = TemporaryDirectory()
        firstLaunch(directory)
        let store = makeStore(directory)
        store.invalidate(key: .int(1), namespace: "feed")
        store.invalidate(key: .int(2), namespace: "feed")
        store.flush()
        store.waitUntilIdle()
        #expect(nextLaunch(directory) == [nil, nil, nil])
        #expect(directory.fileNames.isEmpty, "files left empty are removed")
    }

    @Test func anInvalidationDuringTheLoadReachesTheDiskAndARecordInAnotherContextStays() {
        let directory = TemporaryDirectory()
        firstLaunch(directory)
        let store = makeStore(directory)
        let gate = DispatchSemaphore(value: 0)
        store.queue.async { gate.wait() }  // hold the queue so the load has not run yet
        store.open(namespace: "feed", contentVersion: "1")
        store.invalidate(key: .int(1), namespace: "feed")
        store.record(90, forKey: .int(1), namespace: "feed", context: narrow)
        gate.signal()
        store.flush()
        store.waitUntilIdle()
        #expect(store.height(forKey: .int(1), namespace: "feed", context: narrow) == 90)
        #expect(store.height(forKey: .int(1), namespace: "feed", context: wide) == nil)
        #expect(nextLaunch(directory) == [90, nil, 50])
    }

    // MARK: 5. Waiting from a completion

    @Test func waitingFromTheStoresOwnCompletionReturnsInsteadOfTrapping() {
        let recorder = LogRecorder()
        let store = makeStore(TemporaryDirectory(), recorder: recorder)
        store.open(namespace: "feed", contentVersion: "1") { _ in store.waitUntilIdle() }
        store.flush { store.waitUntilIdle() }
        store.removeExpired { _ in store.waitUntilIdle() }
        store.waitUntilIdle()
        #expect(recorder.problems.count == 3)
        #expect(recorder.problems.allSatisfy { $0.contains("own queue") })
    }

    // MARK: 6. Keys

    @Test func canonicallyEquivalentNamespacesAndKeysMeetAcrossLaunches() {
        let directory = TemporaryDirectory()
        let first = makeStore(directory)
        _ = open(first, "caf\u{e9}")
        first.record(80, forKey: .string("r\u{e9}sum\u{e9}"), namespace: "caf\u{e9}", context: narrow)
        first.flush()
        first.waitUntilIdle()

        let second = makeStore(directory)
        #expect(open(second, "cafe\u{301}").heights == 1)
        #expect(second.height(forKey: .string("re\u{301}sume\u{301}"), namespace: "cafe\u{301}", context: narrow) == 80)
        second.removeAll(namespace: "cafe\u{301}")
        second.waitUntilIdle()
        #expect(directory.fileNames.isEmpty)
    }

    @Test func keysLongerThanTheLengthFieldAreRefusedNotCut() {
        let directory = TemporaryDirectory()
        let recorder = LogRecorder()
        let store = makeStore(directory, recorder: recorder)
        _ = open(store)
        let longest = String(repeating: "k", count: 65_535)
        store.record(50, forKey: .string(longest), namespace: "feed", context: narrow)
        store.record(90, forKey: .string(longest + "k"), namespace: "feed", context: narrow)
        #expect(store.count(namespace: "feed") == 1)
        #expect(recorder.problems.count == 1)
        #expect(recorder.problems.first?.contains("65535 UTF-8 bytes cannot be stored") == true)
        #expect(recorder.problems.first.map { $0.count < 300 } == true, "the key is shortened in the report")
        store.flush()
        store.waitUntilIdle()

        let next = makeStore(directory)
        _ = open(next)
        #expect(next.height(forKey: .string(longest), namespace: "feed", context: narrow) == 50)
        #expect(next.height(forKey: .string(longest + "k"), namespace: "feed", context: narrow) == nil)
    }

    // MARK: 7. Leftovers

    /// Leftovers as a killed writer, a hand or a broken disk leave them, and a stranger's file.
    func plantLeftovers(in directory: TemporaryDirectory) throws -> (leftovers: [String], stranger: String) {
        let manager = FileManager.default
        try manager.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let leftovers = [".tlc-0B6C1F52-9F53-4E38-A2E0-1D4B8E5C2F11.tmp", ".dat.nosync1a2b.Xy12Ab", "copy of feed.heights",
                         "0123456789abcdef-0123456789abcdef.heights"]
        for name in leftovers.dropLast() { try Data("x".utf8).write(to: directory.url.appendingPathComponent(name)) }
        // A directory where a file should be: no read ever succeeds.
        try manager.createDirectory(at: directory.url.appendingPathComponent(leftovers.last!), withIntermediateDirectories: true)
        let stranger = "notes.txt"
        try Data("keep me".utf8).write(to: directory.url.appendingPathComponent(stranger))
        return (leftovers, stranger)
    }

    @Test func leftoversAreRemovedAtTheFirstOpen() throws {
        let directory = TemporaryDirectory()
        let (_, stranger) = try plantLeftovers(in: directory)
        let recorder = LogRecorder()
        _ = open(makeStore(directory, recorder: recorder))
        #expect(directory.fileNames == [stranger])
        #expect(recorder.problems.count == 2, "the misnamed and the unreadable are reported, temporary files are not")
    }

    @Test func leftoversAreRemovedByTheExpiryPass() throws {
        let directory = TemporaryDirectory()
        let store = makeStore(directory)
        _ = open(store)
        let (leftovers, stranger) = try plantLeftovers(in: directory)
        let removed = RemovedBox()
        store.removeExpired { removed.count = $0 }
        store.waitUntilIdle()
        #expect(directory.fileNames == [stranger])
        #expect(removed.count == leftovers.count)
    }

    @Test func writesLeaveNoTemporaryFiles() {
        let directory = TemporaryDirectory()
        firstLaunch(directory)
        #expect(directory.fileNames.count == 2)
        #expect(directory.fileNames.allSatisfy { $0.hasSuffix(".heights") && !$0.hasPrefix(".") })
    }

    // MARK: Format

    @Test func aFormatOneFileIsDiscardedCleanly() throws {
        let directory = TemporaryDirectory()
        firstLaunch(directory)
        // Rewrite each file as format 1 wrote it: same fields, a 32-bit checksum.
        for url in directory.files {
            let file = try HeightFile.decode(Data(contentsOf: url))
            try HeightFileTests.formatOneFile(file).write(to: url)
        }
        let recorder = LogRecorder()
        let store = makeStore(directory, recorder: recorder)
        #expect(open(store) == .init(heights: 0, files: 2, discarded: 2))
        #expect(store.count(namespace: "feed") == 0)
        #expect(directory.fileNames.isEmpty)
        #expect(recorder.problems.count == 2)
        #expect(recorder.problems.allSatisfy { $0.contains("stale (format version 1, now \(HeightFile.envelope.version))") })
    }

    @Test func aMemoryOnlyStoreWorksWithoutADirectory() {
        let recorder = LogRecorder()
        let store = PersistentHeightStore(directory: nil, configuration: .init(appVersion: "1"), log: recorder.log())
        _ = open(store)
        store.record(80, forKey: .int(1), namespace: "feed", context: narrow)
        store.flush()
        store.removeExpired()
        store.waitUntilIdle()
        #expect(store.height(forKey: .int(1), namespace: "feed", context: narrow) == 80)
        #expect(recorder.problems.isEmpty, "no directory is a choice, not a problem")
    }
}
