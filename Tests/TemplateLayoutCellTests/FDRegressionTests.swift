#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// FDTemplateLayoutCell's UIKit-side bugs, each named after its issue and failing under
/// FD's behaviour. They run in Xcode; on Linux they are type-checked only.
final class FDRegressionTests: XCTestCase {
    /// FD never called the header/footer configuration block, so every header measured as
    /// an empty template.
    @MainActor
    func testFD403_theHeaderFooterConfigurationIsCalled() {
        let fixture = TableFixture(sections: [["a"]])
        var configured = false
        let height = fixture.table.fd_heightForHeaderFooterView(withIdentifier: "header") { view in
            configured = true
            (view as? LabelHeader)?.label.text = TableFixture.text(2)
        }
        XCTAssertTrue(configured)
        let empty = fixture.table.fd_heightForHeaderFooterView(withIdentifier: "header") { view in
            (view as? LabelHeader)?.label.text = ""
        }
        XCTAssertGreaterThan(height, empty, "the configured text made it taller")
    }

    /// Header heights are cached too, by section, and move with it.
    @MainActor
    func testFD403_headerHeightsAreCachedBySection() {
        let fixture = TableFixture(sections: [["a"], ["b"]])
        let table = fixture.table
        var configurations = 0
        for _ in 0..<3 {
            _ = table.fd_headerHeight(identifier: "header", inSection: 1) { (view: LabelHeader) in
                configurations += 1
                view.label.text = TableFixture.text(1)
            }
        }
        XCTAssertEqual(configurations, 1)
    }

    /// FD set `contentView.translatesAutoresizingMaskIntoConstraints = NO` on every
    /// template, which iOS 11 warns about and which broke self-sizing.
    @MainActor
    func testFD348_theContentViewAutoresizingMaskIsLeftAlone() {
        let fixture = TableFixture(sections: [])
        let template: UITableViewCell = fixture.table.fd_templateCell(forReuseIdentifier: "label")
        let before = template.contentView.translatesAutoresizingMaskIntoConstraints
        _ = fixture.uncachedHeight(of: "x")
        XCTAssertEqual(template.contentView.translatesAutoresizingMaskIntoConstraints, before)
    }

    /// FD added a width constraint and four edge constraints to each template for every
    /// measurement, which met iOS 10's zero-width content view constraint in a loop.
    @MainActor
    func testFD242_measuringAddsNoConstraints() {
        let fixture = TableFixture(sections: [])
        let template: UITableViewCell = fixture.table.fd_templateCell(forReuseIdentifier: "label")
        let cellConstraints = template.constraints.count
        let contentConstraints = template.contentView.constraints.count
        _ = fixture.uncachedHeight(of: TableFixture.text(2))
        XCTAssertEqual(template.constraints.count, cellConstraints)
        XCTAssertEqual(template.contentView.constraints.count, contentConstraints)
    }

    /// FD measured and cached while the table still had no width.
    @MainActor
    func testFD186_nothingIsMeasuredOrCachedAtZeroWidth() {
        let fixture = TableFixture(sections: [[TableFixture.text(2)]], width: 0)
        let table = fixture.table
        let path = IndexPath(row: 0, section: 0)
        _ = fixture.tableView(table, heightForRowAt: path)
        XCTAssertEqual(table.fd_statistics.layouts, 0)
        XCTAssertFalse(table.fd_indexPathHeightCache.existsHeight(at: path))
        table.frame.size.width = 320
        _ = fixture.tableView(table, heightForRowAt: path)
        XCTAssertEqual(table.fd_statistics.layouts, 1)
    }

    // The update tests below run a real table in a window through UIKit's update methods.
    // Sentinel heights (see TrackedTableFixture) show where each height went, whenever UIKit
    // asks for heights during the update.

    /// FD applied each call of a batch at once in call order; UIKit resolves deletes against
    /// old index paths and inserts against new ones.
    @MainActor
    func testFD366_aBatchInPerformBatchUpdatesMovesHeightsWithTheirRows() {
        let fixture = TrackedTableFixture.hosted(rowCount: 4)
        let table = fixture.table
        fixture.cacheSentinelHeights()
        table.performBatchUpdates({
            fixture.sections[0].insert("new", at: 0)
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
            fixture.sections[0].remove(at: 3)  // old row 2, now at 3
            table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        })
        let sentinel = TrackedTableFixture.sentinel
        XCTAssertFalse(TrackedTableFixture.isSentinel(fixture.cachedHeight(row: 0)), "the new row has no moved height")
        XCTAssertEqual(fixture.cachedHeight(row: 1), sentinel(0, 0))
        XCTAssertEqual(fixture.cachedHeight(row: 2), sentinel(0, 1))
        XCTAssertEqual(fixture.cachedHeight(row: 3), sentinel(0, 3))
    }

    /// FD's moveRow swapped the two heights.
    @MainActor
    func testFD193_moveRowMovesTheHeight() {
        let fixture = TrackedTableFixture.hosted(rowCount: 3)
        let table = fixture.table
        fixture.cacheSentinelHeights()
        fixture.sections[0].append(fixture.sections[0].removeFirst())
        table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        let sentinel = TrackedTableFixture.sentinel
        XCTAssertEqual(fixture.cachedHeight(row: 0), sentinel(0, 1))
        XCTAssertEqual(fixture.cachedHeight(row: 1), sentinel(0, 2))
        XCTAssertEqual(fixture.cachedHeight(row: 2), sentinel(0, 0))
    }

    /// FD's multi-section delete removed the wrong sections.
    @MainActor
    func testFD416_deletingSeveralSectionsRemovesThoseSections() {
        let fixture = TrackedTableFixture(sections: (0..<4).map { ["section \($0): " + TableFixture.text($0)] })
        fixture.hostInWindow()
        let table = fixture.table
        fixture.cacheSentinelHeights()
        fixture.sections.remove(at: 2)
        fixture.sections.remove(at: 0)
        table.deleteSections([0, 2], with: .none)
        let sentinel = TrackedTableFixture.sentinel
        XCTAssertEqual(fixture.cachedHeight(section: 0, row: 0), sentinel(1, 0))
        XCTAssertEqual(fixture.cachedHeight(section: 1, row: 0), sentinel(3, 0))
    }
}
#endif
