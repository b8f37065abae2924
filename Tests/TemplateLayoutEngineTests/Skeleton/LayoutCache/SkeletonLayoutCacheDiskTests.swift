import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct SkeletonLayoutCacheDiskTests {
    typealias F = CacheFixture

    @Test func aSecondLaunchReadsWhatTheFirstWrote() {
        let directory = TemporaryDirectory()
        let first = F.cache(directory.url)
        first.store(F.layout(1), for: F.key())
        first.waitUntilIdle()
        #expect(F.exists(F.layoutFile(directory, F.key())))

        let second = F.cache(directory.url)
        #expect(!second.isInMemory(F.key()))
        #expect(second.layout(for: F.key()) == F.layout(1))
        #expect(second.layout(for: F.key()) == F.layout(1))
        #expect(second.statistics.diskHits == 1)
        #expect(second.statistics.memoryHits == 1)
    }

    @Test func anotherAppVersionRemapsAndRemovesTheStaleFile() {
        let directory = TemporaryDirectory()
        let old = F.cache(directory.url, version: "1.0 (1)")
        old.store(F.layout(1), for: F.key())
        old.waitUntilIdle()

        let recorder = LogRecorder()
        let new = F.cache(directory.url, version: "1.1 (7)", recorder: recorder)
        var maps = 0
        #expect(new.layout(for: F.key()) { maps += 1; return F.layout(2) } == F.layout(2))
        new.waitUntilIdle()
        #expect(maps == 1)
        #expect(new.statistics.discardedFiles == 1)
        // Stale is not a problem; it is what a new version is for.
        #expect(recorder.problems.isEmpty)
        // The new mapping is what is on disk now, stamped with the new version.
        let third = F.cache(directory.url, version: "1.1 (7)")
        #expect(third.layout(for: F.key()) == F.layout(2))
    }

    @Test func aStaleFileAloneIsRemoved() {
        let directory = TemporaryDirectory()
        let old = F.cache(directory.url, version: "1")
        old.store(F.layout(), for: F.key())
        old.waitUntilIdle()
        let new = F.cache(directory.url, version: "2")
        #expect(new.layout(for: F.key()) == nil)
        new.waitUntilIdle()
        #expect(!F.exists(F.layoutFile(directory, F.key())))
    }

    /// JSON in a current envelope: whole, but not a layout file's content.
    static func sealed(_ json: String) -> Data {
        FileEnvelope.skeletonLayout.seal(payload: Data(json.utf8))
    }

    /// A layout file exactly as the cache writes it now (current envelope, format, app
    /// version, system and date, good checksum), holding `key` and `layout`: only the
    /// checks of what it holds can reject it.
    static func currentFile(key: StoredSkeletonLayoutKey = StoredSkeletonLayoutKey(F.key()), layout: SkeletonLayout = F.layout()) -> Data {
        let file = SkeletonLayoutFile(
            format: SkeletonLayoutFile.currentFormat, appVersion: "1.0 (1)", osMajorVersion: SystemStamp.current.osMajorVersion,
            sdkName: SystemStamp.current.sdkName, savedAt: Date().timeIntervalSince1970, key: key, layout: layout)
        return try! SkeletonLayoutCache.encodeFile(file, in: .skeletonLayout)
    }

    @Test func theCurrentFileFixtureIsReadWhenWhatItHoldsIsValid() throws {
        let directory = TemporaryDirectory()
        _ = try F.writtenLayoutFile(directory)
        try Self.currentFile(layout: F.layout(7)).write(to: F.layoutFile(directory, F.key()))
        let recorder = LogRecorder()
        #expect(F.cache(directory.url, recorder: recorder).layout(for: F.key()) == F.layout(7))
        #expect(recorder.problems.isEmpty)
    }

    static let damagedContents: [(String, Data)] = [
        ("empty", Data()),
        ("garbage", Data("\u{0}\u{1}skeleton? no".utf8)),
        ("not our JSON", sealed(#"{"hello":"world"}"#)),
        ("a layout with a part outside it", currentFile(layout: SkeletonLayout(size: CGSize(width: 10, height: 10), parts: [part(0, 0, 50, 50)]))),
        ("a key that cannot be one", currentFile(key: { var key = StoredSkeletonLayoutKey(F.key()); key.displayScale = -3; return key }())),
    ]

    @Test(arguments: damagedContents.map(\.0))
    func aDamagedFileIsDiscardedAndReported(kind: String) throws {
        let directory = TemporaryDirectory()
        let writer = F.cache(directory.url)
        writer.store(F.layout(), for: F.key())
        writer.waitUntilIdle()
        let contents = Self.damagedContents.first { $0.0 == kind }!.1
        try contents.write(to: F.layoutFile(directory, F.key()))

        let recorder = LogRecorder()
        let reader = F.cache(directory.url, recorder: recorder)
        #expect(reader.layout(for: F.key()) == nil)
        reader.waitUntilIdle()
        #expect(recorder.problems.count == 1)
        #expect(reader.statistics.discardedFiles == 1)
        #expect(!F.exists(F.layoutFile(directory, F.key())))
    }

    @Test func aTruncatedFileIsDiscardedAndReported() throws {
        let directory = TemporaryDirectory()
        let whole = try F.writtenLayoutFile(directory)
        for length in [1, whole.count / 2, whole.count - 1] {
            try F.expectDiscarded(whole.prefix(length), in: directory, "\(length) of \(whole.count) bytes")
        }
    }

    @Test func aFileOfAnotherKeyIsAMissNotAProblem() throws {
        let directory = TemporaryDirectory()
        let writer = F.cache(directory.url)
        writer.store(F.layout(), for: F.key("Photo"))
        writer.waitUntilIdle()
        // As if two keys hashed to one name: Post's file holds Photo's layout.
        try FileManager.default.copyItem(at: F.layoutFile(directory, F.key("Photo")), to: F.layoutFile(directory, F.key()))
        let recorder = LogRecorder()
        let reader = F.cache(directory.url, recorder: recorder)
        #expect(reader.layout(for: F.key()) == nil)
        reader.waitUntilIdle()
        #expect(recorder.problems.isEmpty)
        #expect(F.exists(F.layoutFile(directory, F.key())))
        #expect(reader.layout(for: F.key("Photo")) == F.layout())
    }

    @Test func countingNeverRewritesALayout() throws {
        let directory = TemporaryDirectory()
        let cache = F.cache(directory.url)
        cache.store(F.layout(), for: F.key())
        cache.waitUntilIdle()
        let layoutURL = F.layoutFile(directory, F.key())
        let bytes = try Data(contentsOf: layoutURL)
        let attributes = try FileManager.default.attributesOfItem(atPath: layoutURL.path)
        for load in 1...5 {
            cache.recordLoad(for: F.key())
            cache.waitUntilIdle()
            let data = try Data(contentsOf: F.countFile(directory, F.key()))
            let count = try SkeletonLayoutCache.decodeFile(data, in: .skeletonCount, as: SkeletonCountFile.self).get()
            #expect(count.count == load)
        }
        // An atomic rewrite would give the file a new inode, even with the same bytes.
        let after = try FileManager.default.attributesOfItem(atPath: layoutURL.path)
        #expect(try Data(contentsOf: layoutURL) == bytes)
        #expect(after[.systemFileNumber] as? NSNumber == attributes[.systemFileNumber] as? NSNumber)
        #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
        #expect(cache.statistics.fileWrites == 1 + 5)
        // Storing the same layout again writes nothing either.
        cache.store(F.layout(), for: F.key())
        cache.waitUntilIdle()
        #expect(cache.statistics.fileWrites == 6)
        let countBytes = try Data(contentsOf: F.countFile(directory, F.key())).count
        #expect(countBytes < 64)
    }

    @Test func loadsCountedInABurstShareAWriteAndAddUpAcrossLaunches() {
        let directory = TemporaryDirectory()
        let first = F.cache(directory.url)
        for _ in 0..<100 { first.recordLoad(for: F.key()) }
        first.waitUntilIdle()
        #expect(first.loadCount(for: F.key()) == 100)
        #expect(first.statistics.fileWrites < 100)

        let second = F.cache(directory.url)
        second.recordLoad(for: F.key())
        second.waitUntilIdle()
        #expect(second.loadCount(for: F.key()) == 101)
        let third = F.cache(directory.url)
        third.warmUp()
        third.waitUntilIdle()
        #expect(third.loadCount(for: F.key()) == 101)
    }

    @Test func aDamagedCountFileCountsAsNoneAndIsReported() throws {
        let directory = TemporaryDirectory()
        let first = F.cache(directory.url)
        first.recordLoad(for: F.key())
        first.waitUntilIdle()
        // The current envelope version, then bytes that are no count file.
        try (Data("TLCC".utf8) + [FileEnvelope.skeletonCount.version] + Data("not a count".utf8)).write(to: F.countFile(directory, F.key()))
        let recorder = LogRecorder()
        let second = F.cache(directory.url, recorder: recorder)
        second.recordLoad(for: F.key())
        second.waitUntilIdle()
        #expect(second.loadCount(for: F.key()) == 1)
        #expect(recorder.problems.count == 1)
    }

    @Test func warmUpLoadsExactlyTheMostLoaded() {
        let directory = TemporaryDirectory()
        let first = F.cache(directory.url)
        let keys = (0..<8).map { F.key("Cell\($0)") }
        for (index, key) in keys.enumerated() {
            first.store(F.layout(index), for: key)
            // Cell0 loaded once, Cell7 eight times; Cell2 ties Cell3 at 4 with a bonus load.
            for _ in 0...index { first.recordLoad(for: key) }
        }
        first.recordLoad(for: keys[2])
        first.waitUntilIdle()

        let second = F.cache(directory.url, warmUpCount: 3)
        let loaded = Loaded()
        second.warmUp { loaded.set($0) }
        second.waitUntilIdle()
        #expect(loaded.value == 3)
        #expect(keys.filter(second.isInMemory) == [keys[5], keys[6], keys[7]])
        #expect(second.statistics.warmedUp == 3)
        // The rest are still read on demand.
        #expect(second.layout(for: keys[0]) == F.layout(0))
        #expect(second.statistics.diskHits == 1)
        #expect(second.loadCount(for: keys[2]) == 4)
    }

    @Test func warmUpSkipsStaleLayoutsAndDoesNothingWhenOff() {
        let directory = TemporaryDirectory()
        let old = F.cache(directory.url, version: "1")
        old.store(F.layout(), for: F.key())
        old.recordLoad(for: F.key())
        old.waitUntilIdle()

        let new = F.cache(directory.url, version: "2")
        let loaded = Loaded()
        new.warmUp { loaded.set($0) }
        new.waitUntilIdle()
        #expect(loaded.value == 0)
        #expect(!F.exists(F.layoutFile(directory, F.key())))

        let off = F.cache(directory.url, enabled: false)
        let none = Loaded()
        off.warmUp { none.set($0) }
        off.waitUntilIdle()
        #expect(none.value == 0)
    }

    @Test func anUnusableDirectoryDegradesToMemoryWithOneReport() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        // A regular file where the cache wants a directory: not even root can create it.
        let blocker = directory.url.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let recorder = LogRecorder()
        let cache = F.cache(blocker.appendingPathComponent("Skeletons"), recorder: recorder)
        cache.waitUntilIdle()
        #expect(!cache.isDiskAvailable)
        for index in 0..<3 {
            cache.store(F.layout(index), for: F.key("Cell\(index)"))
            cache.recordLoad(for: F.key("Cell\(index)"))
        }
        cache.warmUp()
        cache.waitUntilIdle()
        #expect(cache.layout(for: F.key("Cell1")) == F.layout(1))
        #expect(recorder.problems.count == 1)
        #expect(recorder.problems.first?.contains("memory only") == true)
    }

    @Test func aDirectoryThatBreaksLaterDegradesWithOneReport() throws {
        let directory = TemporaryDirectory()
        let recorder = LogRecorder()
        let cache = F.cache(directory.url, recorder: recorder)
        cache.waitUntilIdle()
        #expect(cache.isDiskAvailable)
        // The layouts folder becomes a file: every write fails from now on.
        let layouts = directory.url.appendingPathComponent("layouts")
        try FileManager.default.removeItem(at: layouts)
        try Data("x".utf8).write(to: layouts)
        cache.store(F.layout(1), for: F.key("A"))
        cache.store(F.layout(2), for: F.key("B"))
        cache.waitUntilIdle()
        #expect(!cache.isDiskAvailable)
        #expect(recorder.problems.count == 1)
        #expect(cache.layout(for: F.key("B")) == F.layout(2))
    }

    @Test func removeAllForgetsMemoryAndFiles() {
        let directory = TemporaryDirectory()
        let cache = F.cache(directory.url)
        cache.store(F.layout(), for: F.key())
        cache.recordLoad(for: F.key())
        cache.waitUntilIdle()
        cache.removeAll()
        cache.waitUntilIdle()
        #expect(cache.layout(for: F.key()) == nil)
        #expect(cache.loadCount(for: F.key()) == 0)
        #expect(!F.exists(F.layoutFile(directory, F.key())))
        #expect(!F.exists(F.countFile(directory, F.key())))
    }

    @Test func waitingOnTheCachesOwnQueueReportsInsteadOfDeadlocking() {
        let recorder = LogRecorder()
        let cache = F.cache(TemporaryDirectory().url, recorder: recorder)
        cache.warmUp { _ in cache.waitUntilIdle() }
        cache.waitUntilIdle()
        #expect(recorder.problems.count == 1)
    }

    @Test func manyThreadsAtOnceKeepTheCacheWhole() {
        let directory = TemporaryDirectory()
        // Eight keys are stored (those of iterations 0 and 3 modulo 4) into room for four.
        let cache = F.cache(directory.url, memoryLimit: 4)
        DispatchQueue.concurrentPerform(iterations: 400) { iteration in
            let key = F.key("Cell\(iteration % 16)")
            switch iteration % 4 {
            case 0: cache.store(F.layout(iteration % 16), for: key)
            case 1: _ = cache.layout(for: key)
            case 2: cache.recordLoad(for: key)
            default: _ = cache.layout(for: key) { F.layout(iteration % 16) }
            }
        }
        cache.waitUntilIdle()
        let total = (0..<16).reduce(0) { $0 + cache.loadCount(for: F.key("Cell\($1)")) }
        #expect(total == 100)
        for index in 0..<16 {
            let layout = cache.layout(for: F.key("Cell\(index)"))
            #expect(layout == nil || layout == F.layout(index))
        }
        #expect(cache.statistics.evictions > 0)
    }
}

/// A value set from the cache's queue and read by the test after waiting.
final class Loaded: @unchecked Sendable {
    // The only mutable state, behind the lock.
    private let lock = NSLock()
    private var stored: Int?

    func set(_ value: Int) { lock.withLock { stored = value } }
    var value: Int? { lock.withLock { stored } }
}

/// Issue 8, item 10: the main thread configuring a skeleton cell never reads a file.
@Suite struct SkeletonLayoutCacheMainThreadTests {
    typealias F = CacheFixture

    @Test func aMemoryLookupNeverReadsTheFileAndALoadOffTheCallersThreadFillsMemory() {
        let directory = TemporaryDirectory()
        let first = F.cache(directory.url)
        first.store(F.layout(1), for: F.key())
        first.waitUntilIdle()

        let second = F.cache(directory.url)
        #expect(second.layoutInMemory(for: F.key()) == nil, "the file is there, but not read")
        #expect(second.statistics.diskHits == 0)

        second.loadIntoMemory(F.key(), storingIfMissing: F.layout(2))
        second.waitUntilIdle()
        #expect(second.layoutInMemory(for: F.key()) == F.layout(1), "the file's layout, read on the queue")
        #expect(second.statistics.diskHits == 1)
        #expect(second.statistics.memoryHits == 1)
    }

    @Test func withoutAFileTheMappedLayoutIsKeptInMemoryAndOnDisk() {
        let directory = TemporaryDirectory()
        let cache = F.cache(directory.url)
        cache.loadIntoMemory(F.key(), storingIfMissing: F.layout(3))
        cache.waitUntilIdle()
        #expect(cache.layoutInMemory(for: F.key()) == F.layout(3))
        cache.waitUntilIdle()
        #expect(F.exists(F.layoutFile(directory, F.key())))
    }

    @Test func nothingHappensWhileTheCacheIsOff() {
        let directory = TemporaryDirectory()
        let cache = F.cache(directory.url, enabled: false)
        cache.loadIntoMemory(F.key(), storingIfMissing: F.layout(3))
        cache.waitUntilIdle()
        #expect(cache.layoutInMemory(for: F.key()) == nil)
        #expect(!F.exists(F.layoutFile(directory, F.key())))
    }
}
