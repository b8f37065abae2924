#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Real tables in a window, registered cells, Auto Layout. These run in Xcode (an iOS
/// simulator or device); on Linux they are only type-checked against the iOS SDK.
///
/// Every table is hosted and laid out first, so UIKit has asked the heights of its visible
/// rows through the fixture's delegate (cached by index path) before a test begins: tests
/// count layouts and hits from there, and use keys UIKit never asked for when they need a
/// miss.
final class TemplateHeightTests: XCTestCase {
    @MainActor
    func testARegisteredAutoLayoutCellIsMeasuredOnceThenHit() {
        let table = TableFixture(sections: [[TableFixture.text(0)]]).hostInWindow().table
        let before = table.fd_statistics
        let first = table.fd_height(identifier: "label", cacheBy: "post-1") { (cell: LabelCell) in
            cell.label.text = TableFixture.text(1)
        }
        var configuredAgain = false
        let second = table.fd_height(identifier: "label", cacheBy: "post-1") { (_: LabelCell) in
            configuredAgain = true
        }
        XCTAssertGreaterThan(first, 44, "two or more lines of 17 pt text and 20 pt of padding")
        XCTAssertEqual(first, second)
        XCTAssertFalse(configuredAgain, "a hit does not configure the template")
        XCTAssertEqual(table.fd_statistics.layouts - before.layouts, 1, "measured once")
        XCTAssertEqual(table.fd_statistics.keyed.hits - before.keyed.hits, 1, "then hit")
    }

    @MainActor
    func testTheTableShowsTheHeightsTheTemplateMeasured() {
        let fixture = TableFixture(sections: [(0..<3).map(TableFixture.text)]).hostInWindow()
        let halfPixel = 0.5 / fixture.table.traitCollection.displayScale
        for row in 0..<3 {
            let shown = fixture.table.rectForRow(at: IndexPath(row: row, section: 0)).height
            XCTAssertEqual(shown, fixture.uncachedHeight(of: TableFixture.text(row)), accuracy: halfPixel, "row \(row)")
        }
    }

    @MainActor
    func testLongerTextMeasuresTaller() {
        let fixture = TableFixture(sections: [[]]).hostInWindow()
        XCTAssertLessThan(fixture.uncachedHeight(of: TableFixture.text(0)), fixture.uncachedHeight(of: TableFixture.text(2)))
    }

    @MainActor
    func testTheTemplateIsResetBeforeEachConfiguration() {
        let fixture = TableFixture(sections: [[]]).hostInWindow()
        let template = fixture.table.fd_templateCell(forReuseIdentifier: "label") as! LabelCell
        let before = template.prepareForReuseCount
        _ = fixture.uncachedHeight(of: "a")
        _ = fixture.uncachedHeight(of: "b")
        XCTAssertEqual(template.prepareForReuseCount, before + 2)
        XCTAssertTrue(template.fd_isTemplateLayoutCell)
        XCTAssertNil(template.window, "a template is never in a window, even when its table is")
    }

    @MainActor
    func testShowingSeparatorsAddsOnePixel() {
        let fixture = TableFixture(sections: [[]]).hostInWindow()
        fixture.table.separatorStyle = .none
        let without = fixture.uncachedHeight(of: "x")
        fixture.table.separatorStyle = .singleLine
        let with = fixture.uncachedHeight(of: "x")
        XCTAssertEqual(with - without, 1 / fixture.table.traitCollection.displayScale, accuracy: 0.001)
    }

    @MainActor
    func testAFrameLayoutCellIsMeasuredWithSizeThatFits() {
        let fixture = TableFixture(sections: [[]]).hostInWindow()
        fixture.table.separatorStyle = .none
        let template = fixture.table.fd_templateCell(forReuseIdentifier: "frame") as! FrameCell
        let height = fixture.table.fd_height(identifier: "frame") { (cell: FrameCell) in
            cell.fd_enforceFrameLayout = true
            cell.fixedHeight = 91
        }
        XCTAssertEqual(height, 91)
        XCTAssertEqual(template.fittedWidths.count, 1, "sizeThatFits was asked once")
    }

    @MainActor
    func testHeightsCachedByKeySurviveReloadData() {
        let fixture = TableFixture(sections: [["a"]]).hostInWindow()
        let table = fixture.table
        _ = table.fd_height(identifier: "label", cacheBy: "post-1") { (cell: LabelCell) in cell.label.text = "a" }
        table.reloadData()
        fixture.layOut()
        XCTAssertTrue(table.fd_keyedHeightCache.existsHeight(forKey: "post-1" as NSString))
        table.fd_invalidateHeight(forKey: "post-1")
        XCTAssertFalse(table.fd_keyedHeightCache.existsHeight(forKey: "post-1" as NSString))
    }

    @MainActor
    func testAWidthChangeMeasuresAgainAndGoingBackHits() {
        let fixture = TableFixture(sections: [[TableFixture.text(2)]]).hostInWindow()
        let table = fixture.table
        let path = IndexPath(row: 0, section: 0)
        let start = table.fd_statistics.layouts
        let narrow = fixture.tableView(table, heightForRowAt: path)
        XCTAssertEqual(table.fd_statistics.layouts, start, "UIKit's layout measured the row at 320 points already")
        table.frame.size.width = 600
        let wide = fixture.tableView(table, heightForRowAt: path)
        XCTAssertLessThan(wide, narrow)
        XCTAssertEqual(table.fd_statistics.layouts, start + 1, "measured again at 600 points")
        table.frame.size.width = 320
        XCTAssertEqual(fixture.tableView(table, heightForRowAt: path), narrow)
        XCTAssertEqual(table.fd_statistics.layouts, start + 1, "the 320-point context was kept")
    }

    @MainActor
    func testEstimatesAreTheCachedHeights() {
        let fixture = TableFixture(sections: [[TableFixture.text(2)]]).hostInWindow()
        let table = fixture.table
        table.estimatedRowHeight = 50
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: "post-9"), 50, "nothing measured yet: the table's estimate")
        let measured = table.fd_height(identifier: "label", cacheBy: "post-9") { (cell: LabelCell) in
            cell.label.text = TableFixture.text(2)
        }
        XCTAssertNotEqual(measured, 50)
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: "post-9"), measured)
    }

    /// Review 18c, F3: with a diffable data source a height asked by index path is not
    /// cached, and the row it names was dropped with the key: a row without an editing
    /// control was measured with the default delete control, too narrow, too tall.
    @MainActor
    func testADiffableTablesRowWithoutAnEditingControlIsMeasuredAtFullWidth() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        table.register(LabelCell.self, forCellReuseIdentifier: "label")
        let window = UIWindow(frame: table.frame)
        window.addSubview(table)
        window.isHidden = false
        let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, text in
            let cell = table.dequeueReusableCell(withIdentifier: "label", for: indexPath)
            (cell as? LabelCell)?.label.text = text
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a"])
        dataSource.apply(snapshot, animatingDifferences: false)
        let delegate = NoEditingControls()
        table.delegate = delegate
        table.layoutIfNeeded()
        let text = TableFixture.text(2) + " " + TableFixture.text(2)
        let configure = { (cell: LabelCell) in cell.label.text = text }
        let notEditing = table.fd_height(identifier: "label", configure: configure)

        table.setEditing(true, animated: false)
        let withADeleteControl = table.fd_height(identifier: "label", configure: configure)
        let row = table.fd_height(identifier: "label", cacheBy: IndexPath(row: 0, section: 0), configure: configure)

        XCTAssertGreaterThan(withADeleteControl, notEditing, "precondition: a delete control makes the text wrap more")
        // The row's own settings: its data source (a diffable one answers canEditRowAt false
        // unless subclassed) and delegate give it no control and no indentation.
        XCTAssertEqual(row, notEditing, accuracy: 0.5, "the row's own settings: no control, no indentation")
        withExtendedLifetime((window, dataSource, delegate)) {}
    }
}

/// A delegate that gives every row no editing control and no indentation.
private final class NoEditingControls: NSObject, UITableViewDelegate {
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .none }
    func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { false }
}
#endif
