#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// The idle precache on a real table in a window. They run in Xcode; on Linux they are
/// type-checked only.
///
/// RUN-LOOP TIMING: the precache runs when the main run loop is about to sleep in the
/// default mode, so the tests marked below spin the main run loop (``spinMainRunLoop``)
/// and wait up to two seconds for it; they do not depend on how many rows one 4 ms pass
/// measures. The other tests do not depend on timing.
final class IdlePrecacheTests: XCTestCase {
    /// Rows just below the visible ones: well inside the 2.5 screens planned ahead, and
    /// more than UIKit lays out beyond the visible area by itself.
    private static let rowsAheadChecked = 10

    /// A long table with estimated heights, so UIKit asks only the visible rows' heights,
    /// laid out in a window at the top.
    @MainActor
    private static func makeHostedTable() -> RecordingTableFixture {
        let fixture = RecordingTableFixture(rowCount: 200, estimatedRowHeight: 44)
        fixture.hostInWindow()
        return fixture
    }

    @MainActor
    private static func rowsBelowTheVisibleOnes(in table: UITableView, count: Int = rowsAheadChecked) -> [IndexPath] {
        let lastVisible = table.indexPathsForVisibleRows?.last?.row ?? 0
        return (lastVisible + 1...lastVisible + count).map { IndexPath(row: $0, section: 0) }
    }

    @MainActor
    func testPrecacheIsOffByDefaultAndToggles() {
        let table = RecordingTableFixture(rowCount: 3).table
        XCTAssertFalse(table.fd_precacheEnabled)
        table.fd_precacheEnabled = true
        XCTAssertTrue(table.fd_precacheEnabled)
        table.fd_precacheEnabled = false
        XCTAssertFalse(table.fd_precacheEnabled)
    }

    /// RUN-LOOP TIMING.
    @MainActor
    func testRowsBelowTheVisibleOnesAreMeasuredWhileTheRunLoopIsIdle() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table)
        XCTAssertFalse(rowsAhead.allSatisfy { cache.existsHeight(at: $0) }, "precondition: UIKit has not measured them")

        table.fd_precacheEnabled = true
        let allCached = spinMainRunLoop(timeout: 2) { rowsAhead.allSatisfy { cache.existsHeight(at: $0) } }

        XCTAssertTrue(allCached, "rows below the visible ones were measured during idle time")
        XCTAssertEqual(table.indexPathsForVisibleRows?.first?.row, 0, "without scrolling")
    }

    /// RUN-LOOP TIMING. Precaching changes when a height is computed, never its value.
    @MainActor
    func testPrecachedHeightsEqualTheHeightsMeasuredOnDemand() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table)

        table.fd_precacheEnabled = true
        spinMainRunLoop(timeout: 2) { rowsAhead.allSatisfy { cache.existsHeight(at: $0) } }

        for indexPath in rowsAhead {
            XCTAssertTrue(cache.existsHeight(at: indexPath))
            XCTAssertEqual(cache.height(for: indexPath), fixture.uncachedHeight(of: fixture.texts[indexPath.row]),
                           "row \(indexPath.row)")
        }
    }

    /// RUN-LOOP TIMING. The point of precaching: scrolling onto precached rows lays nothing
    /// out.
    @MainActor
    func testScrollingOntoPrecachedRowsLaysNothingOut() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        // A screen of the shortest rows (about 41 points) below the visible ones, and a few
        // more; the plan reaches 2.5 screens of 44-point estimates (about 34 rows).
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table, count: 25)
        table.fd_precacheEnabled = true
        let allCached = spinMainRunLoop(timeout: 2) { rowsAhead.allSatisfy { cache.existsHeight(at: $0) } }
        XCTAssertTrue(allCached)
        // Stop precaching, so only scrolling could lay anything out from here.
        table.fd_precacheEnabled = false
        let layoutsBefore = table.fd_statistics.layouts

        table.scrollToRow(at: rowsAhead[0], at: .top, animated: false)
        table.layoutIfNeeded()

        XCTAssertTrue(table.indexPathsForVisibleRows?.contains(rowsAhead[0]) ?? false)
        XCTAssertEqual(table.fd_statistics.layouts, layoutsBefore, "every row scrolled onto was precached")
    }

    /// RUN-LOOP TIMING (waits a fixed 0.3 s and checks nothing happened).
    @MainActor
    func testAHiddenTableIsNotPrecached() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table)
        let cachedBefore = rowsAhead.filter { cache.existsHeight(at: $0) }
        table.isHidden = true

        table.fd_precacheEnabled = true
        spinMainRunLoop(timeout: 0.3)

        XCTAssertEqual(rowsAhead.filter { cache.existsHeight(at: $0) }, cachedBefore)
    }

    /// RUN-LOOP TIMING (waits a fixed 0.3 s and checks nothing happened).
    @MainActor
    func testTurningPrecacheOffStopsIt() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table)
        let cachedBefore = rowsAhead.filter { cache.existsHeight(at: $0) }

        table.fd_precacheEnabled = true
        table.fd_precacheEnabled = false
        spinMainRunLoop(timeout: 0.3)

        XCTAssertEqual(rowsAhead.filter { cache.existsHeight(at: $0) }, cachedBefore)
    }
}
#endif
