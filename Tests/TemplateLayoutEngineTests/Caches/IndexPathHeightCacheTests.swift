import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct IndexPathHeightCacheTests {
    @Test func aStoredHeightIsReturnedBitForBit() {
        let cache = IndexPathHeightCache(context: LayoutContext(width: 320))
        let height: CGFloat = 133.0 / 3.0
        cache.store(height, at: path(2, 7))
        #expect(cache.height(at: path(2, 7)) == height)
        #expect(cache.height(section: 2, row: 7) == height)
    }

    @Test func noHeightIsDistinctFromZero() {
        let cache = IndexPathHeightCache(context: LayoutContext(width: 320))
        cache.store(0, at: path(0, 1))
        #expect(cache.height(at: path(0, 1)) == 0)
        #expect(cache.height(at: path(0, 0)) == nil)
        #expect(cache.containsHeight(at: path(0, 1)))
        #expect(!cache.containsHeight(at: path(0, 0)))
    }

    @Test func lookupsCountHitsAndMissesButContainsDoesNot() {
        let cache = IndexPathHeightCache.holding([[44]])
        _ = cache.height(at: path(0, 0))
        _ = cache.height(at: path(0, 1))
        _ = cache.containsHeight(at: path(0, 0))
        #expect(cache.statistics.hits == 1)
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.stores == 1)
        #expect(cache.statistics.hitRate == 0.5)
    }

    @Test func overwritingAHeightKeepsTheCount() {
        let cache = IndexPathHeightCache.holding([[44, 50]])
        cache.store(60, at: path(0, 0))
        #expect(cache.count == 2)
        #expect(cache.height(at: path(0, 0)) == 60)
    }

    @Test func invalidatingARowForgetsItInEveryContext() {
        let cache = IndexPathHeightCache.holding([[1, 2]], context: LayoutContext(width: 320))
        cache.switchContext(to: LayoutContext(width: 375))
        cache.fill(with: [[3, 4]])
        cache.invalidateHeight(at: path(0, 1))
        #expect(cache.grids == [[[3]], [[1]]])
        #expect(cache.statistics.invalidations == 2)
    }

    @Test func invalidatingEverythingEmptiesEveryContext() {
        let cache = IndexPathHeightCache.holding([[1, 2]], context: LayoutContext(width: 320))
        cache.switchContext(to: LayoutContext(width: 375))
        cache.fill(with: [[3]])
        cache.invalidateAll()
        #expect(cache.grids == [[], []])
        #expect(cache.statistics.invalidations == 3)
    }

    @Test func headersAndFootersMoveWithTheirSections() {
        let cache = IndexPathHeightCache.holding([[1], [2], [3]])
        cache.store(30, for: .header, inSection: 0)
        cache.store(10, for: .footer, inSection: 2)
        cache.performBatchUpdates {
            cache.moveSection(0, toSection: 2)
            cache.insertSections([0])
        }
        // New order: inserted, old 1, old 0 (moved to 2), old 2.
        #expect(cache.height(of: .header, inSection: 2) == 30)
        #expect(cache.height(of: .footer, inSection: 3) == 10)
        #expect(cache.height(of: .header, inSection: 0) == nil)
    }

    @Test func rowUpdatesLeaveHeadersAloneAndSectionReloadsForgetThem() {
        let cache = IndexPathHeightCache.holding([[1, 2]])
        cache.store(30, for: .header, inSection: 0)
        cache.deleteRows(at: paths((0, 0)))
        #expect(cache.height(of: .header, inSection: 0) == 30)
        cache.reloadSections([0])
        #expect(cache.height(of: .header, inSection: 0) == nil)
    }

    @Test func aHeaderAloneKeepsItsSectionAndIsCounted() {
        let cache = IndexPathHeightCache(context: LayoutContext(width: 320))
        cache.store(28, for: .footer, inSection: 3)
        #expect(cache.count == 1)
        cache.invalidateHeight(of: .footer, inSection: 3)
        #expect(cache.count == 0)
        #expect(cache.grid.isEmpty)
    }

    @Test func traceLinesReadLikeFDs() {
        let recorder = LogRecorder()
        let cache = IndexPathHeightCache(context: LayoutContext(width: 320), log: recorder.log(tracing: true))
        cache.store(44.5, at: path(0, 3))
        _ = cache.height(at: path(0, 3))
        _ = cache.height(at: path(1, 0))
        cache.invalidateHeight(at: path(0, 3))
        #expect(recorder.lines == [
            "** TemplateLayoutCell ** cached by index path[0:3] - 44.5",
            "** TemplateLayoutCell ** hit cache by index path[0:3] - 44.5",
            "** TemplateLayoutCell ** miss by index path[1:0]",
            "** TemplateLayoutCell ** invalidated index path[0:3] in 1 context(s)",
        ])
    }

    @Test func nothingIsLoggedWhenTracingIsOff() {
        let recorder = LogRecorder()
        let cache = IndexPathHeightCache(context: LayoutContext(width: 320),
                                         log: DebugLog(isEnabled: false, reportsProblems: false, sink: recorder.sink))
        cache.store(44, at: path(0, 0))
        _ = cache.height(at: path(0, 0))
        cache.insertRows(at: paths((0, 0)))
        #expect(recorder.lines.isEmpty)
    }

    @Test func peekingReadsHeightsWithoutCountingOrTracing() {
        let recorder = LogRecorder()
        let cache = IndexPathHeightCache(context: LayoutContext(width: 320), log: recorder.log(tracing: true))
        cache.store(44.5, at: path(0, 3))
        cache.store(20, for: .header, inSection: 0)
        let statistics = cache.statistics
        let lines = recorder.lines
        #expect(cache.peekHeight(at: path(0, 3)) == 44.5)
        #expect(cache.peekHeight(at: path(0, 4)) == nil)
        #expect(cache.peekHeight(at: IndexPath(index: 3)) == nil)
        #expect(cache.peekHeight(of: .header, inSection: 0) == 20)
        #expect(cache.peekHeight(of: .footer, inSection: 0) == nil)
        #expect(cache.statistics == statistics)
        #expect(recorder.lines == lines)
    }
}
