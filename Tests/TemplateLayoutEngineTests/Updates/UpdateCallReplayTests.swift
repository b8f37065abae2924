import Foundation
import Testing
@testable import TemplateLayoutEngine
import ReferenceTableModel

/// Issue 17, item A: the calls a table's hooks intercept, replayed in the order UIKit makes
/// them (shared/reviews/2026-11-23-uikit-behaviour.md, Q1 to Q3, from UIKitCore 18.2 and
/// 26.1). UIKit's `performBatchUpdates` sends the public `beginUpdates()` and closes with a
/// private method; counting the public pair left every table inside a batch for good, so
/// the next insert was recorded and never applied.
@Suite struct UpdateCallReplayTests {
    let before: Grid = [[10, 11, 12, 13]]

    /// `performBatchUpdates` as UIKit runs it: entry, the public `beginUpdates()`, the
    /// closure, the private end (not intercepted), the return.
    private func performBatchUpdates(_ cache: IndexPathHeightCache, _ body: () -> Void) {
        startBatchClosure(cache)
        body()
        cache.track(.batchBodyEnded)
        cache.track(.batchCallLeft)
    }

    /// `performBatchUpdates` as far as its closure's start: entry, the public `beginUpdates()`,
    /// the closure.
    private func startBatchClosure(_ cache: IndexPathHeightCache) {
        cache.track(.batchCallEntered)
        cache.track(.beginUpdates)
        cache.track(.batchBodyStarted)
    }

    @Test func aPerformBatchUpdatesThatClosesPrivatelyLeavesNoBatchOpen() {
        let cache = IndexPathHeightCache.holding(before)
        performBatchUpdates(cache) { cache.insertRows(at: paths((0, 0))) }
        #expect(cache.grid == [[nil, 10, 11, 12, 13]])
        #expect(!cache.hasOpenBatch)

        cache.insertRows(at: paths((0, 0)))
        #expect(cache.grid == [[nil, nil, 10, 11, 12, 13]], "the next insert is applied, not recorded")
    }

    @Test func theBatchIsAppliedWhenTheClosureReturnsBeforeUIKitResolvesIt() {
        let cache = IndexPathHeightCache.holding(before)
        startBatchClosure(cache)
        cache.deleteRows(at: paths((0, 0)))
        #expect(cache.grid == before, "inside the closure old index paths hold")
        cache.track(.batchBodyEnded)
        #expect(cache.grid == [[11, 12, 13]], "applied before UIKit's end asks for heights")
        #expect(cache.track(.batchCallLeft) == false)
    }

    /// UICollectionView's `performBatchUpdates` (UIKitCore 26.1) opens and closes privately:
    /// the hooks see only its entry, closure and return, never a public `beginUpdates()`.
    @Test func aBatchWithoutThePublicBeginUpdatesAppliesWhenItsClosureReturns() {
        let cache = IndexPathHeightCache.holding(before)
        cache.track(.batchCallEntered)
        cache.track(.batchBodyStarted)
        cache.deleteRows(at: paths((0, 0)))
        cache.insertRows(at: paths((0, 2)))
        #expect(cache.grid == before, "inside the closure old index paths hold")
        cache.track(.batchBodyEnded)
        #expect(cache.grid == [[11, 12, nil, 13]])
        #expect(cache.track(.batchCallLeft) == false, "nothing is left open for the turn's end")
        #expect(cache.statistics.problems == 0)
        cache.insertRows(at: paths((0, 0)))
        #expect(cache.grid == [[nil, 11, 12, nil, 13]], "the next insert is applied, not recorded")
    }

    @Test func aVersionThatClosesWithThePublicEndUpdatesIsBalancedToo() {
        let cache = IndexPathHeightCache.holding(before)
        startBatchClosure(cache)
        cache.insertRows(at: paths((0, 1)))
        cache.track(.batchBodyEnded)
        cache.track(.endUpdates)
        cache.track(.batchCallLeft)
        #expect(cache.statistics.problems == 0)
        cache.deleteRows(at: paths((0, 0)))
        #expect(cache.grid == [[nil, 11, 12, 13]])
    }

    @Test func nestedBatchesApplyOnceWhenTheOutermostClosureReturns() {
        let cache = IndexPathHeightCache.holding(before)
        performBatchUpdates(cache) {
            cache.insertRows(at: paths((0, 0)))
            performBatchUpdates(cache) { cache.deleteRows(at: paths((0, 3))) }
            #expect(cache.grid == before, "the inner closure's return applies nothing")
        }
        // One batch: delete old row 3, insert new row 0.
        #expect(cache.grid == [[nil, 10, 11, 12]])
        #expect(!cache.hasOpenBatch)
    }

    @Test func theAppsOwnBeginAndEndUpdatesMakeOneBatch() {
        let cache = IndexPathHeightCache.holding(before)
        cache.track(.beginUpdates)
        cache.insertRows(at: paths((0, 0)))
        cache.deleteRows(at: paths((0, 0)))
        #expect(cache.grid == before)
        cache.track(.endUpdates)
        // Old row 0 deleted, a new row 0 inserted: batch semantics, not call order.
        #expect(cache.grid == [[nil, 11, 12, 13]])
        #expect(cache.track(.turnEnded) == false)
    }

    @Test func aPerformBatchUpdatesInsideTheAppsBeginAndEndJoinsItsBatch() {
        let cache = IndexPathHeightCache.holding(before)
        cache.track(.beginUpdates)
        performBatchUpdates(cache) { cache.insertRows(at: paths((0, 0))) }
        cache.deleteRows(at: paths((0, 0)))
        #expect(cache.grid == before, "still inside the app's batch")
        cache.track(.endUpdates)
        #expect(cache.grid == [[nil, 11, 12, 13]])
        #expect(!cache.hasOpenBatch)
    }

    @Test func theAppsBeginAndEndInsideAClosureNestInItsBatch() {
        let cache = IndexPathHeightCache.holding(before)
        performBatchUpdates(cache) {
            cache.track(.beginUpdates)
            cache.insertRows(at: paths((0, 0)))
            cache.track(.endUpdates)
            #expect(cache.grid == before)
        }
        #expect(cache.grid == [[nil, 10, 11, 12, 13]])
        #expect(cache.statistics.problems == 0)
    }

    @Test func aReconfigureInsideABatchIsNamedByItsOldIndexPath() {
        let cache = IndexPathHeightCache.holding(before)
        performBatchUpdates(cache) {
            cache.insertRows(at: paths((0, 0)))
            cache.reconfigureRows(at: paths((0, 1)))
        }
        #expect(cache.grid == [[nil, 10, nil, 12, 13]])
    }

    /// A diffable data source's apply sends the row and section methods inside UIKit's own
    /// batch. UIKitCore 26.1's updater opens it with the public `performBatchUpdates` (review
    /// 18b), which the accounting owns; should a version open it with a bare public
    /// `beginUpdates()` and close it privately, at the turn's end the cache forgets
    /// everything rather than keep heights for rows it cannot place.
    @Test func aDiffableApplyWhoseBatchIsOpenedPubliclyAndClosedPrivatelyIsForgottenAtTheTurnsEnd() {
        let cache = IndexPathHeightCache.holding(before)
        #expect(cache.track(.beginUpdates), "a call is open: the caller reports the turn's end")
        cache.reloadSections([])
        cache.deleteRows(at: paths((0, 3)))
        cache.insertRows(at: paths((0, 0)))
        #expect(cache.track(.turnEnded) == false)
        #expect(cache.grid == [], "every height forgotten")
        #expect(!cache.hasOpenBatch)
        cache.fill(with: before)
        cache.insertRows(at: paths((0, 0)))
        #expect(cache.grid == [[nil, 10, 11, 12, 13]], "later updates apply again")
    }

    @Test func aDiffableApplyWithoutThePublicBeginAppliesEachCall() {
        let cache = IndexPathHeightCache.holding(before)
        cache.deleteRows(at: paths((0, 3)))
        cache.insertRows(at: paths((0, 0)))
        #expect(cache.grid == [[nil, 10, 11, 12]])
        #expect(cache.track(.turnEnded) == false)
        #expect(cache.grid == [[nil, 10, 11, 12]], "nothing open, nothing forgotten")
    }

    @Test func anExceptionThrownOutOfTheClosureIsForgottenAtTheTurnsEnd() {
        let cache = IndexPathHeightCache.holding(before)
        startBatchClosure(cache)
        cache.insertRows(at: paths((0, 0)))
        // The exception unwinds through the hooks: no closure end, no return.
        #expect(cache.hasOpenBatch)
        #expect(cache.track(.turnEnded) == false)
        #expect(!cache.hasOpenBatch)
        #expect(cache.grid == [])
        cache.fill(with: before)
        performBatchUpdates(cache) { cache.deleteRows(at: paths((0, 0))) }
        #expect(cache.grid == [[11, 12, 13]], "the next batch is applied")
    }

    @Test func anInvalidUpdateExceptionFromUIKitsEndIsForgottenAtTheTurnsEnd() {
        let cache = IndexPathHeightCache.holding(before)
        startBatchClosure(cache)
        cache.insertRows(at: paths((0, 0)))
        cache.track(.batchBodyEnded)
        // UIKit's private end throws "invalid number of rows": no return.
        cache.track(.turnEnded)
        #expect(cache.grid == [], "UIKit did not apply the batch it rejected: nothing kept can be placed")
        cache.fill(with: before)
        cache.track(.beginUpdates)
        cache.insertRows(at: paths((0, 0)))
        cache.track(.endUpdates)
        #expect(cache.grid == [[nil, 10, 11, 12, 13]], "an app batch after it is not taken for UIKit's own")
    }

    @Test func anEndUpdatesWithNothingOpenIsReportedAndIgnored() {
        let cache = IndexPathHeightCache.holding(before)
        cache.track(.endUpdates)
        #expect(cache.statistics.problems == 1)
        #expect(cache.grid == before)
        cache.insertRows(at: paths((0, 0)))
        #expect(cache.grid == [[nil, 10, 11, 12, 13]])
    }

    @Test func aBeginUpdatesLeftOpenInsideAClosureIsClosedWithIt() {
        let cache = IndexPathHeightCache.holding(before)
        performBatchUpdates(cache) {
            cache.track(.beginUpdates)
            cache.insertRows(at: paths((0, 0)))
        }
        #expect(cache.grid == [[nil, 10, 11, 12, 13]])
        #expect(!cache.hasOpenBatch)
        #expect(cache.statistics.problems == 1, "reported")
    }

    @Test func anyNestingOfBatchesAndPairsLeavesNothingOpen() {
        // Any well-nested mix of performBatchUpdates and the app's pairs leaves nothing open.
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let cache = IndexPathHeightCache.holding(before)
            replayRandomBatch(cache, depth: 0, &generator)
            #expect(!cache.hasOpenBatch, "seed \(seed)")
            #expect(cache.statistics.problems == 0, "seed \(seed)")
            #expect(cache.track(.turnEnded) == false, "seed \(seed)")
        }
    }

    private func replayRandomBatch(_ cache: IndexPathHeightCache, depth: Int, _ generator: inout SeededRandom) {
        let nested = depth < 3 && generator.chance(0.5)
        let body: (inout SeededRandom) -> Void = { generator in
            if nested { self.replayRandomBatch(cache, depth: depth + 1, &generator) }
        }
        if generator.chance(0.5) {
            performBatchUpdates(cache) { body(&generator) }
        } else {
            cache.track(.beginUpdates)
            body(&generator)
            cache.track(.endUpdates)
        }
    }
}
