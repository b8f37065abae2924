import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue item 14 (review L3): one layout file per identifier and pixel width, kept 30 days,
/// needs a bound; and (review P5) a file that cannot be read is not a damaged one.
@Suite struct SkeletonLayoutCacheBoundTests {
    typealias F = CacheFixture

    func setModified(_ url: URL, secondsAgo: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: url.path)
    }

    func layoutNames(_ directory: TemporaryDirectory) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent("layouts").path)) ?? []))
    }

    @Test func pastTheBoundTheLeastRecentlyUsedLayoutFilesGo() throws {
        let directory = TemporaryDirectory()
        let cache = F.cache(directory.url)
        cache.maximumLayoutFiles = 4
        for index in 0..<4 { cache.store(F.layout(index), for: F.key("Cell\(index)")) }
        cache.waitUntilIdle()
        #expect(layoutNames(directory).count == 4, "within the bound nothing goes")
        // Written long ago, Cell0 first; Cell0's skeleton was shown just now (its count written).
        for index in 0..<4 { try setModified(F.layoutFile(directory, F.key("Cell\(index)")), secondsAgo: Double(500 - 100 * index)) }
        cache.recordLoad(for: F.key("Cell0"))
        cache.waitUntilIdle()

        // A live resize passing a new width: one more file, over the bound.
        cache.store(F.layout(9), for: F.key("Cell0", context: LayoutContext(width: 376, displayScale: 3)))
        cache.waitUntilIdle()
        let kept = [F.key("Cell0", context: LayoutContext(width: 376, displayScale: 3)), F.key("Cell0"), F.key("Cell3")]
        #expect(layoutNames(directory) == Set(kept.map { $0.fileName + ".json" }), "down to three quarters, least recently used out")
        // Memory still serves what left the disk.
        #expect(cache.layout(for: F.key("Cell1")) == F.layout(1))
        #expect(F.cache(directory.url).layout(for: F.key("Cell1")) == nil)
        #expect(F.cache(directory.url).layout(for: F.key("Cell3")) == F.layout(3))
    }

    @Test func expiryEnforcesTheBoundToo() throws {
        let directory = TemporaryDirectory()
        _ = F.filledCache(directory, count: 6)
        for index in 0..<6 { try setModified(F.layoutFile(directory, F.key("Cell\(index)")), secondsAgo: Double(1_000 - 100 * index)) }
        for index in 0..<6 { try setModified(F.countFile(directory, F.key("Cell\(index)")), secondsAgo: Double(1_000 - 100 * index)) }
        let cache = F.cache(directory.url)
        cache.maximumLayoutFiles = 4
        let removed = RemovedBox()
        cache.removeExpired { removed.count = $0 }
        cache.waitUntilIdle()
        #expect(layoutNames(directory) == Set((3..<6).map { F.key("Cell\($0)").fileName + ".json" }))
        #expect(removed.count == 3 + 3, "three layout files and their counts")
        #expect(!F.exists(F.countFile(directory, F.key("Cell0"))))
        #expect(SkeletonLayoutCache.defaultMaximumLayoutFiles > 0 && cache.maximumLayoutFiles == 4)
    }

    @Test func aLayoutFileThatCannotBeReadIsAMissAndStays() throws {
        let directory = TemporaryDirectory()
        _ = try F.writtenLayoutFile(directory)
        let file = F.layoutFile(directory, F.key())
        let recorder = LogRecorder()
        let cache = F.cache(directory.url, recorder: recorder)
        let faults = FaultyFileIO()
        cache.disk.io = faults.io
        faults.failReads(of: file.lastPathComponent)
        #expect(cache.layout(for: F.key()) == nil)
        cache.removeExpired()
        cache.warmUp()
        cache.waitUntilIdle()
        #expect(F.exists(file), "not deleted")
        #expect(cache.statistics.discardedFiles == 0)
        #expect(!recorder.problems.isEmpty)
        faults.allowReads()
        #expect(cache.layout(for: F.key()) == F.layout())
    }

    @Test func aFailedWriteIsTriedAgainAtTheNextOne() {
        let directory = TemporaryDirectory()
        let recorder = LogRecorder()
        let cache = F.cache(directory.url, recorder: recorder)
        let faults = FaultyFileIO()
        cache.disk.io = faults.io
        faults.failWrites(1)
        cache.store(F.layout(1), for: F.key("A"))
        cache.waitUntilIdle()
        #expect(!cache.isDiskAvailable)
        cache.store(F.layout(2), for: F.key("B"))
        cache.waitUntilIdle()
        #expect(cache.isDiskAvailable)
        #expect(recorder.problems.count == 1)
        #expect(F.cache(directory.url).layout(for: F.key("B")) == F.layout(2))
    }
}
