import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 14, item 1: `reconfigureRows(at:)` (iOS 15) forgets the heights of the rows whose
/// content changed, alone and inside batches. Review 18: at once, on the rows as displayed
/// (UIKit carries it out when called), not as a batch item.
@Suite struct ReconfigureRowsTests {
    let before: Grid = [[10, 11, 12, 13], [20, 21, 22]]

    @Test func reconfiguringRowsForgetsTheirHeightsInPlace() {
        let cache = IndexPathHeightCache.holding(before)
        cache.reconfigureRows(at: paths((0, 1), (1, 2)))
        #expect(cache.grid == [[10, nil, 12, 13], [20, 21]])
    }

    @Test func insideABatchReconfiguredRowsAreNamedByTheirOldIndexPathsLikeReloads() {
        let reconfigured = IndexPathHeightCache.holding(before)
        reconfigured.performBatchUpdates {
            reconfigured.insertRows(at: paths((0, 0)))
            reconfigured.reconfigureRows(at: paths((0, 2)))
        }
        let reloaded = IndexPathHeightCache.holding(before)
        reloaded.performBatchUpdates {
            reloaded.insertRows(at: paths((0, 0)))
            reloaded.reloadRows(at: paths((0, 2)))
        }
        // Old row 2 (12) is forgotten; the insert shifts the others down by one.
        #expect(reconfigured.grid == [[nil, 10, 11, nil, 13], [20, 21, 22]])
        #expect(reconfigured.grid == reloaded.grid)
    }

    /// Review 18, F1: UIKit carries a reconfigure out at once, so it is no batch item. An edited
    /// item that a diffable apply also re-sorts arrives as a reconfigure and a move of the
    /// same old row: valid, not a row "used twice" that forgets the sections.
    @Test func aRowReconfiguredAndMovedInOneBatchMovesWithoutItsHeightAndNothingElseIsForgotten() {
        let cache = IndexPathHeightCache.holding(before)
        cache.performBatchUpdates {
            cache.reconfigureRows(at: paths((0, 0)))
            cache.moveRow(at: IndexPath(indexes: [0, 0]), to: IndexPath(indexes: [0, 3]))
        }
        #expect(cache.grid == [[11, 12, 13], [20, 21, 22]])
        #expect(cache.statistics.problems == 0)
    }

    @Test func aRowReconfiguredTwiceOrAlsoDeletedOrReloadedInOneBatchIsNoProblem() {
        let cache = IndexPathHeightCache.holding(before)
        cache.performBatchUpdates {
            cache.reconfigureRows(at: paths((0, 1)))
            cache.reconfigureRows(at: paths((0, 1)))
            cache.reconfigureRows(at: paths((1, 0)))
            cache.deleteRows(at: paths((1, 0)))
            cache.reconfigureRows(at: paths((0, 3)))
            cache.reloadRows(at: paths((0, 3)))
        }
        #expect(cache.grid == [[10, nil, 12], [21, 22]])
        #expect(cache.statistics.problems == 0)
    }

    @Test func reconfiguringAnIndexPathPastTheStoredRowsOrNotARowForgetsNothing() {
        let cache = IndexPathHeightCache.holding(before)
        cache.reconfigureRows(at: paths((0, 9), (7, 0)) + [IndexPath(index: 1), IndexPath(indexes: [-1, -1])])
        #expect(cache.grid == before)
    }

    @Test func reconfiguringReachesEveryKeptContext() {
        let cache = IndexPathHeightCache.holding(before)
        cache.switchContext(to: LayoutContext(width: 400))
        cache.fill(with: before)
        cache.reconfigureRows(at: paths((0, 0)))
        #expect(cache.grids.allSatisfy { $0[0].first == .some(nil) }, "\(cache.grids)")
    }
}
