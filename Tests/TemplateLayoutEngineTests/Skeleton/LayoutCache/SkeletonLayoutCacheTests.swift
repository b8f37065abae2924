import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Shared pieces of the cache tests.
enum CacheFixture {
    static let context = LayoutContext(width: 375, displayScale: 3)

    static func key(_ identifier: String = "Post", context: LayoutContext = context,
                    direction: SkeletonLayoutDirection = .leftToRight) -> SkeletonLayoutKey {
        SkeletonLayoutKey(identifier: identifier, context: context, direction: direction)
    }

    /// A small valid layout that differs by `seed`.
    static func layout(_ seed: Int = 0) -> SkeletonLayout {
        SkeletonLayout(size: CGSize(width: 375, height: 88), parts: [
            part(16, 12, 40, 40, radius: 20),
            part(68, 14.5, CGFloat(200 + seed), 15, radius: 7.5, .textLine),
        ])
    }

    /// A cache on `directory` that reports problems to `recorder`.
    static func cache(_ directory: URL?, version: String = "1.0 (1)", enabled: Bool? = true, warmUpCount: Int = 20,
                      memoryLimit: Int = 64, recorder: LogRecorder = LogRecorder()) -> SkeletonLayoutCache {
        SkeletonLayoutCache(directory: directory, appVersion: version, isEnabled: enabled, warmUpCount: warmUpCount,
                            memoryLimit: memoryLimit, log: recorder.log())
    }

    static func layoutFile(_ directory: TemporaryDirectory, _ key: SkeletonLayoutKey) -> URL {
        directory.url.appendingPathComponent("layouts").appendingPathComponent(key.fileName + ".json")
    }

    static func countFile(_ directory: TemporaryDirectory, _ key: SkeletonLayoutKey) -> URL {
        directory.url.appendingPathComponent("counts").appendingPathComponent(key.fileName + ".json")
    }

    static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The bytes of the default key's layout file, as a cache writes it in `directory`.
    static func writtenLayoutFile(_ directory: TemporaryDirectory) throws -> Data {
        let writer = cache(directory.url)
        writer.store(layout(), for: key())
        writer.waitUntilIdle()
        return try Data(contentsOf: layoutFile(directory, key()))
    }

    /// Puts `damaged` in the default key's layout file and checks that a new cache misses,
    /// reports one problem and removes the file.
    static func expectDiscarded(_ damaged: Data, in directory: TemporaryDirectory, _ comment: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        try damaged.write(to: layoutFile(directory, key()))
        let recorder = LogRecorder()
        let reader = cache(directory.url, recorder: recorder)
        #expect(reader.layout(for: key()) == nil, "\(comment)", sourceLocation: sourceLocation)
        reader.waitUntilIdle()
        #expect(recorder.problems.count == 1, "\(comment)", sourceLocation: sourceLocation)
        #expect(!exists(layoutFile(directory, key())), "\(comment)", sourceLocation: sourceLocation)
    }

    /// A cache on `directory` that stored and counted the layouts of `Cell0` to `Cell<count - 1>`, written.
    static func filledCache(_ directory: TemporaryDirectory, count: Int) -> SkeletonLayoutCache {
        let filled = cache(directory.url)
        for index in 0..<count {
            filled.store(layout(index), for: key("Cell\(index)"))
            filled.recordLoad(for: key("Cell\(index)"))
        }
        filled.waitUntilIdle()
        return filled
    }
}

@Suite struct SkeletonLayoutCacheMemoryTests {
    @Test func aMemoryOnlyCacheKeepsLayouts() {
        let cache = CacheFixture.cache(nil)
        #expect(cache.layout(for: CacheFixture.key()) == nil)
        cache.store(CacheFixture.layout(), for: CacheFixture.key())
        #expect(cache.layout(for: CacheFixture.key()) == CacheFixture.layout())
        #expect(!cache.isDiskAvailable)
        #expect(cache.statistics.memoryHits == 1 && cache.statistics.misses == 1 && cache.statistics.stores == 1)
    }

    @Test func keysDifferByIdentifierContextAndDirection() {
        let cache = CacheFixture.cache(nil)
        cache.store(CacheFixture.layout(1), for: CacheFixture.key())
        #expect(cache.layout(for: CacheFixture.key("Photo")) == nil)
        #expect(cache.layout(for: CacheFixture.key(context: LayoutContext(width: 414, displayScale: 3))) == nil)
        #expect(cache.layout(for: CacheFixture.key(context: LayoutContext(width: 375, displayScale: 3, contentSizeCategory: .extraLarge))) == nil)
        #expect(cache.layout(for: CacheFixture.key(direction: .rightToLeft)) == nil)
        // Sub-pixel noise is the same context.
        #expect(cache.layout(for: CacheFixture.key(context: LayoutContext(width: 375.1, displayScale: 3))) == CacheFixture.layout(1))
    }

    @Test func theLeastRecentlyUsedLayoutLeavesMemoryFirst() {
        let cache = CacheFixture.cache(nil, memoryLimit: 2)
        cache.store(CacheFixture.layout(1), for: CacheFixture.key("A"))
        cache.store(CacheFixture.layout(2), for: CacheFixture.key("B"))
        _ = cache.layout(for: CacheFixture.key("A"))
        cache.store(CacheFixture.layout(3), for: CacheFixture.key("C"))
        #expect(cache.isInMemory(CacheFixture.key("A")))
        #expect(!cache.isInMemory(CacheFixture.key("B")))
        #expect(cache.isInMemory(CacheFixture.key("C")))
        #expect(cache.statistics.evictions == 1)
    }

    @Test func anInvalidLayoutIsNotKept() {
        let recorder = LogRecorder()
        let cache = CacheFixture.cache(nil, recorder: recorder)
        cache.store(SkeletonLayout(size: CGSize(width: 10, height: 10), parts: [part(5, 5, 10, 10)]), for: CacheFixture.key())
        #expect(cache.layout(for: CacheFixture.key()) == nil)
        #expect(recorder.problems.count == 1)
    }

    @Test func orMapMapsOnlyOnAMiss() {
        let cache = CacheFixture.cache(nil)
        var maps = 0
        for _ in 0..<3 {
            #expect(cache.layout(for: CacheFixture.key()) { maps += 1; return CacheFixture.layout() } == CacheFixture.layout())
        }
        #expect(maps == 1)
    }
}

@Suite struct SkeletonLayoutCacheSwitchTests {
    @Test func debugBuildsDefaultToOffAndReleaseBuildsToOn() {
        #expect(SkeletonLayoutCache.defaultIsEnabled(isDebugBuild: true) == false)
        #expect(SkeletonLayoutCache.defaultIsEnabled(isDebugBuild: false) == true)
        #expect(CacheFixture.cache(nil, enabled: nil).isEnabled == !DebugLog.isDebugBuild)
        #expect(CacheFixture.cache(nil, enabled: true).isEnabled)
        #expect(!CacheFixture.cache(nil, enabled: false).isEnabled)
    }

    @Test func offMeansNothingIsKeptReadOrWritten() {
        let directory = TemporaryDirectory()
        let cache = CacheFixture.cache(directory.url, enabled: false)
        var maps = 0
        for _ in 0..<3 { _ = cache.layout(for: CacheFixture.key()) { maps += 1; return CacheFixture.layout() } }
        cache.recordLoad(for: CacheFixture.key())
        cache.waitUntilIdle()
        #expect(maps == 3)
        #expect(!CacheFixture.exists(CacheFixture.layoutFile(directory, CacheFixture.key())))
        #expect(cache.loadCount(for: CacheFixture.key()) == 0)
        #expect(cache.statistics.fileWrites == 0)
    }

    @Test func turningOffEmptiesMemoryAndTurningOnUsesTheFilesAgain() {
        let directory = TemporaryDirectory()
        let cache = CacheFixture.cache(directory.url)
        cache.store(CacheFixture.layout(), for: CacheFixture.key())
        cache.waitUntilIdle()
        cache.isEnabled = false
        #expect(!cache.isInMemory(CacheFixture.key()))
        #expect(cache.layout(for: CacheFixture.key()) == nil)
        cache.isEnabled = true
        #expect(cache.layout(for: CacheFixture.key()) == CacheFixture.layout())
        #expect(cache.statistics.diskHits == 1)
    }
}

@Suite struct SkeletonLayoutKeyTests {
    @Test func fileNamesAreAStableHashOfTheKey() {
        #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        // Golden: this name must not change between releases, or every cache is lost.
        #expect(CacheFixture.key().fileName == "b55656d4a77ad293")
        let names = Set([
            CacheFixture.key(), CacheFixture.key("Photo"), CacheFixture.key(direction: .rightToLeft),
            CacheFixture.key(context: LayoutContext(width: 375, displayScale: 2)),
        ].map(\.fileName))
        #expect(names.count == 4)
        #expect(names.allSatisfy { SkeletonLayoutCache.isOurFileName($0 + ".json") })
    }

    @Test func identifiersCannotForgeOtherFields() {
        let plain = SkeletonLayoutKey(identifier: "A", context: CacheFixture.context)
        let forged = SkeletonLayoutKey(identifier: "A\n1125", context: CacheFixture.context)
        #expect(plain.canonicalString != forged.canonicalString)
        let traversal = SkeletonLayoutKey(identifier: "../../etc", context: CacheFixture.context).fileName
        #expect(traversal.allSatisfy { $0.isHexDigit })
    }

    @Test func aStoredKeyComesBackOrIsRefused() {
        let key = CacheFixture.key(context: LayoutContext(width: 320.5, displayScale: 2, contentSizeCategory: .accessibilityLarge))
        #expect(StoredSkeletonLayoutKey(key).key == key)
        var broken = StoredSkeletonLayoutKey(key)
        broken.displayScale = 0
        #expect(broken.key == nil)
        broken.displayScale = 2
        broken.widthInPixels = -1
        #expect(broken.key == nil)
    }
}
