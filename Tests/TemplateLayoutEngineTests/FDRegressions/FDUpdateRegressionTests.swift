import Foundation
import Testing
@testable import TemplateLayoutEngine

/// FDTemplateLayoutCell's update bugs (forkingdog/UITableView-FDTemplateLayoutCell issue
/// numbers), each a test that fails under FD's behaviour. FD's behaviour is described in
/// each test so the difference is plain.
@Suite("FDTemplateLayoutCell update regressions")
struct FDUpdateRegressionTests {
    /// FD removed the sections of one `deleteSections:` call one by one in ascending order,
    /// so after the first removal every later index named the wrong section: deleting
    /// {1, 3} of five sections removed old sections 1 and 4.
    @Test("FD #416, #54: deleting several sections in one call removes exactly those")
    func fd416_deletingSeveralSectionsInOneCallRemovesExactlyThoseSections() {
        let cache = IndexPathHeightCache.holding([[0], [1], [2], [3], [4]])
        cache.deleteSections([1, 3])
        // FD: [[0], [2], [3]]
        #expect(cache.grid == [[0], [2], [4]])
    }

    /// The same FD loop ran past the end when the deleted sections were the last ones:
    /// removing old sections 3 and 4 of five removed index 3, then index 4 of four.
    @Test("FD #416: deleting the last sections together does not run past the end")
    func fd416_deletingTheLastSectionsTogetherDoesNotRunPastTheEnd() {
        let cache = IndexPathHeightCache.holding([[0], [1], [2], [3], [4]])
        cache.deleteSections([3, 4])
        // FD: NSRangeException.
        #expect(cache.grid == [[0], [1], [2]])
    }

    /// FD exchanged the two positions of a section move: moving section 0 to 2 of
    /// [A, B, C] gave [C, B, A] instead of [B, C, A].
    @Test("FD #193: moveSection is a move, not a swap")
    func fd193_moveSectionIsAMoveNotASwap() {
        let cache = IndexPathHeightCache.holding([[10], [20], [30]])
        cache.moveSection(0, toSection: 2)
        // FD: [[30], [20], [10]]
        #expect(cache.grid == [[20], [30], [10]])
    }

    /// Same for rows: FD swapped the source and destination heights.
    @Test("FD #193: moveRow is a move, not a swap")
    func fd193_moveRowIsAMoveNotASwap() {
        let cache = IndexPathHeightCache.holding([[10, 11, 12, 13]])
        cache.moveRow(at: path(0, 0), to: path(0, 3))
        // FD: [[13, 11, 12, 10]]
        #expect(cache.grid == [[11, 12, 13, 10]])
    }

    /// FD inserted the index paths of one call in the caller's order. Inserting new rows
    /// 3 and 5 given as [5, 3] put the old row 4 at row 5, a new row's place.
    @Test("FD #16: rows inserted in any order land at their new index paths")
    func fd16_rowsInsertedInAnyOrderLandAtTheirNewIndexPaths() {
        let ascending = IndexPathHeightCache.holding([[0, 1, 2, 3, 4, 5]])
        ascending.insertRows(at: paths((0, 3), (0, 5)))
        let descending = IndexPathHeightCache.holding([[0, 1, 2, 3, 4, 5]])
        descending.insertRows(at: paths((0, 5), (0, 3)))
        // FD, descending: [[0, 1, 2, nil, 3, 4, nil, 5]], so row 5 (new) got 4's height.
        #expect(descending.grid == [[0, 1, 2, nil, 3, nil, 4, 5]])
        #expect(descending.grid == ascending.grid)
        #expect(descending.height(at: path(0, 5)) == nil)
    }

    /// The same with sections, which is how NSFetchedResultsController reports changes.
    @Test("FD #16: sections inserted in any order land at their new indexes")
    func fd16_sectionsInsertedInAnyOrderLandAtTheirNewIndexes() {
        let cache = IndexPathHeightCache.holding([[0], [1], [2]])
        cache.performBatchUpdates {
            cache.insertSections([3])
            cache.insertSections([1])
        }
        #expect(cache.grid == [[0], [], [1], [], [2]])
    }

    /// FD applied each call of a batch at once, in call order. UIKit resolves deletes and
    /// reloads against the old index paths and inserts against the new ones. Calling
    /// insert [0:0] then delete [0:2] (old) in one batch made FD delete old row 1.
    @Test("FD #366: a mixed batch is resolved with UIKit's index spaces, not call order")
    func fd366_aMixedBatchIsResolvedWithUIKitsIndexSpaces() {
        let cache = IndexPathHeightCache.holding([[10, 11, 12, 13]])
        cache.performBatchUpdates {
            cache.insertRows(at: paths((0, 0)))
            cache.deleteRows(at: paths((0, 2)))
        }
        // FD: [[nil, 10, 12, 13]], so old row 2's slot kept 12 and 11 was lost.
        #expect(cache.grid == [[nil, 10, 11, 13]])
    }

    /// A reload inside a batch names an old index path too.
    @Test("FD #366: a reload in a batch names the old index path")
    func fd366_aReloadInABatchNamesTheOldIndexPath() {
        let cache = IndexPathHeightCache.holding([[10, 11, 12]])
        cache.performBatchUpdates {
            cache.insertRows(at: paths((0, 0)))
            cache.reloadRows(at: paths((0, 1)))
        }
        // FD: [[nil, nil, 11, 12]], forgetting 10 and keeping the reloaded 11.
        #expect(cache.grid == [[nil, 10, nil, 12]])
    }

    /// FD's storage asserted in Foundation before UIKit could: removing past the end of
    /// its arrays, inserting past their end, moving into ranges it never built. Each of
    /// these is a no-op on what is stored (or forgets what it touches), never a trap.
    @Test("FD #46, #122, #141, #197, #219, #20, #40, #57: out-of-range updates never trap")
    func fd46_outOfRangeUpdatesNeverTrap() {
        let cache = IndexPathHeightCache.holding([[10, 11], [20]])
        cache.deleteRows(at: paths((0, 5), (3, 0)))
        cache.reloadRows(at: paths((7, 7)))
        cache.insertRows(at: paths((9, 4)))
        cache.insertSections([8])
        cache.deleteSections([5, 6])
        cache.reloadSections([9])
        #expect(cache.grid == [[10, 11], [20]])
        cache.moveRow(at: path(0, 9), to: path(1, 0))
        #expect(cache.grid == [[10, 11], [nil, 20]])
        cache.moveSection(7, toSection: 0)
        #expect(cache.grid == [[], [10, 11], [nil, 20]])
        cache.deleteRows(at: paths((0, -1)))
        #expect(cache.grid == [[], [10, 11], [nil, 20]])
        #expect(cache.statistics.problems == 1)
    }

    /// Abandoned Swift ports moved rows in a copy of a value-typed section, so the move
    /// never reached the cache; every kept context must see every update.
    @Test("Swift ports: a move reaches every kept context, not a copy")
    func swiftPorts_aMoveReachesEveryKeptContext() {
        let cache = IndexPathHeightCache.holding([[1, 2]], context: LayoutContext(width: 320))
        cache.switchContext(to: LayoutContext(width: 568))
        cache.fill(with: [[3, 4]])
        cache.moveRow(at: path(0, 0), to: path(0, 1))
        #expect(cache.grids == [[[4, 3]], [[2, 1]]])
    }

    /// Swift ports sorted multi-deletes with comparators that were not strict orderings;
    /// the order of the index paths given must not matter at all.
    @Test("Swift ports: multi-deletes do not depend on the order given")
    func swiftPorts_multiDeletesDoNotDependOnTheOrderGiven() {
        let doomed = paths((0, 4), (0, 0), (1, 1), (0, 2), (1, 0))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let cache = IndexPathHeightCache.holding([[0, 1, 2, 3, 4, 5], [10, 11, 12]])
            cache.deleteRows(at: doomed.shuffled(using: &generator))
            #expect(cache.grid == [[1, 3, 5], [12]])
        }
    }
}
