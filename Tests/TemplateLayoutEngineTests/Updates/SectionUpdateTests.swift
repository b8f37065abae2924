import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Each section operation alone, outside a batch.
@Suite struct SectionUpdateTests {
    let before: Grid = [[1, 2], [3], [4, 5], [6]]

    @Test func insertingASectionShiftsTheSectionsAfterIt() {
        let cache = IndexPathHeightCache.holding(before)
        cache.insertSections([1])
        #expect(cache.grid == [[1, 2], [], [3], [4, 5], [6]])
    }

    @Test func insertingSeveralSectionsPlacesEachAtItsNewIndex() {
        let cache = IndexPathHeightCache.holding(before)
        cache.insertSections([0, 2, 6])
        #expect(cache.grid == [[], [1, 2], [], [3], [4, 5], [6]])
    }

    @Test func insertingPastTheStoredSectionsChangesNothingStored() {
        let cache = IndexPathHeightCache.holding(before)
        cache.insertSections([10])
        #expect(cache.grid == before)
    }

    @Test func deletingASectionDropsItsHeightsAndShiftsTheRest() {
        let cache = IndexPathHeightCache.holding(before)
        cache.deleteSections([1])
        #expect(cache.grid == [[1, 2], [4, 5], [6]])
        #expect(cache.statistics.invalidations == 1)
    }

    @Test func deletingSeveralSectionsUsesOldIndexes() {
        let cache = IndexPathHeightCache.holding(before)
        cache.deleteSections([0, 2])
        #expect(cache.grid == [[3], [6]])
    }

    @Test func reloadingASectionForgetsItAndKeepsItsPlace() {
        let cache = IndexPathHeightCache.holding(before)
        cache.reloadSections([2])
        #expect(cache.grid == [[1, 2], [3], [], [6]])
    }

    @Test func movingASectionDownCarriesItsRows() {
        let cache = IndexPathHeightCache.holding(before)
        cache.moveSection(0, toSection: 2)
        #expect(cache.grid == [[3], [4, 5], [1, 2], [6]])
    }

    @Test func movingASectionUpCarriesItsRows() {
        let cache = IndexPathHeightCache.holding(before)
        cache.moveSection(3, toSection: 0)
        #expect(cache.grid == [[6], [1, 2], [3], [4, 5]])
    }

    @Test func movingASectionToItsOwnIndexChangesNothing() {
        let cache = IndexPathHeightCache.holding(before)
        cache.moveSection(1, toSection: 1)
        #expect(cache.grid == before)
    }

    @Test func movingASectionPastTheStoredOnesKeepsItsHeights() {
        let cache = IndexPathHeightCache.holding(before)
        cache.moveSection(0, toSection: 6)
        #expect(cache.grid == [[3], [4, 5], [6], [], [], [], [1, 2]])
    }

    @Test func deletingEveryStoredSectionLeavesAnEmptyCache() {
        let cache = IndexPathHeightCache.holding(before)
        cache.deleteSections([0, 1, 2, 3])
        #expect(cache.grid.isEmpty)
        #expect(cache.count == 0)
        #expect(cache.statistics.invalidations == 6)
    }
}
