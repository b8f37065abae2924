import Foundation
import Testing
@testable import TemplateLayoutEngine

/// `UncheckedState` rests on a promise: nothing calls out while holding an access to a
/// cache's state. These sinks call back into the cache on every line they get; under
/// `TEMPLATE_LAYOUT_INTERNAL_CHECKS` (CI's second run) an overlapping access or a call-out
/// inside one traps, and the sinks see `isInsideStateAccess` false.
@Suite struct LogSinkReentryTests {
    /// A sink that, on every line (but not on the lines it causes), runs `reenter`, and
    /// records whether an access was open when the line came.
    final class ReenteringSink: @unchecked Sendable {
        // Touched only on the test's thread, from inside the sink.
        var reenter: () -> Void = {}
        var isInsideAccess: () -> Bool = { false }
        private(set) var lines = 0
        private(set) var linesInsideAnAccess = 0
        private var isReentering = false

        var log: DebugLog {
            DebugLog(isEnabled: true, reportsProblems: true, sink: DebugLogSink { [self] _ in
                lines += 1
                if isInsideAccess() { linesInsideAnAccess += 1 }
                guard !isReentering else { return }
                isReentering = true
                reenter()
                isReentering = false
            })
        }
    }

    @Test func aSinkMayCallBackIntoTheKeyedCache() {
        let sink = ReenteringSink()
        let cache = KeyedHeightCache<Int>(countLimit: 2, log: sink.log)
        sink.isInsideAccess = { cache.isInsideStateAccess }
        sink.reenter = {
            _ = cache.statistics
            cache.store(7, forKey: 99)
            _ = cache.height(forKey: 99)
            cache.invalidateHeight(forKey: 99)
        }
        cache.store(44, forKey: 1)
        _ = cache.height(forKey: 1)
        _ = cache.height(forKey: 2)
        cache.store(.nan, forKey: 3)
        cache.store(45, forKey: 2)
        cache.store(46, forKey: 3)  // evicts
        cache.countLimit = 1
        cache.switchContext(to: LayoutContext(width: 320, displayScale: 2))
        cache.invalidateHeight(forKey: 1)
        cache.invalidateAll()
        #expect(sink.lines > 20)
        #expect(sink.linesInsideAnAccess == 0)
        #expect(cache.statistics.problems == 1)
    }

    @Test func aSinkMayCallBackIntoTheIndexPathCache() {
        let sink = ReenteringSink()
        let cache = IndexPathHeightCache(log: sink.log)
        sink.isInsideAccess = { cache.isInsideStateAccess }
        sink.reenter = {
            _ = cache.statistics
            cache.store(7, at: IndexPath(row: 0, section: 9))
            _ = cache.height(section: 9, row: 0)
            cache.invalidateHeight(at: IndexPath(row: 0, section: 9))
        }
        cache.store(44, at: IndexPath(row: 0, section: 0))
        _ = cache.height(at: IndexPath(row: 0, section: 0))
        _ = cache.height(at: IndexPath(index: 3))
        _ = cache.height(of: .header, inSection: 0)
        cache.store(-1, at: IndexPath(row: 1, section: 0))
        cache.store(50, at: IndexPath(row: -1, section: 0))
        cache.apply(.insertRows([IndexPath(row: 0, section: 0)]))
        cache.apply(.deleteSections([40]))
        cache.switchContext(to: LayoutContext(width: 320, displayScale: 2))
        cache.invalidateAll()
        #expect(sink.lines > 20)
        #expect(sink.linesInsideAnAccess == 0)
        #expect(cache.statistics.problems >= 2)
    }
}
