import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Bad input never traps and never leaves a wrong height anywhere: the cache forgets what
/// it can no longer vouch for, reports why, and goes on.
@Suite struct BadInputTests {
    let before: Grid = [[10, 11, 12], [20, 21], [30, 31]]

    private func cache(_ recorder: LogRecorder) -> IndexPathHeightCache {
        let cache = IndexPathHeightCache.holding(before)
        cache.log = recorder.log()
        return cache
    }

    @Test func aNegativeRowForgetsOnlyItsSection() {
        let recorder = LogRecorder()
        let cache = cache(recorder)
        cache.deleteRows(at: paths((1, -1)))
        #expect(cache.grid == [[10, 11, 12], [], [30, 31]])
        #expect(cache.statistics.problems == 1)
        #expect(recorder.problems.first?.contains("row [1:-1] is out of range; forgetting old section 1") == true)
    }

    @Test func aNegativeSectionForgetsEverything() {
        let recorder = LogRecorder()
        let cache = cache(recorder)
        cache.moveSection(-1, toSection: 0)
        #expect(cache.grid.isEmpty)
        #expect(recorder.problems.first?.contains("section -1 is out of range") == true)
    }

    @Test func aRowDeletedTwiceForgetsItsSection() {
        let cache = cache(LogRecorder())
        cache.performBatchUpdates {
            cache.deleteRows(at: paths((0, 1)))
            cache.deleteRows(at: paths((0, 1)))
            cache.deleteRows(at: paths((2, 0)))
        }
        #expect(cache.grid == [[], [20, 21], [31]])
    }

    @Test func aRowDeletedAndReloadedForgetsItsSection() {
        let cache = cache(LogRecorder())
        cache.apply(batch: [.deleteRows(paths((2, 0))), .reloadRows(paths((2, 0)))])
        #expect(cache.grid == [[10, 11, 12], [20, 21]])
    }

    @Test func twoRowsInsertedAtTheSameIndexPathForgetTheirSection() {
        let cache = cache(LogRecorder())
        cache.insertRows(at: paths((0, 0), (0, 0)))
        #expect(cache.grid == [[], [20, 21], [30, 31]])
    }

    @Test func aRowMovedTwiceForgetsBothEndsOfEachMove() {
        let cache = cache(LogRecorder())
        cache.apply(batch: [.moveRow(path(0, 0), to: path(1, 0)), .moveRow(path(0, 0), to: path(2, 2))])
        // Old section 0 and new sections 1 and 2 are forgotten: that is every section.
        #expect(cache.grid.isEmpty)
        #expect(cache.count == 0)
    }

    @Test func twoRowsMovedToTheSameIndexPathForgetBothEnds() {
        let cache = cache(LogRecorder())
        cache.apply(batch: [.moveRow(path(0, 0), to: path(1, 0)), .moveRow(path(2, 1), to: path(1, 0))])
        // Old sections 0 and 2 and new section 1 are forgotten: that is every section.
        #expect(cache.grid.isEmpty)
    }

    @Test func aRowMovedOutOfADeletedSectionArrivesWithoutAHeight() {
        let recorder = LogRecorder()
        let cache = cache(recorder)
        cache.apply(batch: [.deleteSections([1]), .moveRow(path(1, 0), to: path(0, 0))])
        #expect(cache.grid == [[nil, 10, 11, 12], [30, 31]])
        #expect(recorder.problems.count == 1)
    }

    @Test func aSectionDeletedTwiceInOneBatchForgetsEverything() {
        let cache = cache(LogRecorder())
        cache.performBatchUpdates {
            cache.deleteSections([1])
            cache.deleteSections([1])
        }
        #expect(cache.grid.isEmpty)
    }

    @Test func aSectionDeletedAndMovedForgetsEverything() {
        let cache = cache(LogRecorder())
        cache.apply(batch: [.deleteSections([0]), .moveSection(0, to: 1)])
        #expect(cache.grid.isEmpty)
    }

    @Test func twoSectionsMovedToTheSameIndexForgetEverything() {
        let cache = cache(LogRecorder())
        cache.apply(batch: [.insertSections([1]), .moveSection(0, to: 1)])
        #expect(cache.grid.isEmpty)
    }

    @Test func anIndexPathThatIsNotSectionAndRowForgetsEverything() {
        let recorder = LogRecorder()
        let cache = cache(recorder)
        cache.insertRows(at: [IndexPath(indexes: [0, 1, 2])])
        #expect(cache.grid.isEmpty)
        #expect(recorder.problems.first?.contains("is not a section and a row") == true)
    }

    @Test func anAbsurdRowIsOutOfRangeAndAllocatesNothing() {
        let cache = cache(LogRecorder())
        cache.moveRow(at: path(0, 0), to: path(0, Int.max))
        cache.store(50, at: path(0, 1 << 40))
        #expect(cache.grid == [[], [20, 21], [30, 31]])
        #expect(cache.statistics.problems == 2)
    }

    @Test func anAbsurdSectionIsOutOfRange() {
        let cache = cache(LogRecorder())
        cache.insertSections([IndexLimits.sections])
        #expect(cache.grid.isEmpty)
    }

    @Test func endUpdatesWithoutBeginUpdatesIsReportedAndIgnored() {
        let recorder = LogRecorder()
        let cache = cache(recorder)
        cache.endUpdates()
        cache.insertRows(at: paths((0, 0)))
        #expect(cache.grid == [[nil, 10, 11, 12], [20, 21], [30, 31]])
        #expect(recorder.problems.first?.contains("endUpdates without beginUpdates") == true)
    }

    @Test(arguments: [CGFloat.nan, -1, .infinity, -.infinity])
    func anInvalidHeightIsNotStored(height: CGFloat) {
        let recorder = LogRecorder()
        let cache = cache(recorder)
        cache.store(height, at: path(0, 0))
        cache.store(height, for: .header, inSection: 0)
        #expect(cache.height(at: path(0, 0)) == 10)
        #expect(cache.height(of: .header, inSection: 0) == nil)
        #expect(cache.statistics.problems == 2)
        #expect(recorder.problems.allSatisfy { $0.contains("a height must be finite and not negative") })
    }

    @Test func negativeIndexesAreMissesNotCrashes() {
        let cache = cache(LogRecorder())
        #expect(cache.height(at: path(-1, 0)) == nil)
        #expect(cache.height(at: path(0, -1)) == nil)
        #expect(cache.height(at: IndexPath(index: 3)) == nil)
        #expect(cache.height(of: .footer, inSection: -2) == nil)
        #expect(!cache.containsHeight(at: path(-1, -1)))
        cache.invalidateHeight(at: path(-1, 0))
        cache.invalidateHeight(of: .header, inSection: -1)
        #expect(cache.grid == before)
    }

    @Test func problemsAreReportedInDebugBuildsWithoutTracing() {
        #expect(DebugLog().reportsProblems == DebugLog.isDebugBuild)
        let recorder = LogRecorder()
        let cache = IndexPathHeightCache.holding(before)
        cache.log = DebugLog(isEnabled: false, reportsProblems: true, sink: recorder.sink)
        cache.store(1, at: path(0, 0))
        cache.store(.nan, at: path(0, 0))
        #expect(recorder.lines.count == 1)
        #expect(recorder.lines.first?.hasPrefix("** TemplateLayoutCell ** warning: ") == true)
    }
}
