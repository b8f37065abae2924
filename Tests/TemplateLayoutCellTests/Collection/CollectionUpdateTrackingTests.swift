#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// A collection view's index-path sizes follow UIKit's real update methods, on real
/// collection views with a flow layout: each test changes the model, calls the method, and
/// reads where the seeded sentinel sizes went.
final class CollectionUpdateTrackingTests: XCTestCase {
    private func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }
    private let s = CollectionUpdateFixture.sentinel

    @MainActor
    private func fixture(_ sections: [[String]]) -> CollectionUpdateFixture {
        let fixture = CollectionUpdateFixture(sections: sections)
        fixture.seedSentinelSizes()
        return fixture
    }

    @MainActor
    func testItemInsertsDeletesAndMovesMoveTheCachedSizesWithTheirItems() {
        let f = fixture([["a", "b", "c", "d"]])
        f.update {
            f.sections[0].insert("x", at: 1)
            f.collectionView.insertItems(at: [path(0, 1)])
        }
        XCTAssertEqual(f.cachedSizes(section: 0), [s(0, 0), nil, s(0, 1), s(0, 2), s(0, 3)], "insert shifts the rest")

        f.update {
            f.sections[0].remove(at: 0)
            f.collectionView.deleteItems(at: [path(0, 0)])
        }
        XCTAssertEqual(f.cachedSizes(section: 0), [nil, s(0, 1), s(0, 2), s(0, 3)], "delete drops the item's size")

        f.update {
            let item = f.sections[0].remove(at: 1)
            f.sections[0].insert(item, at: 3)
            f.collectionView.moveItem(at: path(0, 1), to: path(0, 3))
        }
        XCTAssertEqual(f.cachedSizes(section: 0), [nil, s(0, 2), s(0, 3), s(0, 1)], "the moved item keeps its size")

        f.update { f.collectionView.reloadItems(at: [path(0, 2)]) }
        XCTAssertEqual(f.cachedSizes(section: 0), [nil, s(0, 2), nil, s(0, 1)], "a reloaded item is measured again")
    }

    @MainActor
    func testSectionInsertsDeletesReloadsAndMovesMoveTheCachedSizesWithTheirSections() {
        let f = fixture([["a", "b"], ["c"], ["d", "e"]])
        f.update {
            f.sections.insert(["new"], at: 0)
            f.collectionView.insertSections([0])
        }
        XCTAssertEqual(f.cachedSizes(section: 1), [s(0, 0), s(0, 1)])
        XCTAssertEqual(f.cachedSizes(section: 3), [s(2, 0), s(2, 1)])

        f.update {
            f.sections.remove(at: 2)
            f.collectionView.deleteSections([2])
        }
        XCTAssertEqual(f.cachedSizes(section: 2), [s(2, 0), s(2, 1)], "the section after the deleted one moved up")

        f.update {
            let section = f.sections.remove(at: 2)
            f.sections.insert(section, at: 0)
            f.collectionView.moveSection(2, toSection: 0)
        }
        XCTAssertEqual(f.cachedSizes(section: 0), [s(2, 0), s(2, 1)])
        XCTAssertEqual(f.cachedSizes(section: 2), [s(0, 0), s(0, 1)])

        f.update { f.collectionView.reloadSections([2]) }
        XCTAssertEqual(f.cachedSizes(section: 2), [nil, nil], "a reloaded section is measured again")
        XCTAssertEqual(f.cachedSizes(section: 0), [s(2, 0), s(2, 1)])
    }

    /// UIKit sends no public begin or end inside `performBatchUpdates`: the closure is the
    /// batch, applied with UIKit's semantics (deletes and reloads name old index paths,
    /// inserts new ones) whatever order the calls come in.
    @MainActor
    func testPerformBatchUpdatesAppliesAMixWithUIKitsSemantics() {
        let f = fixture([["a", "b", "c", "d"], ["e", "f"]])
        var ranUpdates = false
        f.update {
            f.collectionView.performBatchUpdates({
                ranUpdates = true
                f.sections[0] = ["x", "b", "c", "d"]      // reload a (old 0)
                f.sections[0].remove(at: 2)              // delete c (old 2)
                f.sections[0].insert("y", at: 0)         // insert y (new 0)
                f.sections[1].remove(at: 0)              // delete e (old 1.0)
                f.collectionView.insertItems(at: [self.path(0, 0)])
                f.collectionView.reloadItems(at: [self.path(0, 0)])
                f.collectionView.deleteItems(at: [self.path(0, 2), self.path(1, 0)])
                XCTAssertTrue(f.collectionView.collectionLayoutState.sizes.indexPaths.hasOpenBatch, "the closure is the batch")
            }, completion: nil)
        }
        XCTAssertTrue(ranUpdates)
        XCTAssertEqual(f.sections, [["y", "x", "b", "d"], ["f"]])
        XCTAssertEqual(f.cachedSizes(section: 0), [nil, nil, s(0, 1), s(0, 3)])
        XCTAssertEqual(f.cachedSizes(section: 1), [s(1, 1)])
        XCTAssertFalse(f.collectionView.collectionLayoutState.sizes.indexPaths.hasOpenBatch, "nothing is left open")

        f.update {
            f.sections[0].insert("z", at: 0)
            f.collectionView.insertItems(at: [path(0, 0)])
        }
        XCTAssertEqual(f.cachedSizes(section: 0), [nil, nil, nil, s(0, 1), s(0, 3)], "the next update is applied at once")
    }

    @MainActor
    func testReloadDataForgetsIndexPathSizesAndKeepsKeyedSizes() {
        let f = fixture([["a", "b"]])
        let sizes = f.collectionView.collectionLayoutState.sizes
        sizes.store(77, for: .key("a"))
        f.update { f.collectionView.reloadData() }
        XCTAssertEqual(f.cachedSizes(section: 0), [nil, nil])
        XCTAssertEqual(f.collectionView.collectionLayoutState.sizes.cachedHeight(for: .key("a")), 77)
    }

    /// A reconfigure keeps the cell, and a layout keeps the size it has: the size is
    /// forgotten at once and the flow layout asked for it again on the next turn.
    @MainActor
    func testReconfigureForgetsAtOnceAndAsksTheLayoutAgainOnTheNextTurn() {
        let f = fixture([["a", "b", "c"]])
        f.update { f.collectionView.reconfigureItems(at: [path(0, 1)]) }
        XCTAssertEqual(f.cachedSizes(section: 0), [s(0, 0), nil, s(0, 2)], "forgotten when the call returns")

        let before = f.layout.invalidations.count
        let turned = expectation(description: "the main queue turned")
        DispatchQueue.main.async { turned.fulfill() }
        wait(for: [turned], timeout: 2)
        let asked = f.layout.invalidations[before...].contains { $0.metrics && $0.items.contains(self.path(0, 1)) }
        XCTAssertTrue(asked, "the flow layout was asked for the reconfigured item's size again")
    }

    /// Review 19c, F5: an item reconfigured, then an insert above it in the same turn: the
    /// index path the pending request named is another item's now, so the next turn asks for
    /// every size (no item named). Before the fix it named (0, 1), "a", which was not the
    /// item reconfigured, and the reconfigured one, now at (0, 2), kept its stale size.
    @MainActor
    func testASizeRequestPendingAcrossAnUpdateAsksForEveryItem() {
        let f = fixture([["a", "b", "c"]])
        f.update {
            f.collectionView.reconfigureItems(at: [path(0, 1)])
            f.sections[0].insert("new", at: 0)
            f.collectionView.insertItems(at: [path(0, 0)])
        }
        let before = f.layout.invalidations.count
        let turned = expectation(description: "the main queue turned")
        DispatchQueue.main.async { turned.fulfill() }
        wait(for: [turned], timeout: 2)

        let asks = f.layout.invalidations[before...].filter(\.metrics)
        XCTAssertTrue(asks.contains { $0.items.isEmpty }, "the flow layout was asked for every item again")
        XCTAssertFalse(asks.contains { $0.items == [self.path(0, 1)] }, "not for a position that moved: \(asks.map(\.items))")
    }

    @MainActor
    func testAnItemMovedInteractivelyKeepsItsSizeWithoutCallingMoveItem() {
        let f = fixture([["a", "b", "c", "d"], ["x"]])
        f.collectionView(f.collectionView, moveItemAt: path(0, 0), to: path(0, 2))
        XCTAssertEqual(f.sections[0], ["b", "c", "a", "d"])
        XCTAssertEqual(f.cachedSizes(section: 0), [s(0, 1), s(0, 2), s(0, 0), s(0, 3)])

        f.collectionView(f.collectionView, moveItemAt: path(0, 3), to: path(1, 0))
        XCTAssertEqual(f.cachedSizes(section: 0), [s(0, 1), s(0, 2), s(0, 0)])
        XCTAssertEqual(f.cachedSizes(section: 1), [s(0, 3), s(1, 0)])
    }

    /// Bad input gets the engine's answer: reported, the sections involved forgotten, no trap.
    @MainActor
    func testANegativeItemInAnInteractiveMoveIsReportedAndForgetsOnlyItsSection() {
        let f = fixture([["a", "b"], ["x"]])
        let problems = f.collectionView.collectionLayoutState.sizes.indexPaths.statistics.problems
        f.collectionView.fd_didMoveItem(at: path(0, -1), to: path(0, 0))
        XCTAssertEqual(f.collectionView.collectionLayoutState.sizes.indexPaths.statistics.problems, problems + 1)
        XCTAssertEqual(f.cachedSizes(section: 0), [nil, nil])
        XCTAssertEqual(f.cachedSizes(section: 1), [s(1, 0)])
    }

    /// The tracking is on `UICollectionView` (another test's state installed it), yet a view
    /// that never used the package gets no state from its updates.
    @MainActor
    func testAViewThatNeverUsedThePackageIsUntouched() {
        _ = fixture([["a"]])
        XCTAssertTrue(CollectionUpdateTracking.installed)
        let untouched = CollectionUpdateFixture(sections: [["a", "b"]])
        untouched.update {
            untouched.sections[0].insert("c", at: 0)
            untouched.collectionView.insertItems(at: [path(0, 0)])
            untouched.collectionView.performBatchUpdates({}, completion: nil)
            untouched.collectionView.reloadData()
        }
        XCTAssertNil(untouched.collectionView.existingCollectionLayoutState)
        XCTAssertEqual(untouched.collectionView.numberOfItems(inSection: 0), 3, "UIKit's methods ran")
    }

    /// Another library's hook on the same selector, installed before and after the tracking,
    /// still sees UIKit's selector and reaches the base method once.
    @MainActor
    func testHooksInstalledBeforeAndAfterSeeTheirOwnSelectorAndReachTheBaseOnce() {
        let counter = CallCounter()
        let viewClass = RuntimeCollectionViewClass.counting(counter)
        CollectionDZNStyleHooks.before.resetReceived()
        CollectionDZNStyleHooks.after.resetReceived()
        CollectionDZNStyleHooks.install(CollectionDZNStyleHooks.before, on: viewClass)
        CollectionUpdateTracking.install(on: viewClass)
        CollectionDZNStyleHooks.install(CollectionDZNStyleHooks.after, on: viewClass)
        let view = RuntimeCollectionViewClass.seededView(of: viewClass)

        view.insertItems(at: [path(0, 0)])
        XCTAssertEqual(counter.count(RuntimeCollectionViewClass.insertItems), 1, "the base method ran once")
        XCTAssertEqual(RuntimeCollectionViewClass.sizes(view, items: 4), [nil, 1000, 1001, 1002])

        view.performBatchUpdates({ view.insertItems(at: [self.path(0, 0)]) }, completion: nil)
        XCTAssertEqual(counter.count(RuntimeCollectionViewClass.performBatchUpdates), 1)
        XCTAssertEqual(RuntimeCollectionViewClass.sizes(view, items: 5), [nil, nil, 1000, 1001, 1002])

        view.reloadData()
        XCTAssertEqual(counter.count(RuntimeCollectionViewClass.reloadData), 1)
        XCTAssertEqual(RuntimeCollectionViewClass.sizes(view, items: 5), [nil, nil, nil, nil, nil])

        let expected = ["insertItemsAtIndexPaths:", "insertItemsAtIndexPaths:", "reloadData"]
        XCTAssertEqual(CollectionDZNStyleHooks.before.receivedSelectors, expected)
        XCTAssertEqual(CollectionDZNStyleHooks.after.receivedSelectors, expected)
    }

    /// The base methods do not call `UICollectionView`'s: without the tracking on the class
    /// nothing moves, which is what the hook test above relies on.
    @MainActor
    func testSizesMoveOnlyThroughTheTrackingInstalledOnTheClass() {
        let counter = CallCounter()
        let view = RuntimeCollectionViewClass.seededView(of: RuntimeCollectionViewClass.counting(counter))
        view.insertItems(at: [path(0, 0)])
        XCTAssertEqual(counter.count(RuntimeCollectionViewClass.insertItems), 1)
        XCTAssertEqual(RuntimeCollectionViewClass.sizes(view, items: 3), [1000, 1001, 1002])
    }
}
#endif
