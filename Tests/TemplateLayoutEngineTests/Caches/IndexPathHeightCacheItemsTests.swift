import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 19: a collection view's item updates, in `UICollectionView`'s spellings, do to the
/// cache exactly what the row updates do.
@Suite struct IndexPathHeightCacheItemsTests {
    let before: Grid = [[10, 11, 12, 13], [20, 21]]

    /// The grid after `items` and after `rows`, each applied to a fresh cache holding `before`.
    private func both(_ items: (IndexPathHeightCache) -> Void, _ rows: (IndexPathHeightCache) -> Void) -> (Grid, Grid) {
        let itemCache = IndexPathHeightCache.holding(before, context: LayoutContext(height: 32, displayScale: 2))
        let rowCache = IndexPathHeightCache.holding(before, context: LayoutContext(height: 32, displayScale: 2))
        items(itemCache)
        rows(rowCache)
        return (itemCache.grid, rowCache.grid)
    }

    @Test func insertingItemsShiftsLikeInsertingRows() {
        let (items, rows) = both({ $0.insertItems(at: paths((0, 1), (1, 0))) }, { $0.insertRows(at: paths((0, 1), (1, 0))) })
        #expect(items == [[10, nil, 11, 12, 13], [nil, 20, 21]])
        #expect(items == rows)
    }

    @Test func deletingItemsShiftsLikeDeletingRows() {
        let (items, rows) = both({ $0.deleteItems(at: paths((0, 0), (1, 1))) }, { $0.deleteRows(at: paths((0, 0), (1, 1))) })
        #expect(items == [[11, 12, 13], [20]])
        #expect(items == rows)
    }

    @Test func reloadingItemsForgetsThemLikeReloadingRows() {
        let (items, rows) = both({ $0.reloadItems(at: paths((0, 2))) }, { $0.reloadRows(at: paths((0, 2))) })
        #expect(items == [[10, 11, nil, 13], [20, 21]])
        #expect(items == rows)
    }

    @Test func movingAnItemCarriesItsLengthLikeMovingARow() {
        let (items, rows) = both({ $0.moveItem(at: path(0, 0), to: path(1, 1)) }, { $0.moveRow(at: path(0, 0), to: path(1, 1)) })
        #expect(items == [[11, 12, 13], [20, 10, 21]])
        #expect(items == rows)
    }

    @Test func reconfiguringItemsForgetsAtOnceEvenInsideABatch() {
        let cache = IndexPathHeightCache.holding(before)
        cache.performBatchUpdates {
            cache.insertItems(at: paths((0, 0)))
            cache.reconfigureItems(at: paths((0, 1)))
            #expect(cache.grid == [[10, nil, 12, 13], [20, 21]], "forgotten now, by the index path as displayed")
        }
        #expect(cache.grid == [[nil, 10, nil, 12, 13], [20, 21]], "the insert applies as usual")
    }

    @Test func aBatchOfItemUpdatesAppliesWithUIKitsSemantics() {
        let cache = IndexPathHeightCache.holding(before)
        cache.performBatchUpdates {
            cache.deleteItems(at: paths((0, 0)))
            cache.insertItems(at: paths((0, 0)))
            cache.moveItem(at: path(1, 0), to: path(0, 1))
            #expect(cache.grid == before, "inside the batch old index paths hold")
        }
        // Deletes name old paths, inserts and move destinations new ones.
        #expect(cache.grid == [[nil, 20, 11, 12, 13], [21]])
    }
}
