import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Each row operation alone, outside a batch.
@Suite struct RowUpdateTests {
    let before: Grid = [[10, 11, 12, 13], [20, 21, 22]]

    @Test func insertingARowShiftsTheRowsAfterIt() {
        let cache = IndexPathHeightCache.holding(before)
        cache.insertRows(at: paths((0, 1)))
        #expect(cache.grid == [[10, nil, 11, 12, 13], [20, 21, 22]])
    }

    @Test func insertingRowsInSeveralSectionsAtOnce() {
        let cache = IndexPathHeightCache.holding(before)
        cache.insertRows(at: paths((1, 0), (0, 4), (0, 0)))
        // New rows take new [0:0] and [0:4]; the old rows fill the other places in order.
        #expect(cache.grid == [[nil, 10, 11, 12, nil, 13], [nil, 20, 21, 22]])
    }

    @Test func insertingAtTheEndOfTheStoredRowsChangesNothingStored() {
        let cache = IndexPathHeightCache.holding(before)
        cache.insertRows(at: paths((0, 4), (0, 9)))
        #expect(cache.grid == before)
    }

    @Test func deletingRowsUsesOldIndexPaths() {
        let cache = IndexPathHeightCache.holding(before)
        cache.deleteRows(at: paths((0, 1), (0, 3), (1, 0)))
        #expect(cache.grid == [[10, 12], [21, 22]])
        #expect(cache.statistics.invalidations == 3)
    }

    @Test func deletingRowsPastTheStoredOnesChangesNothingStored() {
        let cache = IndexPathHeightCache.holding(before)
        cache.deleteRows(at: paths((0, 7), (5, 0)))
        #expect(cache.grid == before)
    }

    @Test func reloadingRowsForgetsThemInPlace() {
        let cache = IndexPathHeightCache.holding(before)
        cache.reloadRows(at: paths((0, 2), (1, 2)))
        #expect(cache.grid == [[10, 11, nil, 13], [20, 21]])
    }

    @Test func movingARowDownWithinASection() {
        let cache = IndexPathHeightCache.holding(before)
        cache.moveRow(at: path(0, 0), to: path(0, 2))
        #expect(cache.grid == [[11, 12, 10, 13], [20, 21, 22]])
    }

    @Test func movingARowUpWithinASection() {
        let cache = IndexPathHeightCache.holding(before)
        cache.moveRow(at: path(0, 3), to: path(0, 1))
        #expect(cache.grid == [[10, 13, 11, 12], [20, 21, 22]])
    }

    @Test func movingARowToAnotherSection() {
        let cache = IndexPathHeightCache.holding(before)
        cache.moveRow(at: path(0, 1), to: path(1, 3))
        #expect(cache.grid == [[10, 12, 13], [20, 21, 22, 11]])
    }

    @Test func movingARowPastTheStoredRowsKeepsItsHeight() {
        let cache = IndexPathHeightCache.holding(before)
        cache.moveRow(at: path(1, 0), to: path(1, 5))
        #expect(cache.grid == [[10, 11, 12, 13], [21, 22, nil, nil, nil, 20]])
    }

    @Test func movingARowWithoutAHeightLeavesAHole() {
        let cache = IndexPathHeightCache.holding([[10, nil, 12]])
        cache.moveRow(at: path(0, 1), to: path(0, 0))
        #expect(cache.grid == [[nil, 10, 12]])
    }

    @Test func aRowUpdateLeavesOtherSectionsUncopied() {
        let cache = IndexPathHeightCache.holding(before)
        let untouched = cache.core.active.sections[1].rows
        cache.insertRows(at: paths((0, 0)))
        // Sections without row changes are carried over, not rebuilt.
        let carried = cache.core.active.sections[1].rows
        #expect(untouched.withUnsafeBufferPointer { $0.baseAddress } == carried.withUnsafeBufferPointer { $0.baseAddress })
    }
}
