import Foundation
import Testing
@testable import TemplateLayoutEngine
import ReferenceTableModel

/// Issue 19: a collection view has no public `beginUpdates()`/`endUpdates()` (UIKit's
/// `UICollectionView` declares only `performBatchUpdates(_:completion:)`), so its hooks send
/// only the entry, the closure's start and end, and the return. The accounting must apply
/// the batch when the closure returns and leave nothing open, however the calls nest, and
/// forget everything when an exception leaves a call open at the turn's end.
@Suite struct CollectionBatchCallTests {
    let before: Grid = [[10, 11, 12, 13]]

    /// `UICollectionView.performBatchUpdates` as its hooks see it: no public begin or end.
    private func performBatchUpdates(_ cache: IndexPathHeightCache, _ body: () -> Void) {
        cache.track(.batchCallEntered)
        cache.track(.batchBodyStarted)
        body()
        cache.track(.batchBodyEnded)
        cache.track(.batchCallLeft)
    }

    @Test func aBatchWithoutBeginOrEndIsAppliedWhenItsClosureReturns() {
        let cache = IndexPathHeightCache.holding(before)
        #expect(cache.track(.batchCallEntered), "a call is open: the caller reports the turn's end")
        cache.track(.batchBodyStarted)
        cache.deleteItems(at: paths((0, 0)))
        cache.insertItems(at: paths((0, 3)))
        #expect(cache.grid == before, "inside the closure old index paths hold")
        cache.track(.batchBodyEnded)
        #expect(cache.grid == [[11, 12, 13]], "applied before UIKit lays the batch out")
        #expect(cache.track(.batchCallLeft) == false, "nothing open")
        #expect(!cache.hasOpenBatch)
        #expect(cache.statistics.problems == 0)
        #expect(cache.track(.turnEnded) == false)
        #expect(cache.grid == [[11, 12, 13]], "nothing forgotten at the turn's end")
        cache.insertItems(at: paths((0, 0)))
        #expect(cache.grid == [[nil, 11, 12, 13]], "the next update is applied, not recorded")
    }

    @Test func aBatchWithNoClosureLeavesNothingOpen() {
        // performBatchUpdates(nil, completion:) runs no closure.
        let cache = IndexPathHeightCache.holding(before)
        cache.track(.batchCallEntered)
        #expect(cache.track(.batchCallLeft) == false)
        #expect(cache.statistics.problems == 0)
        #expect(cache.grid == before)
    }

    @Test func nestedBatchesApplyOnceWhenTheOutermostClosureReturns() {
        let cache = IndexPathHeightCache.holding(before)
        performBatchUpdates(cache) {
            cache.insertItems(at: paths((0, 0)))
            performBatchUpdates(cache) {
                cache.deleteItems(at: paths((0, 3)))
                cache.reconfigureItems(at: paths((0, 1)))
            }
            #expect(cache.grid == [[10, nil, 12, 13]], "the inner closure's return applies nothing; the reconfigure was at once")
            #expect(cache.hasOpenBatch)
        }
        #expect(cache.grid == [[nil, 10, nil, 12]])
        #expect(!cache.hasOpenBatch)
        #expect(cache.statistics.problems == 0)
        #expect(cache.track(.turnEnded) == false)
    }

    @Test func anExceptionThrownOutOfTheClosureIsForgottenAtTheTurnsEnd() {
        let cache = IndexPathHeightCache.holding(before)
        cache.track(.batchCallEntered)
        cache.track(.batchBodyStarted)
        cache.insertItems(at: paths((0, 0)))
        // The exception unwinds through the hooks: no closure end, no return.
        #expect(cache.hasOpenBatch)
        #expect(cache.track(.turnEnded) == false)
        #expect(!cache.hasOpenBatch)
        #expect(cache.grid == [], "nobody can say what UIKit applied: every length forgotten")
        cache.fill(with: before)
        performBatchUpdates(cache) { cache.deleteItems(at: paths((0, 0))) }
        #expect(cache.grid == [[11, 12, 13]], "the next batch is applied")
    }

    @Test func anInvalidUpdateExceptionAfterTheClosureIsForgottenAtTheTurnsEnd() {
        let cache = IndexPathHeightCache.holding(before)
        cache.track(.batchCallEntered)
        cache.track(.batchBodyStarted)
        cache.insertItems(at: paths((0, 0)))
        cache.track(.batchBodyEnded)
        // UIKit rejects the batch ("invalid number of items") and throws: no return.
        #expect(cache.track(.turnEnded) == false)
        #expect(cache.grid == [], "UIKit did not apply the batch it rejected")
        cache.fill(with: before)
        performBatchUpdates(cache) { cache.insertItems(at: paths((0, 0))) }
        #expect(cache.grid == [[nil, 10, 11, 12, 13]])
    }

    @Test func anExceptionInANestedBatchIsForgottenAtTheTurnsEnd() {
        // An Objective-C outer closure catches what the inner one threw: the inner call's end
        // and return were skipped.
        let cache = IndexPathHeightCache.holding(before)
        cache.track(.batchCallEntered)
        cache.track(.batchBodyStarted)
        cache.insertItems(at: paths((0, 0)))
        cache.track(.batchCallEntered)
        cache.track(.batchBodyStarted)
        cache.deleteItems(at: paths((0, 3)))
        cache.track(.batchBodyEnded)
        cache.track(.batchCallLeft)
        #expect(cache.track(.turnEnded) == false)
        #expect(!cache.hasOpenBatch)
        #expect(cache.grid == [], "never served for the wrong items")
        cache.fill(with: before)
        performBatchUpdates(cache) { cache.insertItems(at: paths((0, 0))) }
        #expect(cache.grid == [[nil, 10, 11, 12, 13]])
    }

    @Test func anyNestingOfCollectionBatchesLeavesNothingOpen() {
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let cache = IndexPathHeightCache.holding(before)
            replayRandomBatch(cache, depth: 0, &generator)
            #expect(!cache.hasOpenBatch, "seed \(seed)")
            #expect(cache.statistics.problems == 0, "seed \(seed)")
            #expect(cache.track(.turnEnded) == false, "seed \(seed)")
            #expect(cache.grid == before, "seed \(seed): an empty batch changes nothing")
        }
    }

    private func replayRandomBatch(_ cache: IndexPathHeightCache, depth: Int, _ generator: inout SeededRandom) {
        let nested = depth < 4 && generator.chance(0.6)
        performBatchUpdates(cache) {
            if nested { replayRandomBatch(cache, depth: depth + 1, &generator) }
        }
        if depth > 0, generator.chance(0.3) { replayRandomBatch(cache, depth: depth, &generator) }
    }
}
