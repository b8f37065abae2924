import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Batches: UIKit resolves deletes, reloads and move sources against the old index paths
/// and inserts and move destinations against the new ones, whatever the call order.
@Suite struct BatchSemanticsTests {
    let before: Grid = [[10, 11, 12, 13], [20, 21, 22], [30, 31]]

    /// A batch touching every kind of update, and its result worked out by hand:
    /// old section 1 is deleted; old section 2 moves to new 0; in old section 0, row 1 is
    /// deleted, row 2 reloaded, row 3 moved to new [0:1] (inside the moved section);
    /// a row is inserted at new [1:0].
    let mixedBatch: [TableUpdate] = [
        .deleteSections([1]),
        .moveSection(2, to: 0),
        .deleteRows(paths((0, 1))),
        .reloadRows(paths((0, 2))),
        .moveRow(path(0, 3), to: path(0, 1)),
        .insertRows(paths((1, 0))),
    ]
    let mixedResult: Grid = [[30, 13, 31], [nil, 10, nil]]

    @Test func aMixedBatchResolvesEachIndexInItsOwnSpace() {
        let cache = IndexPathHeightCache.holding(before)
        cache.apply(batch: mixedBatch)
        #expect(cache.grid == trimmed(mixedResult))
    }

    @Test func theOrderOfCallsInABatchDoesNotMatter() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let cache = IndexPathHeightCache.holding(before)
            cache.apply(batch: mixedBatch.shuffled(using: &generator))
            #expect(cache.grid == trimmed(mixedResult))
        }
    }

    @Test func theOrderOfIndexPathsInOneCallDoesNotMatter() {
        let ascending = IndexPathHeightCache.holding(before)
        ascending.performBatchUpdates {
            ascending.insertRows(at: paths((0, 0), (0, 2), (1, 1)))
            ascending.deleteRows(at: paths((0, 0), (0, 3)))
        }
        let scrambled = IndexPathHeightCache.holding(before)
        scrambled.performBatchUpdates {
            scrambled.deleteRows(at: paths((0, 3), (0, 0)))
            scrambled.insertRows(at: paths((1, 1), (0, 2), (0, 0)))
        }
        #expect(ascending.grid == [[nil, 11, nil, 12], [20, nil, 21, 22], [30, 31]])
        #expect(scrambled.grid == ascending.grid)
    }

    @Test func beginAndEndUpdatesApplyTheBatchAtTheEnd() {
        let cache = IndexPathHeightCache.holding(before)
        cache.beginUpdates()
        cache.insertRows(at: paths((0, 0)))
        cache.deleteRows(at: paths((0, 0)))
        // Nothing moves until the batch ends: UIKit asks no heights in between.
        #expect(cache.grid == before)
        cache.endUpdates()
        // Delete old [0:0], insert new [0:0]: the new row has no height, 11 stays at [0:1].
        #expect(cache.grid == [[nil, 11, 12, 13], [20, 21, 22], [30, 31]])
    }

    @Test func nestedBatchesApplyOnceAtTheOutermostEnd() {
        let cache = IndexPathHeightCache.holding(before)
        cache.beginUpdates()
        cache.deleteRows(at: paths((0, 0)))
        cache.performBatchUpdates {
            cache.insertRows(at: paths((0, 0)))
            cache.beginUpdates()
            cache.moveSection(2, toSection: 0)
            cache.endUpdates()
        }
        #expect(cache.grid == before)
        cache.endUpdates()
        // The insert names new [0:0], which is in old section 2, now first; the delete
        // names old [0:0], in old section 0, now second.
        #expect(cache.grid == [[nil, 30, 31], [11, 12, 13], [20, 21, 22]])
    }

    @Test func rowsInsertedIntoAnInsertedSectionHaveNoHeight() {
        let cache = IndexPathHeightCache.holding(before)
        cache.performBatchUpdates {
            cache.insertSections([1])
            cache.insertRows(at: paths((1, 0), (1, 1)))
            cache.insertRows(at: paths((2, 0)))
        }
        #expect(cache.grid == [[10, 11, 12, 13], [], [nil, 20, 21, 22], [30, 31]])
    }

    @Test func aRowMovedIntoAnInsertedSectionKeepsItsHeight() {
        let cache = IndexPathHeightCache.holding(before)
        cache.performBatchUpdates {
            cache.insertSections([0])
            cache.moveRow(at: path(2, 1), to: path(0, 1))
        }
        #expect(cache.grid == [[nil, 31], [10, 11, 12, 13], [20, 21, 22], [30]])
    }

    @Test func rowChangesInAMovedSectionUseItsOldIndexForOldPathsAndItsNewIndexForNewOnes() {
        let cache = IndexPathHeightCache.holding(before)
        cache.performBatchUpdates {
            cache.moveSection(0, toSection: 2)
            cache.deleteRows(at: paths((0, 0)))
            cache.insertRows(at: paths((2, 3)))
        }
        #expect(cache.grid == [[20, 21, 22], [30, 31], [11, 12, 13]])
    }

    @Test func reloadingASectionInABatchWithMovesAroundIt() {
        let cache = IndexPathHeightCache.holding(before)
        cache.performBatchUpdates {
            cache.reloadSections([1])
            cache.moveSection(2, toSection: 0)
            cache.deleteRows(at: paths((0, 0)))
        }
        #expect(cache.grid == trimmed([[30, 31], [11, 12, 13], []]))
    }

    @Test func everyKeptLayoutContextIsKeptAligned() {
        let narrow = LayoutContext(width: 320)
        let wide = LayoutContext(width: 414)
        let cache = IndexPathHeightCache.holding([[1, 2, 3]], context: narrow)
        cache.switchContext(to: wide)
        cache.fill(with: [[101, 102, 103]])
        cache.apply(batch: [.moveRow(path(0, 0), to: path(0, 2)), .insertRows(paths((0, 0)))])
        // The moved row takes new [0:2], the inserted one new [0:0]; 2 and 3 fill the rest.
        #expect(cache.grids == [[[nil, 102, 101, 103]], [[nil, 2, 1, 3]]])
        cache.switchContext(to: narrow)
        #expect(cache.height(at: path(0, 2)) == 1)
    }

    @Test func reloadDataForgetsEverythingAndDropsAnOpenBatch() {
        let cache = IndexPathHeightCache.holding(before)
        cache.beginUpdates()
        cache.insertRows(at: paths((0, 0)))
        cache.reloadData()
        cache.fill(with: [[1]])
        cache.endUpdates()
        #expect(cache.grid == [[1]])
    }

    @Test func anEmptyBatchChangesNothing() {
        let cache = IndexPathHeightCache.holding(before)
        cache.performBatchUpdates {}
        cache.apply(batch: [.insertRows([]), .deleteSections([])])
        #expect(cache.grid == before)
        #expect(cache.statistics.invalidations == 0)
    }

    @Test func automaticInvalidationCanBeTurnedOff() {
        let cache = IndexPathHeightCache.holding(before)
        cache.automaticallyInvalidates = false
        cache.deleteSections([0])
        cache.reloadData()
        #expect(cache.grid == before)
    }
}
