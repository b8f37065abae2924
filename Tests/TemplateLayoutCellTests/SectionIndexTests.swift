#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Issue 17, items B, 3 and 4: when the section index's width is known, and what is asked
/// of the data source for it.
final class SectionIndexTests: XCTestCase {
    /// Lets the main queue turn, as the package's settling of a pending index waits for.
    @MainActor
    private func letTheMainQueueTurn() {
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
    }

    /// Texts of growing length: some wrap differently with and without the index.
    private static let texts = (1...24).map { count in
        (0..<count).map { "word\($0)" }.joined(separator: " ")
    }

    /// Item B: without estimated heights UIKit asks every row's height inside `reloadData`,
    /// before it adds its index view (UIKitCore 26.1: the content size, then the index).
    /// Those heights were measured without the index, cached, and shown too short.
    @MainActor
    func testAnIndexedTableWithoutEstimatesShowsItsRowsAtTheWidthTheIndexLeaves() throws {
        let sections = [Array(Self.texts[0..<8]), Array(Self.texts[8..<16]), Array(Self.texts[16..<24])]
        let unindexed = TableFixture(sections: sections).hostInWindow()
        let fixture = TableFixture(sections: sections)
        fixture.indexTitles = ["A", "B", "C"]
        XCTAssertEqual(fixture.table.estimatedRowHeight, 0, "precondition: FD's classic setup")
        fixture.hostInWindow()
        letTheMainQueueTurn()
        fixture.layOut()
        let table = fixture.table
        XCTAssertTrue(table.showsSectionIndexView, "precondition: UIKit shows the index")
        let differing = Self.texts.filter { fixture.uncachedHeight(of: $0) != unindexed.uncachedHeight(of: $0) }
        XCTAssertFalse(differing.isEmpty, "precondition: some rows wrap differently beside the index")
        for (section, rows) in sections.enumerated() {
            for (row, text) in rows.enumerated() {
                let indexPath = IndexPath(row: row, section: section)
                XCTAssertEqual(table.rectForRow(at: indexPath).height, fixture.uncachedHeight(of: text), "\(indexPath)")
            }
        }
    }

    /// Item 4: titles that appear without a reload, through `reloadSectionIndexTitles()`
    /// (what UITableView.h says to call after inserting sections), were ignored: "no
    /// titles" was kept until the next reload, and rows measured too wide.
    @MainActor
    func testIndexTitlesReloadedWithoutAReloadNarrowTheCells() {
        let fixture = TableFixture(sections: [["a"], ["b"]]).hostInWindow()
        let table = fixture.table
        _ = fixture.uncachedHeight(of: "x")
        XCTAssertEqual(table.layoutState.heights.context.width, 320, "no titles, no index")
        fixture.sections.append(["c"])
        table.insertSections([2], with: .none)
        fixture.indexTitles = ["A", "B", "C"]
        table.reloadSectionIndexTitles()
        fixture.layOut()
        letTheMainQueueTurn()
        XCTAssertTrue(table.showsSectionIndexView, "precondition: UIKit shows the index now")
        _ = fixture.uncachedHeight(of: "x")
        XCTAssertLessThan(table.layoutState.heights.context.width, 320, "the new index narrows the cells")
    }

    /// Before UIKit adds the index view, a height request is measured at the width without
    /// an index (the best guess for a table that never showed one) and cached nothing: the
    /// width is not known yet, and the app may use the answer in the same turn.
    @MainActor
    func testARequestBeforeTheIndexViewExistsIsMeasuredAtAGuessAndNotCached() {
        let fixture = TableFixture(sections: [["a"], ["b"]])
        fixture.indexTitles = ["A", "B"]
        let table = fixture.table
        let text = Self.texts[20]
        let height = table.fd_height(identifier: "label", cacheBy: IndexPath(row: 0, section: 0)) { (cell: LabelCell) in
            cell.label.text = text
        }
        XCTAssertFalse(table.showsSectionIndexView, "precondition: not laid out, no index view yet")
        XCTAssertFalse(table.fd_indexPathHeightCache.existsHeight(at: IndexPath(row: 0, section: 0)), "nothing cached")
        let unindexed = TableFixture(sections: [["a"]]).uncachedHeight(of: text)
        XCTAssertEqual(height, unindexed, "measured as wide as a table without an index")
        XCTAssertNotEqual(height, table.layoutState.heights.fallbackHeight)
    }
}
#endif
