import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue item 3 (review P5): a file that cannot be read is left alone, never deleted or
/// overwritten with less, and a failed write does not turn persistence off.
@Suite struct TransientDiskFailureTests {
    let context = LayoutContext(width: 375, displayScale: 3)

    func makeStore(_ directory: TemporaryDirectory, recorder: LogRecorder = LogRecorder()) -> PersistentHeightStore {
        PersistentHeightStore(directory: directory.url, configuration: .init(appVersion: "1", writeDelay: 3_600), log: recorder.log())
    }

    /// A launch that recorded keys 1...3 (height 10 × key) in `context`, and wrote.
    func earlierLaunch(_ directory: TemporaryDirectory) {
        let store = makeStore(directory)
        store.open(namespace: "feed", contentVersion: "1")
        for key in 1...3 { store.record(CGFloat(10 * key), forKey: .int(Int64(key)), namespace: "feed", context: context) }
        store.flush()
        store.waitUntilIdle()
    }

    func heights(in directory: TemporaryDirectory) -> [Int64: CGFloat] {
        let store = makeStore(directory)
        store.open(namespace: "feed", contentVersion: "1", context: context)
        store.waitUntilIdle()
        var found: [Int64: CGFloat] = [:]
        for key in Int64(1)...9 { found[key] = store.height(forKey: .int(key), namespace: "feed", context: context) }
        return found
    }

    @Test func aFileThatCannotBeReadIsLeftAloneNeverOverwrittenAndReadLater() throws {
        let directory = TemporaryDirectory()
        earlierLaunch(directory)
        let file = try #require(directory.files.first)
        let bytes = try Data(contentsOf: file)

        let recorder = LogRecorder()
        let store = makeStore(directory, recorder: recorder)
        let faults = FaultyFileIO()
        store.disk.io = faults.io
        faults.failReads(of: file.lastPathComponent)  // as while a protected file's key is unavailable
        let box = ReportBox()
        store.open(namespace: "feed", contentVersion: "1", context: context) { box.report = $0 }
        store.waitUntilIdle()
        #expect(box.report.discarded == 0)
        #expect(recorder.problems.count == 1)
        #expect(try Data(contentsOf: file) == bytes, "not deleted")

        // A height recorded meanwhile does not replace the file with a subset.
        store.record(90, forKey: .int(9), namespace: "feed", context: context)
        store.flush()
        store.waitUntilIdle()
        #expect(try Data(contentsOf: file) == bytes, "not overwritten while it cannot be read")

        // Readable again: the next write merges.
        faults.allowReads()
        store.flush()
        store.waitUntilIdle()
        #expect(heights(in: directory) == [1: 10, 2: 20, 3: 30, 9: 90])
    }

    @Test func aFileThatCannotBeReadKeepsItsInvalidationForLater() throws {
        let directory = TemporaryDirectory()
        earlierLaunch(directory)
        let file = try #require(directory.files.first)
        let store = makeStore(directory)
        let faults = FaultyFileIO()
        store.disk.io = faults.io
        store.open(namespace: "feed", contentVersion: "1", context: nil)
        store.waitUntilIdle()
        faults.failReads(of: file.lastPathComponent)
        store.invalidate(key: .int(2), namespace: "feed")
        store.flush()
        store.waitUntilIdle()
        #expect(FileManager.default.fileExists(atPath: file.path))
        faults.allowReads()
        store.invalidate(key: .int(3), namespace: "feed")
        store.flush()
        store.waitUntilIdle()
        #expect(heights(in: directory) == [1: 10], "both invalidations reached the file")
    }

    @Test func aFailedWriteIsTriedAgainInsteadOfTurningPersistenceOff() {
        let directory = TemporaryDirectory()
        let recorder = LogRecorder()
        let store = makeStore(directory, recorder: recorder)
        let faults = FaultyFileIO()
        store.disk.io = faults.io
        store.open(namespace: "feed", contentVersion: "1", context: context)
        store.record(10, forKey: .int(1), namespace: "feed", context: context)
        faults.failWrites(1)  // ENOSPC, or EPERM ten seconds after the device locked
        store.flush()
        store.waitUntilIdle()
        #expect(directory.fileNames.isEmpty)
        #expect(recorder.problems.count == 1)
        store.record(20, forKey: .int(2), namespace: "feed", context: context)
        store.flush()
        store.waitUntilIdle()
        #expect(heights(in: directory) == [1: 10, 2: 20], "the failed write's heights were kept for the next")
    }
}
