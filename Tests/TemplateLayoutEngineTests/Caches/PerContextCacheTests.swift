import Foundation
import Testing
@testable import TemplateLayoutEngine

/// The core under both caches: what it does across layout contexts, whatever the storage.
/// It counts and traces nothing itself (it lives inside its owner's state access); its
/// owners count and trace what it returns.
@Suite struct PerContextCacheTests {
    let a = LayoutContext(width: 100)
    let b = LayoutContext(width: 200)
    let c = LayoutContext(width: 300)

    private func core(limit: Int) -> PerContextCache<KeyedHeights<Int>> {
        PerContextCache(context: a, limit: limit, empty: KeyedHeights(countLimit: nil), log: DebugLog())
    }

    @Test func aChangeReachesEveryKeptContextAndItsResultsAreSummed() {
        var core = core(limit: 3)
        _ = core.active.store(1, forKey: 1)
        _ = core.switchContext(to: b)
        _ = core.active.store(2, forKey: 1)
        _ = core.active.store(2, forKey: 2)
        #expect(core.updateEach { $0.remove(forKey: 1) ? 1 : 0 } == 2)
        #expect(core.slots.values.map(\.count) == [1, 0])
    }

    @Test func switchingSaysWhatTheOldestContextTookAlong() {
        var core = core(limit: 2)
        _ = core.active.store(1, forKey: 1)
        _ = core.active.store(1, forKey: 2)
        _ = core.switchContext(to: b)
        _ = core.active.store(2, forKey: 1)
        let change = core.switchContext(to: c)
        #expect(core.contexts == [c, b])
        #expect(change?.previous == b)
        #expect(change?.context == c)
        #expect(change?.kept == 0)
        #expect(change?.dropped == 2)
    }

    @Test func switchingToTheActiveContextDoesNothing() {
        var core = core(limit: 2)
        _ = core.active.store(1, forKey: 1)
        #expect(core.switchContext(to: a) == nil)
        #expect(core.active.count == 1)
    }

    @Test func removingAllForgetsEveryContextAndSaysHowMany() {
        var core = core(limit: 3)
        _ = core.active.store(1, forKey: 1)
        _ = core.switchContext(to: b)
        _ = core.active.store(2, forKey: 1)
        #expect(core.removeAll() == 2)
        #expect(core.slots.values.allSatisfy { $0.count == 0 })
    }

    @Test func theOwnerCountsAndTracesASwitchAfterItsAccessEnds() {
        let recorder = LogRecorder()
        let cache = KeyedHeightCache<Int>(context: a, contextLimit: 2, log: recorder.log(tracing: true))
        cache.store(1, forKey: 1)
        cache.store(1, forKey: 2)
        cache.switchContext(to: b)
        cache.store(2, forKey: 1)
        cache.switchContext(to: c)
        #expect(cache.statistics.invalidations == 2)
        #expect(recorder.lines.last?.contains("keyed cache context") == true)
        #expect(recorder.lines.last?.hasSuffix("(0 heights kept, 2 dropped with the oldest context)") == true)
    }
}
