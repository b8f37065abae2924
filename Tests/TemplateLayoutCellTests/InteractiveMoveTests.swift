#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Interactive reordering: UIKit moves the dragged row on screen itself and calls the data
/// source's `tableView(_:moveRowAt:to:)`, never `moveRow(at:to:)`; the app tells the cache
/// with `fd_didMoveRow(at:to:)`. A test cannot drag, so each calls the data-source method
/// as UIKit does when the row is dropped, on a table in editing mode in a window.
final class InteractiveMoveTests: XCTestCase {
    private func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

    @MainActor
    private func editingFixture(sections: [[String]]) -> (TrackedTableFixture, MoveCountingTableView) {
        let table = MoveCountingTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        let fixture = TrackedTableFixture(sections: sections, table: table)
        fixture.hostInWindow()
        table.setEditing(true, animated: false)
        table.layoutIfNeeded()
        fixture.cacheSentinelHeights()
        return (fixture, table)
    }

    @MainActor
    func testADroppedRowKeepsItsHeightAndTheRowsBetweenShiftWithoutCallingUIKit() {
        let (fixture, table) = editingFixture(sections: [["a", "b", "c", "d"]])
        fixture.tableView(table, moveRowAt: path(0, 0), to: path(0, 2))
        XCTAssertEqual(fixture.sections[0], ["b", "c", "a", "d"])
        let expected = [1, 2, 0, 3].map { TrackedTableFixture.sentinel(section: 0, row: $0) }
        XCTAssertEqual((0..<4).map { fixture.cachedHeight(row: $0) }, expected)
        XCTAssertEqual(table.moveRowCalls, 0, "fd_didMoveRow does not call moveRow(at:to:)")
    }

    @MainActor
    func testARowDroppedInAnotherSectionTakesItsHeightThere() {
        let (fixture, table) = editingFixture(sections: [["a", "b", "c"], ["x", "y"]])
        fixture.tableView(table, moveRowAt: path(0, 1), to: path(1, 0))
        XCTAssertEqual(fixture.sections, [["a", "c"], ["b", "x", "y"]])
        let sentinel = TrackedTableFixture.sentinel
        XCTAssertEqual(fixture.cachedHeight(section: 0, row: 0), sentinel(0, 0))
        XCTAssertEqual(fixture.cachedHeight(section: 0, row: 1), sentinel(0, 2))
        XCTAssertEqual(fixture.cachedHeight(section: 1, row: 0), sentinel(0, 1))
        XCTAssertEqual(fixture.cachedHeight(section: 1, row: 1), sentinel(1, 0))
        XCTAssertEqual(fixture.cachedHeight(section: 1, row: 2), sentinel(1, 1))
    }

    /// Bad input gets the engine's answer: reported, the sections involved forgotten, the
    /// others kept, no trap.
    @MainActor
    func testANegativeRowIsReportedAndForgetsOnlyItsSection() {
        let (fixture, table) = editingFixture(sections: [["a", "b"], ["x", "y"]])
        let problems = table.fd_statistics.indexPath.problems
        table.fd_didMoveRow(at: path(0, -1), to: path(0, 0))
        XCTAssertEqual(table.fd_statistics.indexPath.problems, problems + 1)
        XCTAssertNil(fixture.cachedHeight(section: 0, row: 0))
        XCTAssertNil(fixture.cachedHeight(section: 0, row: 1))
        XCTAssertEqual(fixture.cachedHeight(section: 1, row: 0), TrackedTableFixture.sentinel(section: 1, row: 0))
        XCTAssertEqual(fixture.cachedHeight(section: 1, row: 1), TrackedTableFixture.sentinel(section: 1, row: 1))
    }

    @MainActor
    func testOnATableThatNeverUsedThePackageItDoesNothing() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        table.fd_didMoveRow(at: path(0, 0), to: path(0, 1))
        XCTAssertNil(table.existingLayoutState)
        XCTAssertTrue(UITableView.instancesRespond(to: NSSelectorFromString("fd_didMoveRowAtIndexPath:toIndexPath:")))
    }
}
#endif
