import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct KeyedHeightCacheTests {
    @Test func aStoredHeightIsFoundByItsKey() {
        let cache = KeyedHeightCache<String>(context: LayoutContext(width: 320))
        cache.store(80, forKey: "a")
        #expect(cache.height(forKey: "a") == 80)
        #expect(cache.height(forKey: "b") == nil)
        #expect(cache.statistics.hits == 1)
        #expect(cache.statistics.misses == 1)
    }

    @Test func zeroIsAHeight() {
        let cache = KeyedHeightCache<Int>(context: LayoutContext(width: 320))
        cache.store(0, forKey: 1)
        #expect(cache.height(forKey: 1) == 0)
        #expect(cache.containsHeight(forKey: 1))
    }

    @Test func theCountLimitEvictsTheLeastRecentlyUsed() {
        let cache = KeyedHeightCache<Int>(context: LayoutContext(width: 320), countLimit: 3)
        for key in 1...3 { cache.store(CGFloat(key), forKey: key) }
        _ = cache.height(forKey: 1)  // 1 is now the most recently used
        cache.store(4, forKey: 4)    // evicts 2
        #expect(!cache.containsHeight(forKey: 2))
        #expect(cache.entries.map(\.key) == [3, 1, 4])
        #expect(cache.statistics.invalidations == 1)
    }

    @Test func containsIsNotAUse() {
        let cache = KeyedHeightCache<Int>(context: LayoutContext(width: 320), countLimit: 2)
        cache.store(1, forKey: 1)
        cache.store(2, forKey: 2)
        _ = cache.containsHeight(forKey: 1)
        cache.store(3, forKey: 3)
        #expect(!cache.containsHeight(forKey: 1))
    }

    @Test func loweringTheCountLimitEvictsAtOnce() {
        let cache = KeyedHeightCache<Int>(context: LayoutContext(width: 320))
        for key in 0..<10 { cache.store(CGFloat(key), forKey: key) }
        cache.countLimit = 4
        #expect(cache.entries.map(\.key) == [6, 7, 8, 9])
        #expect(cache.countLimit == 4)
        cache.countLimit = 0
        #expect(cache.countLimit == 1)
        #expect(cache.count == 1)
    }

    @Test func invalidatingAKeyForgetsItInEveryContext() {
        let cache = KeyedHeightCache<String>(context: LayoutContext(width: 320))
        cache.store(1, forKey: "a")
        cache.switchContext(to: LayoutContext(width: 375))
        cache.store(2, forKey: "a")
        cache.invalidateHeight(forKey: "a")
        #expect(!cache.containsHeight(forKey: "a"))
        cache.switchContext(to: LayoutContext(width: 320))
        #expect(!cache.containsHeight(forKey: "a"))
        #expect(cache.statistics.invalidations == 2)
    }

    @Test func eachContextKeepsItsOwnHeights() {
        let cache = KeyedHeightCache<String>(context: LayoutContext(width: 320), contextLimit: 2)
        cache.store(100, forKey: "a")
        cache.switchContext(to: LayoutContext(width: 375))
        #expect(cache.height(forKey: "a") == nil)
        cache.store(80, forKey: "a")
        cache.switchContext(to: LayoutContext(width: 320))
        #expect(cache.height(forKey: "a") == 100)
        // A third context drops the least recently used one (375).
        cache.switchContext(to: LayoutContext(width: 414))
        cache.switchContext(to: LayoutContext(width: 375))
        #expect(cache.height(forKey: "a") == nil)
        // 375 was dropped for 414, then 320 for 375: one height each.
        #expect(cache.statistics.invalidations == 2)
    }

    @Test(arguments: [CGFloat.nan, -0.5, .infinity])
    func anInvalidHeightIsNotStored(height: CGFloat) {
        let recorder = LogRecorder()
        let cache = KeyedHeightCache<String>(context: LayoutContext(width: 320), log: recorder.log())
        cache.store(height, forKey: "a")
        #expect(!cache.containsHeight(forKey: "a"))
        #expect(cache.statistics.problems == 1)
        #expect(recorder.problems.count == 1)
    }

    @Test func traceLinesReadLikeFDs() {
        let recorder = LogRecorder()
        let cache = KeyedHeightCache<AnyHashable>(context: LayoutContext(width: 320), log: recorder.log(tracing: true))
        cache.store(80, forKey: AnyHashable(42))
        _ = cache.height(forKey: AnyHashable(42))
        #expect(recorder.lines == [
            "** TemplateLayoutCell ** cached by key[42] - 80",
            "** TemplateLayoutCell ** hit cache by key[42] - 80",
        ])
    }

    @Test func peekingIsNeitherALookupNorAUse() {
        let recorder = LogRecorder()
        let cache = KeyedHeightCache<Int>(context: LayoutContext(width: 320), countLimit: 2, log: recorder.log(tracing: true))
        cache.store(1, forKey: 1)
        cache.store(2, forKey: 2)
        let statistics = cache.statistics
        let lines = recorder.lines
        #expect(cache.peekHeight(forKey: 1) == 1)
        #expect(cache.peekHeight(forKey: 9) == nil)
        #expect(cache.statistics == statistics)
        #expect(recorder.lines == lines)
        cache.store(3, forKey: 3)  // 1 is still the least recently used
        #expect(cache.peekHeight(forKey: 1) == nil)
    }
}
