import Foundation
import Testing
@testable import TemplateLayoutEngine

/// The core under both caches: what it does across layout contexts, whatever the storage.
@Suite struct PerContextCacheTests {
    let a = LayoutContext(width: 100)
    let b = LayoutContext(width: 200)
    let c = LayoutContext(width: 300)

    private func core(limit: Int, log: DebugLog = DebugLog()) -> PerContextCache<KeyedHeights<Int>> {
        PerContextCache(context: a, limit: limit, empty: KeyedHeights(countLimit: nil), log: log)
    }

    @Test func aChangeReachesEveryKeptContextAndItsResultsAreSummed() {
        var core = core(limit: 3)
        _ = core.active.store(1, forKey: 1)
        core.switchContext(to: b, cache: "test cache")
        _ = core.active.store(2, forKey: 1)
        _ = core.active.store(2, forKey: 2)
        #expect(core.updateEach { $0.remove(forKey: 1) ? 1 : 0 } == 2)
        #expect(core.slots.values.map(\.count) == [1, 0])
    }

    @Test func switchingCountsWhatTheOldestContextTookAlong() {
        let recorder = LogRecorder()
        var core = core(limit: 2, log: recorder.log(tracing: true))
        _ = core.active.store(1, forKey: 1)
        _ = core.active.store(1, forKey: 2)
        core.switchContext(to: b, cache: "test cache")
        _ = core.active.store(2, forKey: 1)
        core.switchContext(to: c, cache: "test cache")
        #expect(core.contexts == [c, b])
        #expect(core.books.statistics.invalidations == 2)
        #expect(recorder.lines.last?.contains("test cache context") == true)
        #expect(recorder.lines.last?.hasSuffix("(0 heights kept, 2 dropped with the oldest context)") == true)
    }

    @Test func switchingToTheActiveContextDoesNothing() {
        let recorder = LogRecorder()
        var core = core(limit: 2, log: recorder.log(tracing: true))
        _ = core.active.store(1, forKey: 1)
        core.switchContext(to: a, cache: "test cache")
        #expect(core.active.count == 1)
        #expect(recorder.lines.isEmpty)
    }

    @Test func removingAllForgetsEveryContextAndSaysHowMany() {
        let recorder = LogRecorder()
        var core = core(limit: 3, log: recorder.log(tracing: true))
        _ = core.active.store(1, forKey: 1)
        core.switchContext(to: b, cache: "test cache")
        _ = core.active.store(2, forKey: 1)
        core.removeAll { "forgot \($0)" }
        #expect(core.slots.values.allSatisfy { $0.count == 0 })
        #expect(core.books.statistics.invalidations == 2)
        #expect(recorder.lines.last?.hasSuffix("forgot 2") == true)
    }
}
