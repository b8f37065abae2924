#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell
@testable import TemplateLayoutEngine

/// Skeleton rows on real tables: which rows show, at which heights, and where they sit.
/// They run in Xcode; on Linux they are type-checked only.
final class SkeletonRowTests: XCTestCase {
    private typealias Fixture = RecordingTableFixture

    @MainActor
    func testShowingASkeletonAnswersRowsFromThePlanWithoutAskingTheAppsDataSource() throws {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        XCTAssertFalse(table.fd_isShowingSkeleton)

        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        let callsWhenShown = (fixture.dataSourceCalls, fixture.heightRequests)
        fixture.hostInWindow()

        XCTAssertTrue(table.fd_isShowingSkeleton)
        XCTAssertFalse(table.dataSource === fixture, "the skeleton controller stands in for the app's data source")
        XCTAssertFalse(table.delegate === fixture, "and for its delegate")
        let plan = try XCTUnwrap(table.layoutState.skeleton?.plan)
        XCTAssertEqual(table.numberOfSections, plan.numberOfSections)
        XCTAssertEqual(table.numberOfRows(inSection: 0), plan.numberOfRows(inSection: 0))
        XCTAssertGreaterThan(plan.numberOfRows(inSection: 0), 1, "rows fill the visible area")
        XCTAssertFalse(table.visibleCells.isEmpty)
        XCTAssertTrue(table.visibleCells.allSatisfy { $0.hasSkeletonOverlay })
        XCTAssertEqual(fixture.dataSourceCalls, callsWhenShown.0, "the app's data source is not asked while the skeleton shows")
        XCTAssertEqual(fixture.heightRequests, callsWhenShown.1, "nor the app's heightForRowAt")
    }

    /// Pull to refresh: the rows were measured, the skeleton shows over the same content.
    /// Each skeleton row is the height its real row had, so the content does not move.
    @MainActor
    func testAReloadOfTheSameContentJumpsZeroPointsUnderTheSkeleton() throws {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        fixture.hostInWindow()
        let realHeights = fixture.measureAllRows()

        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))

        // While it shows, the table's delegate is the skeleton controller.
        let skeletonDelegate = try XCTUnwrap(table.delegate)
        let rows = table.numberOfRows(inSection: 0)
        XCTAssertGreaterThan(rows, 1)
        XCTAssertLessThan(rows, realHeights.count, "every skeleton row has a real row under it")
        for row in 0..<rows {
            let skeletonHeight = try XCTUnwrap(skeletonDelegate.tableView?(table, heightForRowAt: IndexPath(row: row, section: 0)))
            XCTAssertEqual(skeletonHeight - realHeights[row], 0, "row \(row) jumps")
        }
        let plan = try XCTUnwrap(table.layoutState.skeleton?.plan)
        XCTAssertEqual(plan.rowsBySource, [.previousLoad: rows], "every height came from the previous load")
    }

    /// Review 18f, C1: a skeleton replacing another (a style change while loading) plans from
    /// the previous load's heights too. The reload that drops the old skeleton's rows used to
    /// forget them; with estimated heights on, nothing measured them again.
    @MainActor
    func testASkeletonReplacingAnotherPlansFromThePreviousLoadsHeights() throws {
        let fixture = Fixture(rowCount: 40, estimatedRowHeight: 44)
        let table = fixture.table
        fixture.hostInWindow()
        _ = fixture.measureAllRows()
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        table.layoutIfNeeded()

        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))

        let rows = table.numberOfRows(inSection: 0)
        XCTAssertGreaterThan(rows, 1)
        let plan = try XCTUnwrap(table.layoutState.skeleton?.plan)
        XCTAssertEqual(plan.rowsBySource, [.previousLoad: rows], "every height came from the previous load")
        table.fd_hideSkeleton(animated: false)
    }

    /// The same as above, read where the user sees it: each row's frame on screen before the
    /// skeleton, under it, and after the real rows come back. Checks UIKit's own spacing too
    /// (section headers, iOS 15's `sectionHeaderTopPadding`), which the delegate's answers
    /// alone do not show.
    @MainActor
    func testSkeletonRowsSitExactlyWhereTheRealRowsSatOnScreen() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        fixture.hostInWindow()
        let realFrames = (0..<fixture.texts.count).map { table.rectForRow(at: IndexPath(row: $0, section: 0)) }

        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        table.layoutIfNeeded()
        let skeletonRows = table.numberOfRows(inSection: 0)
        XCTAssertGreaterThan(skeletonRows, 1)
        for row in 0..<skeletonRows {
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: row, section: 0)), realFrames[row], "skeleton row \(row) moved")
        }

        table.fd_hideSkeleton(animated: false)
        table.layoutIfNeeded()
        for row in 0..<skeletonRows {
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: row, section: 0)), realFrames[row], "real row \(row) moved")
        }
    }

    /// A first load: nothing was measured, so the template cell is measured once with the
    /// app's sample content, and every shown skeleton cell gets the same configuration
    /// before its parts are mapped.
    @MainActor
    func testThePlaceholderConfigurationSizesTheRowsAndConfiguresEveryShownCell() throws {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        let sampleText = TableFixture.text(2)
        var configuredCells: [UITableViewCell] = []
        let configuration = SkeletonConfiguration(identifier: Fixture.cellIdentifier) { cell in
            configuredCells.append(cell)
            (cell as? LabelCell)?.label.text = sampleText
        }

        table.fd_showSkeleton(configuration)

        XCTAssertFalse(configuredCells.isEmpty, "the placeholder configuration is called to measure")
        XCTAssertTrue(configuredCells.allSatisfy { $0 is LabelCell }, "with the cell registered for the identifier")
        let plan = try XCTUnwrap(table.layoutState.skeleton?.plan)
        let rows = plan.numberOfRows(inSection: 0)
        XCTAssertEqual(plan.rowsBySource, [.placeholderMeasurement: rows])
        let sampleHeight = fixture.uncachedHeight(of: sampleText)
        for row in 0..<rows {
            XCTAssertEqual(plan.height(at: IndexPath(row: row, section: 0)), sampleHeight)
        }

        fixture.hostInWindow()
        let visibleCells = table.visibleCells
        XCTAssertFalse(visibleCells.isEmpty)
        for cell in visibleCells {
            XCTAssertTrue(configuredCells.contains { $0 === cell }, "each shown skeleton cell is configured as a placeholder")
        }
    }

    /// Heights the app has for the ids about to come win over the placeholder.
    @MainActor
    func testKeysOfTheRowsAboutToComeGiveTheirCachedHeights() throws {
        let fixture = Fixture(rowCount: 0)
        let table = fixture.table
        fixture.hostInWindow()
        let keys = (0..<6).map { "post-\($0)" }
        let keyedHeights = keys.indices.map { index in
            table.fd_height(identifier: Fixture.cellIdentifier, cacheBy: keys[index]) { (cell: LabelCell) in
                cell.label.text = TableFixture.text(index)
            }
        }
        table.fd_showSkeleton(SkeletonConfiguration(
            identifier: Fixture.cellIdentifier, rowCount: keys.count, keys: keys.map { AnyHashable($0) }
        ) { cell in
            (cell as? LabelCell)?.label.text = TableFixture.text(2)
        })

        let plan = try XCTUnwrap(table.layoutState.skeleton?.plan)
        XCTAssertEqual(plan.rowsBySource, [.keyedCache: keys.count], "the keyed cache comes before the placeholder")
        XCTAssertEqual((0..<keys.count).compactMap { plan.height(at: IndexPath(row: $0, section: 0)) }, keyedHeights)
    }

    /// FD's users call it from Objective-C: `[tableView fd_showSkeletonWithCellIdentifier:
    /// placeholderConfiguration:]`.
    @MainActor
    func testTheObjectiveCEntryPointShowsRowsAndCallsThePlaceholder() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        var receivedCell: Any?
        table.fd_showSkeleton(cellIdentifier: Fixture.cellIdentifier) { cell in
            receivedCell = cell
            (cell as? LabelCell)?.label.text = TableFixture.text(1)
        }
        XCTAssertTrue(table.fd_isShowingSkeleton)
        XCTAssertTrue(receivedCell is LabelCell)
        fixture.hostInWindow()
        XCTAssertGreaterThan(table.numberOfRows(inSection: 0), 1)
        XCTAssertTrue(table.visibleCells.allSatisfy { $0.hasSkeletonOverlay })
        table.fd_hideSkeleton(animated: false)
        XCTAssertFalse(table.fd_isShowingSkeleton)
        table.layoutIfNeeded()
        XCTAssertFalse(table.visibleCells.contains { $0.hasSkeletonOverlay })
    }

    @MainActor
    func testASkeletonWithoutSectionsShowsNoRows() {
        let fixture = Fixture(rowCount: 3)
        fixture.table.fd_showSkeleton(SkeletonConfiguration(sections: []))
        fixture.hostInWindow()
        XCTAssertTrue(fixture.table.fd_isShowingSkeleton)
        XCTAssertEqual(fixture.table.numberOfSections, 0)
        XCTAssertTrue(fixture.table.visibleCells.isEmpty)
    }

    /// Misuse in a release build: the identifier was never registered. With the debug
    /// assertion off, the skeleton shows plain rows at the fallback height.
    @MainActor
    func testAnUnregisteredIdentifierShowsPlainRowsWithoutCrashing() {
        let fixture = Fixture(rowCount: 5)
        let table = fixture.table
        table.layoutState.assertsOnMisuse = false
        table.fd_showSkeleton(SkeletonConfiguration(identifier: "never-registered", rowCount: 3) { _ in
            XCTFail("no cell exists to configure")
        })
        fixture.hostInWindow()
        XCTAssertTrue(table.fd_isShowingSkeleton)
        XCTAssertEqual(table.numberOfRows(inSection: 0), 3)
        XCTAssertEqual(table.visibleCells.count, 3)
        XCTAssertFalse(table.visibleCells.contains { $0.hasSkeletonOverlay })
        table.fd_hideSkeleton(animated: false)
        XCTAssertTrue(table.dataSource === fixture)
    }

    @MainActor
    func testSkeletonExclusionRoundTrips() {
        let view = UIView()
        XCTAssertFalse(view.fd_isSkeletonExcluded, "views are included by default")
        view.fd_isSkeletonExcluded = true
        XCTAssertTrue(view.fd_isSkeletonExcluded)
        view.fd_isSkeletonExcluded = false
        XCTAssertFalse(view.fd_isSkeletonExcluded)
    }

    /// The label is the cell's only content: mapped, it gives parts; excluded, none.
    @MainActor
    func testAnExcludedViewGetsNoSkeletonParts() throws {
        func partLayerCount(excludingTheLabel excluded: Bool) throws -> Int {
            let fixture = Fixture(rowCount: 0)
            fixture.table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: 1) { cell in
                let label = (cell as? LabelCell)?.label
                label?.text = TableFixture.text(1)
                label?.fd_isSkeletonExcluded = excluded
            })
            fixture.hostInWindow()
            let cell = try XCTUnwrap(fixture.table.visibleCells.first)
            let overlay = try XCTUnwrap(cell.contentView.subviews.first { $0 is SkeletonOverlayView })
            return overlay.layer.sublayers?.count ?? 0
        }
        XCTAssertGreaterThan(try partLayerCount(excludingTheLabel: false), 0)
        XCTAssertEqual(try partLayerCount(excludingTheLabel: true), 0)
    }
    // MARK: Issue 8, item 10

    /// Cells keep out of the safe area: a displayed cell's content view is narrower than the
    /// table. Parts mapped at the table's width would run past it; mapped at the cell width
    /// they fit, and end where the label ends.
    @MainActor
    func testPartsAreMappedAtTheCellWidthNotTheTables() throws {
        let fixture = Fixture(rowCount: 0)
        let table = fixture.table
        let controller = UIViewController()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
        let window = UIWindow(frame: table.frame)
        window.rootViewController = controller
        window.isHidden = false
        table.frame = controller.view.bounds
        controller.view.addSubview(table)
        table.layoutIfNeeded()
        XCTAssertEqual(table.safeAreaInsets.left, 44, "precondition: a safe area on both sides")

        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: 1) { cell in
            (cell as? LabelCell)?.label.text = TableFixture.text(2)
        })
        table.layoutIfNeeded()

        let cell = try XCTUnwrap(table.visibleCells.first)
        let contentWidth = cell.contentView.bounds.width
        XCTAssertLessThan(contentWidth, table.bounds.width - 80, "precondition: the content view keeps out of the safe area")
        let parts = try XCTUnwrap(SkeletonController.overlay(in: cell)?.layer.sublayers)
        XCTAssertFalse(parts.isEmpty)
        let widest = parts.map(\.frame.maxX).max() ?? 0
        XCTAssertLessThanOrEqual(widest, contentWidth - 16 + 0.5, "no part runs past the label's trailing edge")
        XCTAssertGreaterThan(widest, contentWidth - 16 - 40, "the first lines run (nearly) to it")
        table.fd_hideSkeleton(animated: false)
        withExtendedLifetime(window) {}
    }

    /// The main thread never reads the layout cache's files while configuring cells: a first
    /// show maps (the file's different layout is not read), the cache loads the file on its
    /// queue, and the next show uses what it loaded.
    @MainActor
    func testCellsUseTheLayoutCachesMemoryOnlyAndTheNextShowUsesWhatItLoaded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixture = Fixture(rowCount: 0)
        let table = fixture.table
        fixture.hostInWindow()
        let context = table.layoutState.refreshGeometry(of: table).layoutContext
        let key = SkeletonLayoutKey(identifier: Fixture.cellIdentifier, context: context, direction: .leftToRight)
        let onFile = SkeletonLayout(size: CGSize(width: context.width, height: 40), parts: [
            SkeletonPart(frame: CGRect(x: 10, y: 10, width: 50, height: 20), cornerRadius: 0, kind: .block),
        ])
        let earlierLaunch = SkeletonLayoutCache(directory: directory, appVersion: "1", isEnabled: true)
        earlierLaunch.store(onFile, for: key)
        earlierLaunch.waitUntilIdle()

        let cache = SkeletonLayoutCache(directory: directory, appVersion: "1", isEnabled: true)
        let configuration = SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: 1, layoutCache: cache) { cell in
            (cell as? LabelCell)?.label.text = TableFixture.text(2)
        }
        func partCount() throws -> Int {
            let cell = try XCTUnwrap(table.visibleCells.first)
            return try XCTUnwrap(SkeletonController.overlay(in: cell)?.layer.sublayers).count
        }
        table.fd_showSkeleton(configuration)
        table.layoutIfNeeded()
        XCTAssertGreaterThan(try partCount(), 1, "the first show maps the cell: the file was not read on the main thread")
        table.fd_hideSkeleton(animated: false)

        cache.waitUntilIdle()
        XCTAssertTrue(cache.isInMemory(key), "the file was read on the cache's queue")
        table.fd_showSkeleton(configuration)
        table.layoutIfNeeded()
        XCTAssertEqual(try partCount(), 1, "the next show uses the layout read from the file")
        table.fd_hideSkeleton(animated: false)
    }
}
#endif
