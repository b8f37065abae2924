import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct QuickSemanticsTests {
    @Test func mixedBatch() {
        let cache = IndexPathHeightCache.holding([[10, 11, 12, 13], [20, 21]])
        cache.performBatchUpdates {
            cache.insertRows(at: paths((0, 0)))
            cache.deleteRows(at: paths((0, 2)))
            cache.moveRow(at: path(1, 1), to: path(0, 1))
        }
        #expect(cache.grid == [[nil, 21, 10, 11, 13], [20]])
    }
}
