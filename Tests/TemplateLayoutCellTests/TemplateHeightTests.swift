#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Real tables, registered cells, Auto Layout. These run in Xcode (an iOS simulator or
/// device); on Linux they are only type-checked against the iOS SDK.
final class TemplateHeightTests: XCTestCase {
    @MainActor
    func testARegisteredAutoLayoutCellIsMeasuredOnceThenHit() {
        let fixture = TableFixture(sections: [[TableFixture.text(1)]])
        let table = fixture.table
        let first = table.fd_height(identifier: "label", cacheBy: IndexPath(row: 0, section: 0)) { (cell: LabelCell) in
            cell.label.text = TableFixture.text(1)
        }
        var configuredAgain = false
        let second = table.fd_height(identifier: "label", cacheBy: IndexPath(row: 0, section: 0)) { (_: LabelCell) in
            configuredAgain = true
        }
        XCTAssertGreaterThan(first, 44, "two lines of 17 pt text and 20 pt of padding")
        XCTAssertEqual(first, second)
        XCTAssertFalse(configuredAgain, "a hit does not configure the template")
        XCTAssertEqual(table.fd_statistics.layouts, 1)
        XCTAssertEqual(table.fd_statistics.indexPath.hits, 1)
    }

    @MainActor
    func testLongerTextMeasuresTaller() {
        let fixture = TableFixture(sections: [])
        XCTAssertLessThan(fixture.uncachedHeight(of: TableFixture.text(0)), fixture.uncachedHeight(of: TableFixture.text(2)))
    }

    @MainActor
    func testTheTemplateIsResetBeforeEachConfiguration() {
        let fixture = TableFixture(sections: [])
        let template = fixture.table.fd_templateCell(forReuseIdentifier: "label") as! LabelCell
        let before = template.prepareForReuseCount
        _ = fixture.uncachedHeight(of: "a")
        _ = fixture.uncachedHeight(of: "b")
        XCTAssertEqual(template.prepareForReuseCount, before + 2)
        XCTAssertTrue(template.fd_isTemplateLayoutCell)
        XCTAssertNil(template.window, "a template is never in a window")
    }

    @MainActor
    func testASeparatorAddsOnePixel() {
        let fixture = TableFixture(sections: [])
        fixture.table.separatorStyle = .none
        let without = fixture.uncachedHeight(of: "x")
        fixture.table.separatorStyle = .singleLine
        let with = fixture.uncachedHeight(of: "x")
        XCTAssertEqual(with - without, 1 / fixture.table.traitCollection.displayScale, accuracy: 0.001)
    }

    @MainActor
    func testAFrameLayoutCellIsMeasuredWithSizeThatFits() {
        let fixture = TableFixture(sections: [])
        fixture.table.separatorStyle = .none
        let height = fixture.table.fd_height(identifier: "frame") { (cell: FrameCell) in
            cell.fd_enforceFrameLayout = true
            cell.fixedHeight = 91
        }
        XCTAssertEqual(height, 91)
    }

    @MainActor
    func testHeightsCachedByKeySurviveReloadData() {
        let fixture = TableFixture(sections: [["a"]])
        let table = fixture.table
        _ = table.fd_height(identifier: "label", cacheBy: "post-1") { (cell: LabelCell) in cell.label.text = "a" }
        table.reloadData()
        XCTAssertTrue(table.fd_keyedHeightCache.existsHeight(forKey: "post-1" as NSString))
        table.fd_invalidateHeight(forKey: "post-1")
        XCTAssertFalse(table.fd_keyedHeightCache.existsHeight(forKey: "post-1" as NSString))
    }

    @MainActor
    func testAWidthChangeMeasuresAgainAndGoingBackHits() {
        let fixture = TableFixture(sections: [[TableFixture.text(2)]])
        let table = fixture.table
        let path = IndexPath(row: 0, section: 0)
        let narrow = fixture.tableView(table, heightForRowAt: path)
        table.frame.size.width = 600
        let wide = fixture.tableView(table, heightForRowAt: path)
        XCTAssertLessThan(wide, narrow)
        XCTAssertEqual(table.fd_statistics.layouts, 2)
        table.frame.size.width = 320
        XCTAssertEqual(fixture.tableView(table, heightForRowAt: path), narrow)
        XCTAssertEqual(table.fd_statistics.layouts, 2, "the 320-point context was kept")
    }

    @MainActor
    func testEstimatesAreTheCachedHeights() {
        let fixture = TableFixture(sections: [[TableFixture.text(2)]])
        let table = fixture.table
        table.estimatedRowHeight = 50
        let path = IndexPath(row: 0, section: 0)
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: path), 50)
        let measured = fixture.tableView(table, heightForRowAt: path)
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: path), measured)
    }
}
#endif
