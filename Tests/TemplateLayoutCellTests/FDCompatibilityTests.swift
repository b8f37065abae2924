#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// FDTemplateLayoutCell's API: its Objective-C selectors, its Swift names, its caches.
final class FDCompatibilityTests: XCTestCase {
    @MainActor
    func testTheObjectiveCSelectorsExist() {
        let table = UITableView()
        let tableSelectors = [
            "fd_templateCellForReuseIdentifier:",
            "fd_heightForCellWithIdentifier:configuration:",
            "fd_heightForCellWithIdentifier:cacheByIndexPath:configuration:",
            "fd_heightForCellWithIdentifier:cacheByKey:configuration:",
            "fd_heightForHeaderFooterViewWithIdentifier:configuration:",
            "fd_indexPathHeightCache",
            "fd_keyedHeightCache",
            "fd_reloadDataWithoutInvalidateIndexPathHeightCache",
            "fd_debugLogEnabled",
            "setFd_debugLogEnabled:",
            "fd_debugLog:",
        ]
        for selector in tableSelectors {
            XCTAssertTrue(table.responds(to: NSSelectorFromString(selector)), selector)
        }
        let cell = UITableViewCell()
        for selector in ["fd_isTemplateLayoutCell", "setFd_isTemplateLayoutCell:", "fd_enforceFrameLayout", "setFd_enforceFrameLayout:"] {
            XCTAssertTrue(cell.responds(to: NSSelectorFromString(selector)), selector)
        }
        let indexPathCache = table.fd_indexPathHeightCache
        for selector in ["existsHeightAtIndexPath:", "cacheHeight:byIndexPath:", "heightForIndexPath:",
                         "invalidateHeightAtIndexPath:", "invalidateAllHeightCache",
                         "automaticallyInvalidateEnabled", "setAutomaticallyInvalidateEnabled:"] {
            XCTAssertTrue(indexPathCache.responds(to: NSSelectorFromString(selector)), selector)
        }
        let keyedCache = table.fd_keyedHeightCache
        for selector in ["existsHeightForKey:", "cacheHeight:byKey:", "heightForKey:", "invalidateHeightForKey:", "invalidateAllHeightCache"] {
            XCTAssertTrue(keyedCache.responds(to: NSSelectorFromString(selector)), selector)
        }
        XCTAssertNotNil(NSClassFromString("FDIndexPathHeightCache"))
        XCTAssertNotNil(NSClassFromString("FDKeyedHeightCache"))
    }

    /// Code written against the pod's Swift import compiles unchanged; this is that code.
    @MainActor
    func testTheSwiftNamesOfFDsHeadersCompileAndWork() {
        let fixture = TableFixture(sections: [["a"]])
        let table = fixture.table
        let path = IndexPath(row: 0, section: 0)
        let byIndexPath = table.fd_heightForCell(withIdentifier: "label", cacheBy: path) { cell in
            (cell as! LabelCell).label.text = "a"
        }
        let byKey = table.fd_heightForCell(withIdentifier: "label", cacheByKey: "k" as NSString) { cell in
            (cell as? LabelCell)?.label.text = "a"
        }
        let uncached = table.fd_heightForCell(withIdentifier: "label") { (cell: Any?) in
            (cell as? LabelCell)?.label.text = "a"
        }
        XCTAssertEqual(byIndexPath, uncached)
        XCTAssertEqual(byKey, uncached)
        let indexPathCache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        XCTAssertTrue(indexPathCache.existsHeight(at: path))
        XCTAssertEqual(indexPathCache.height(for: path), byIndexPath)
        indexPathCache.cacheHeight(50, by: IndexPath(row: 1, section: 0))
        indexPathCache.invalidateHeight(at: path)
        XCTAssertFalse(indexPathCache.existsHeight(at: path))
        XCTAssertEqual(indexPathCache.height(for: path), -1, "FD answered -1 for no height")
        indexPathCache.invalidateAllHeightCache()
        XCTAssertTrue(indexPathCache.automaticallyInvalidateEnabled)
        let keyedCache: FDKeyedHeightCache = table.fd_keyedHeightCache
        XCTAssertTrue(keyedCache.existsHeight(forKey: "k" as NSString))
        XCTAssertEqual(keyedCache.height(forKey: "k" as NSString), byKey)
        keyedCache.cacheHeight(10, byKey: NSNumber(value: 7))
        keyedCache.invalidateHeight(forKey: "k" as NSString)
        keyedCache.invalidateAllHeightCache()
        XCTAssertFalse(keyedCache.existsHeight(forKey: NSNumber(value: 7)))
        table.fd_debugLogEnabled = true
        table.fd_debugLog("a line")
        XCTAssertTrue(table.fd_debugLogEnabled)
        let template: UITableViewCell = table.fd_templateCell(forReuseIdentifier: "label")
        XCTAssertTrue(template.fd_isTemplateLayoutCell)
        XCTAssertFalse(template.fd_enforceFrameLayout)
    }

    @MainActor
    func testReloadDataForgetsIndexPathHeightsAndTheVariantKeepsThem() {
        let fixture = TableFixture(sections: [["a", "b"]])
        let table = fixture.table
        table.reloadData()
        let path = IndexPath(row: 1, section: 0)
        _ = fixture.tableView(table, heightForRowAt: path)
        table.fd_reloadDataWithoutInvalidateIndexPathHeightCache()
        XCTAssertTrue(table.fd_indexPathHeightCache.existsHeight(at: path))
        table.reloadData()
        XCTAssertFalse(table.fd_indexPathHeightCache.existsHeight(at: path))
    }

    @MainActor
    func testAnUnregisteredIdentifierAnswersTheFallbackWithoutCaching() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.layoutState.assertsOnMisuse = false
        table.rowHeight = 52
        table.estimatedRowHeight = 0
        let height = table.fd_height(identifier: "nobody", cacheBy: IndexPath(row: 0, section: 0)) { (_: LabelCell) in }
        XCTAssertEqual(height, 52)
        XCTAssertFalse(table.fd_indexPathHeightCache.existsHeight(at: IndexPath(row: 0, section: 0)))
        XCTAssertEqual(table.fd_statistics.layouts, 0)
    }

    @MainActor
    func testACellOfAnotherClassAnswersTheFallbackWithoutCaching() {
        let fixture = TableFixture(sections: [["a"]])
        fixture.table.layoutState.assertsOnMisuse = false
        let height = fixture.table.fd_height(identifier: "label", cacheBy: "k") { (_: FrameCell) in }
        XCTAssertEqual(height, SizingRules.fallbackRowHeight(estimatedRowHeight: 0, rowHeight: fixture.table.rowHeight))
        XCTAssertFalse(fixture.table.fd_keyedHeightCache.existsHeight(forKey: "k" as NSString))
    }

    @MainActor
    func testADiffableDataSourceIsNotCachedByIndexPath() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(LabelCell.self, forCellReuseIdentifier: "label")
        let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, path, item in
            table.dequeueReusableCell(withIdentifier: "label", for: path)
        }
        table.dataSource = dataSource
        let path = IndexPath(row: 0, section: 0)
        _ = table.fd_height(identifier: "label", cacheBy: path) { (cell: LabelCell) in cell.label.text = "a" }
        XCTAssertFalse(table.fd_indexPathHeightCache.existsHeight(at: path))
        _ = table.fd_height(identifier: "label", cacheBy: "item-a") { (cell: LabelCell) in cell.label.text = "a" }
        XCTAssertTrue(table.fd_keyedHeightCache.existsHeight(forKey: "item-a" as NSString))
    }
}
#endif
