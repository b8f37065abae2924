import Foundation
import Testing
import ReferenceTableModel
@testable import TemplateLayoutEngine

/// What the skeleton cache promises about its disk, each found broken by a fault test run
/// from outside the project: forged counts do not trap, damaged files are never served as
/// another layout, reads see the cache's own writes and removals, canonically equal keys
/// meet, and leftovers are cleaned.
@Suite struct SkeletonLayoutCachePromiseTests {
    typealias F = CacheFixture

    /// Holds the cache's queue until `release()`, so queued work waits.
    final class Gate: @unchecked Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        init(_ cache: SkeletonLayoutCache) { cache.queue.async { [semaphore] in semaphore.wait() } }
        func release() { semaphore.signal() }
    }

    // MARK: 2. Forged counts

    @Test func aForgedCountNeverTraps() throws {
        let directory = TemporaryDirectory()
        let first = F.cache(directory.url)
        first.store(F.layout(), for: F.key())
        first.recordLoad(for: F.key())
        first.waitUntilIdle()
        // A whole, current count file that says Int.max, as a forger with the format would write.
        let forged = try SkeletonLayoutCache.encodeFile(SkeletonCountFile(format: SkeletonLayoutFile.currentFormat, count: .max), in: .skeletonCount)
        try forged.write(to: F.countFile(directory, F.key()))

        for launch in 0..<2 {
            let cache = F.cache(directory.url)
            let loaded = Loaded()
            cache.warmUp { loaded.set($0) }
            cache.recordLoad(for: F.key())
            cache.recordLoad(for: F.key())
            cache.waitUntilIdle()
            #expect(loaded.value == 1, "launch \(launch)")
            #expect(cache.loadCount(for: F.key()) == SkeletonLayoutCache.State.Count.limit + 2, "launch \(launch)")
        }
        var count = SkeletonLayoutCache.State.Count(stored: .max, added: .max)
        #expect(count.total == .max)
        count.stored = nil
        #expect(count.total == .max)
    }

    // MARK: 3. Checksummed and versioned

    @Test func everySingleBitFlipOfALayoutFileIsDiscardedNeverServed() throws {
        let system = SystemStamp(osMajorVersion: 26, sdkName: "iphoneos26.0")
        let data = try SkeletonLayoutCache.encodeFile(
            SkeletonLayoutFile(format: SkeletonLayoutFile.currentFormat, appVersion: "1.0 (1)", osMajorVersion: 26, sdkName: "iphoneos26.0",
                               savedAt: 1_000, key: StoredSkeletonLayoutKey(F.key()), layout: F.layout()),
            in: .skeletonLayout)
        let current = SkeletonFileStamp(appVersion: "1.0 (1)", system: system, maximumAge: 3_600, now: Date(timeIntervalSince1970: 2_000))
        guard case .layout(let whole, _) = SkeletonLayoutCache.decodeLayoutFile(data, current: current, expecting: F.key()) else {
            Issue.record("the whole file does not read back")
            return
        }
        #expect(whole == F.layout())
        var served = 0
        for index in data.indices {
            for bit in 0..<8 {
                var damaged = data
                damaged[index] ^= 1 << bit
                if case .layout = SkeletonLayoutCache.decodeLayoutFile(damaged, current: current, expecting: nil) { served += 1 }
            }
        }
        #expect(served == 0, "\(served) of \(data.count * 8) flips served")
    }

    @Test func everySingleBitFlipOfACountFileIsDiscarded() throws {
        let data = try SkeletonLayoutCache.encodeFile(SkeletonCountFile(format: SkeletonLayoutFile.currentFormat, count: 41), in: .skeletonCount)
        for index in data.indices {
            for bit in 0..<8 {
                var damaged = data
                damaged[index] ^= 1 << bit
                guard case .failure = SkeletonLayoutCache.decodeFile(damaged, in: .skeletonCount, as: SkeletonCountFile.self) else {
                    Issue.record("byte \(index) bit \(bit) read as a count")
                    continue
                }
            }
        }
    }

    @Test func bitFlippedFilesOnDiskAreDiscardedAndReported() throws {
        let seed = ModelBasedSeeds.override ?? 0xF11B_5EED
        var random = SeededRandom(seed: seed)
        let directory = TemporaryDirectory()
        let whole = try F.writtenLayoutFile(directory)
        for _ in 0..<24 {
            let index = random.int(in: 0..<whole.count), bit = random.int(in: 0..<8)
            var damaged = whole
            damaged[index] ^= UInt8(1) << UInt8(bit)
            try F.expectDiscarded(damaged, in: directory, "seed \(ModelBasedSeeds.hex(seed)), byte \(index) bit \(bit)")
        }
    }

    @Test func formatOneFilesAreDiscardedCleanly() throws {
        let directory = TemporaryDirectory()
        let writer = F.cache(directory.url)
        writer.store(F.layout(), for: F.key())
        writer.recordLoad(for: F.key())
        writer.waitUntilIdle()
        // Format 1: the same JSON, bare.
        let layoutJSON = #"{"appVersion":"1.0 (1)","format":1,"key":{"contentSizeCategory":"UICTContentSizeCategoryL","direction":"leftToRight","displayScale":3,"identifier":"Post","widthInPixels":1125},"layout":{"height":88,"parts":[],"width":375}}"#
        try Data(layoutJSON.utf8).write(to: F.layoutFile(directory, F.key()))
        try Data(#"{"count":7,"format":1}"#.utf8).write(to: F.countFile(directory, F.key()))

        let recorder = LogRecorder()
        let reader = F.cache(directory.url, recorder: recorder)
        let loaded = Loaded()
        reader.warmUp { loaded.set($0) }
        reader.waitUntilIdle()
        #expect(loaded.value == 0)
        #expect(reader.layout(for: F.key()) == nil)
        #expect(reader.loadCount(for: F.key()) == 0)
        reader.waitUntilIdle()
        #expect(recorder.problems.isEmpty, "an old format is stale, not a problem")
        #expect(!F.exists(F.layoutFile(directory, F.key())))
        #expect(!F.exists(F.countFile(directory, F.key())))
    }

    // MARK: 4. Read your writes

    @Test func aLayoutStoredAndNotYetWrittenIsServedNotTheOlderFile() {
        let directory = TemporaryDirectory()
        let cache = F.cache(directory.url, memoryLimit: 1)
        cache.store(F.layout(1), for: F.key("A"))
        cache.waitUntilIdle()
        let gate = Gate(cache)
        cache.store(F.layout(2), for: F.key("A"))
        cache.store(F.layout(3), for: F.key("B"))  // evicts A's layout 2, whose write waits
        #expect(!cache.isInMemory(F.key("A")))
        #expect(cache.layout(for: F.key("A")) == F.layout(2))
        #expect(cache.layout(for: F.key("B")) == F.layout(3))
        gate.release()
        cache.waitUntilIdle()
        #expect(cache.layout(for: F.key("A")) == F.layout(2), "after waiting too")
        #expect(F.cache(directory.url).layout(for: F.key("A")) == F.layout(2))
    }

    @Test func noFileIsReadWhileARemovalIsPending() {
        let directory = TemporaryDirectory()
        let first = F.cache(directory.url)
        first.store(F.layout(1), for: F.key())
        first.waitUntilIdle()

        let cache = F.cache(directory.url)
        let gate = Gate(cache)
        cache.removeAll()
        #expect(cache.layout(for: F.key()) == nil)
        gate.release()
        cache.waitUntilIdle()
        #expect(cache.layout(for: F.key()) == nil)
        #expect(!F.exists(F.layoutFile(directory, F.key())))
    }

    @Test func removeAllCancelsQueuedWarmUpsAndCountWrites() {
        let directory = TemporaryDirectory()
        _ = F.filledCache(directory, count: 3)

        let cache = F.cache(directory.url)
        let gate = Gate(cache)
        let loaded = Loaded()
        cache.warmUp { loaded.set($0) }
        cache.recordLoad(for: F.key("Cell0"))
        cache.removeAll()
        gate.release()
        cache.waitUntilIdle()
        #expect(loaded.value == 0)
        for index in 0..<3 {
            #expect(!cache.isInMemory(F.key("Cell\(index)")))
            #expect(cache.loadCount(for: F.key("Cell\(index)")) == 0)
            #expect(!F.exists(F.countFile(directory, F.key("Cell\(index)"))))
        }
    }

    @Test func aCountAfterRemoveAllStartsFromZero() {
        let directory = TemporaryDirectory()
        let cache = F.cache(directory.url)
        for _ in 0..<5 { cache.recordLoad(for: F.key()) }
        cache.waitUntilIdle()
        let gate = Gate(cache)
        cache.recordLoad(for: F.key())
        cache.removeAll()
        cache.recordLoad(for: F.key())
        gate.release()
        cache.waitUntilIdle()
        #expect(cache.loadCount(for: F.key()) == 1)
        #expect(F.cache(directory.url).withWarmUp().loadCount(for: F.key()) == 1)
    }

    // MARK: 6. Keys

    @Test func canonicallyEquivalentIdentifiersMeetAcrossLaunches() {
        let precomposed = F.key("Caf\u{e9}Cell"), decomposed = F.key("Cafe\u{301}Cell")
        #expect(precomposed.fileName == decomposed.fileName)
        let directory = TemporaryDirectory()
        let first = F.cache(directory.url)
        first.store(F.layout(4), for: precomposed)
        first.waitUntilIdle()
        #expect(F.cache(directory.url).layout(for: decomposed) == F.layout(4))
    }

    // MARK: 7. Leftovers

    @Test func leftoversAreRemovedWhenTheCacheStarts() throws {
        let directory = TemporaryDirectory()
        F.cache(directory.url).waitUntilIdle()
        let layouts = directory.url.appendingPathComponent("layouts"), counts = directory.url.appendingPathComponent("counts")
        for name in [".tlc-6F9619FF-8B86-D011-B42D-00C04FC964FF.tmp", ".dat.nosync3f1.AbCdEf", "README.json"] {
            try Data("x".utf8).write(to: layouts.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: counts.appendingPathComponent("0123456789abcdef.json"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: layouts.appendingPathComponent("notes.txt"))

        let recorder = LogRecorder()
        F.cache(directory.url, recorder: recorder).waitUntilIdle()
        #expect(try FileManager.default.contentsOfDirectory(atPath: layouts.path) == ["notes.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: counts.path).isEmpty)
        #expect(recorder.problems.count == 2)
    }

    @Test func writesLeaveNoTemporaryFiles() throws {
        let directory = TemporaryDirectory()
        _ = F.filledCache(directory, count: 4)
        for folder in ["layouts", "counts"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent(folder).path)
            #expect(names.count == 4 && names.allSatisfy(SkeletonLayoutCache.isOurFileName), "\(names)")
        }
    }
}

extension SkeletonLayoutCache {
    /// The cache after a finished warm-up.
    func withWarmUp() -> SkeletonLayoutCache {
        warmUp()
        waitUntilIdle()
        return self
    }
}
