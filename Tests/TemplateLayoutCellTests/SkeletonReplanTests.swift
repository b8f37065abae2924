#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell
@testable import TemplateLayoutEngine

/// Extras review C1, C4 and L3: a skeleton shown before its table has its final geometry is
/// planned again once it has one; the layout cache counts loads under the keys the cells
/// use; a live window resize plans once, when it ends. They run in Xcode; on Linux they are
/// type-checked only.
final class SkeletonReplanTests: XCTestCase {
    private typealias Fixture = RecordingTableFixture

    @MainActor
    private static func configuration(rowCount: Int? = nil, cache: SkeletonLayoutCache? = nil) -> SkeletonConfiguration {
        SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: rowCount, layoutCache: cache) { cell in
            (cell as? LabelCell)?.label.text = TableFixture.text(2)
        }
    }

    /// `viewDidLoad` with Auto Layout: the table has zero bounds and no window when the
    /// skeleton shows; Auto Layout then gives it its size and it goes on screen.
    @MainActor
    func testASkeletonShownBeforeLayoutFillsTheViewportAtMeasuredHeightsOnceLaidOut() throws {
        let cache = SkeletonLayoutCache(directory: nil, appVersion: "1", isEnabled: true)
        let fixture = Fixture(rowCount: 0, size: .zero)
        let table = fixture.table
        table.fd_showSkeleton(Self.configuration(cache: cache))
        let early = try XCTUnwrap(table.layoutState.skeleton?.plan)
        XCTAssertEqual(early.numberOfRows(inSection: 0), 1, "precondition: nothing to fill yet")

        table.frame = CGRect(x: 0, y: 0, width: 320, height: 600)
        fixture.hostInWindow()
        let filled = spinMainRunLoop(timeout: 2) { (table.layoutState.skeleton?.plan.numberOfRows(inSection: 0) ?? 0) > 1 }
        XCTAssertTrue(filled, "planned again once the table had a width and a height")
        table.layoutIfNeeded()

        let plan = try XCTUnwrap(table.layoutState.skeleton?.plan)
        let measured = fixture.uncachedHeight(of: TableFixture.text(2))
        XCTAssertEqual(plan.height(at: IndexPath(row: 0, section: 0)), measured, "the placeholder measured at 320 points")
        XCTAssertGreaterThanOrEqual(plan.totalHeight, table.visibleContentHeight, "the rows fill the viewport")
        XCTAssertEqual(table.numberOfRows(inSection: 0), plan.numberOfRows(inSection: 0), "and the table shows them")
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).height, measured)
        let context = table.layoutState.refreshGeometry(of: table).layoutContext
        XCTAssertEqual(cache.loadCount(for: SkeletonLayoutKey(identifier: Fixture.cellIdentifier, context: context)), 1,
                       "the load is counted under the key the cells were mapped with")
        table.fd_hideSkeleton(animated: false)
    }

    /// Review 19b, C2: a screen loaded, its skeleton shown, and pushed after the placeholder
    /// was let go (the placeholder watch's patience ran out). Its cells are mapped with empty
    /// labels; before the fix that mapping went into the shared cache, and every later show of
    /// the key, across launches, drew no text bars.
    @MainActor
    func testCellsMappedAfterThePlaceholderWasReleasedAreNotShared() throws {
        let cache = SkeletonLayoutCache(directory: nil, appVersion: "1", isEnabled: true)
        let fixture = Fixture(rowCount: 0, size: CGSize(width: 320, height: 600))
        let table = fixture.table
        table.fd_showSkeleton(Self.configuration(rowCount: 3, cache: cache))
        try XCTUnwrap(table.layoutState.skeleton).dropPlaceholder()

        fixture.hostInWindow()
        table.layoutIfNeeded()
        XCTAssertGreaterThan(table.visibleCells.count, 0, "precondition: skeleton cells were configured and mapped")
        spinMainRunLoop(timeout: 0.2)

        let context = table.layoutState.refreshGeometry(of: table).layoutContext
        XCTAssertNil(cache.layoutInMemory(for: SkeletonLayoutKey(identifier: Fixture.cellIdentifier, context: context)),
                     "a mapping of cells without their placeholder is not shared")
        table.fd_hideSkeleton(animated: false)
    }

    /// A sheet pulled from its medium to its large detent: same width, more height.
    @MainActor
    func testATallerTableIsFilledAgain() throws {
        let fixture = Fixture(rowCount: 0, size: CGSize(width: 320, height: 200))
        fixture.hostInWindow()
        let table = fixture.table
        table.fd_showSkeleton(Self.configuration())
        table.layoutIfNeeded()
        let short = try XCTUnwrap(table.layoutState.skeleton?.plan)

        fixture.window?.frame.size.height = 700
        table.frame.size.height = 700
        fixture.window?.layoutIfNeeded()
        table.layoutIfNeeded()

        let refilled = spinMainRunLoop(timeout: 2) {
            (table.layoutState.skeleton?.plan.numberOfRows(inSection: 0) ?? 0) > short.numberOfRows(inSection: 0)
        }
        XCTAssertTrue(refilled, "the rows fill the new height")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(table.layoutState.skeleton?.plan).totalHeight, table.visibleContentHeight)
        table.fd_hideSkeleton(animated: false)
    }

    /// A right-to-left app: its cells lay out right to left, and so are their skeleton
    /// layouts keyed; the warm-up's count must name that key.
    @MainActor
    func testTheLayoutCacheCountsOneLoadPerShowUnderTheKeyTheCellsUse() throws {
        let cache = SkeletonLayoutCache(directory: nil, appVersion: "1", isEnabled: true)
        let fixture = Fixture(rowCount: 0)
        fixture.hostInWindow()
        let table = fixture.table
        let context = table.layoutState.refreshGeometry(of: table).layoutContext
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: 3, layoutCache: cache) { cell in
            cell.semanticContentAttribute = .forceRightToLeft // as an app laid out right to left
            (cell as? LabelCell)?.label.text = TableFixture.text(2)
        })
        table.layoutIfNeeded()

        let rightToLeft = SkeletonLayoutKey(identifier: Fixture.cellIdentifier, context: context, direction: .rightToLeft)
        let leftToRight = SkeletonLayoutKey(identifier: Fixture.cellIdentifier, context: context, direction: .leftToRight)
        cache.waitUntilIdle()
        XCTAssertNotNil(cache.layoutInMemory(for: rightToLeft), "precondition: the layout is kept under the right-to-left key")
        XCTAssertEqual(cache.loadCount(for: rightToLeft), 1, "one load for this show, not one per row")
        XCTAssertEqual(cache.loadCount(for: leftToRight), 0, "no count for a key no cell used")
        table.fd_hideSkeleton(animated: false)
    }


    /// iPadOS 26: the user drags the window's edge through 20 widths while loading. Nothing
    /// is planned, reloaded or stored per width; the width the drag ends at is planned once.
    @MainActor
    func testALiveWindowResizeWhileShowingPlansOnceWhenTheResizeEnds() throws {
        let cache = SkeletonLayoutCache(directory: nil, appVersion: "1", isEnabled: true)
        let fixture = Fixture(rowCount: 0, size: CGSize(width: 300, height: 600))
        fixture.hostInWindow()
        let window = try XCTUnwrap(fixture.window)
        let table = fixture.table
        table.fd_showSkeleton(Self.configuration(rowCount: 3, cache: cache))
        table.layoutIfNeeded()
        cache.waitUntilIdle()
        let before = try XCTUnwrap(table.layoutState.skeleton?.plan)
        let storesBefore = cache.statistics.stores
        let reader = SceneResizeWatch.reader
        defer { SceneResizeWatch.reader = reader }

        SceneResizeWatch.reader = { _ in true }
        for width in stride(from: 303, through: 360, by: 3) {
            window.frame.size.width = CGFloat(width)
            table.frame.size.width = CGFloat(width)
            window.layoutIfNeeded()
            table.layoutIfNeeded()
            spinMainRunLoop(timeout: 0.02)
        }
        cache.waitUntilIdle()
        XCTAssertEqual(table.layoutState.skeleton?.plan, before, "not planned again during the drag")
        XCTAssertEqual(cache.statistics.stores, storesBefore, "no layout stored per pixel width")

        // What the observation of the scene's effectiveGeometry delivers when the drag ends.
        SceneResizeWatch.reader = { _ in false }
        table.layoutState.resizeWatch.sceneGeometryDidChange()
        let replanned = spinMainRunLoop(timeout: 2) { table.layoutState.skeleton?.plan.context?.width == 360 }
        XCTAssertTrue(replanned, "planned once at the width the resize ended at")
        table.layoutIfNeeded()
        cache.waitUntilIdle()
        XCTAssertEqual(cache.statistics.stores, storesBefore + 1, "the layout of that width only")
        table.fd_hideSkeleton(animated: false)
    }
}
#endif
