#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell
// What a mixed app's bridging header brings in when its Objective-C imports the pod's
// header: it must add no second Swift name for anything (compiling this file checks it).
import FDTemplateLayoutCell
#if canImport(OSLog)
import OSLog
#endif

/// FDTemplateLayoutCell's API as code written for the pod uses it: its Objective-C
/// selectors, the implicitly unwrapped types Swift saw in its headers, `nil` from
/// Objective-C, standalone caches, `automaticallyInvalidateEnabled` and the debug log.
/// The Objective-C side is compiled by `.ci/objc-compat-check`.
final class FDCompatibilityTests: XCTestCase {
    /// Puts `table` in a shown window and lays it out, so that updates have UIKit's row
    /// counts to start from.
    @MainActor
    private func host(_ table: UITableView) -> UIWindow {
        let window = UIWindow(frame: table.frame)
        window.addSubview(table)
        window.isHidden = false
        table.layoutIfNeeded()
        return window
    }

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
        let indexPathCache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        for selector in ["existsHeightAtIndexPath:", "cacheHeight:byIndexPath:", "heightForIndexPath:",
                         "invalidateHeightAtIndexPath:", "invalidateAllHeightCache",
                         "automaticallyInvalidateEnabled", "setAutomaticallyInvalidateEnabled:"] {
            XCTAssertTrue(indexPathCache.responds(to: NSSelectorFromString(selector)), selector)
        }
        let keyedCache: FDKeyedHeightCache = table.fd_keyedHeightCache
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

    /// The pod's header had no nullability annotations, so Swift saw implicitly unwrapped
    /// types, and pod-era Swift code tests them with `if let`, `?.` and `!`, passes `nil`, and
    /// ignores results. All of it must compile and give the pod's answers.
    @MainActor
    func testPodEraSwiftCodeThatTreatsResultsAsOptionalCompiles() throws {
        let fixture = TableFixture(sections: [["a"]])
        let table = fixture.table
        table.layoutState.assertsOnMisuse = false
        let path = IndexPath(row: 0, section: 0)

        if let template = table.fd_templateCell(forReuseIdentifier: "label") {
            XCTAssertTrue(template.fd_isTemplateLayoutCell)
        }
        if let cell = table.fd_templateCell(forReuseIdentifier: "label") as? LabelCell {
            cell.label.text = "a"
        } else {
            XCTFail("the template is the registered LabelCell")
        }
        XCTAssertNotNil(table.fd_templateCell(forReuseIdentifier: "label")?.contentView)
        let forced: UITableViewCell = table.fd_templateCell(forReuseIdentifier: "label")!
        XCTAssertTrue(forced.fd_isTemplateLayoutCell)
        guard let indexPathCache = table.fd_indexPathHeightCache, let keyedCache = table.fd_keyedHeightCache else {
            return XCTFail("the caches are never nil")
        }
        indexPathCache.cacheHeight(60, by: path)
        XCTAssertEqual(table.fd_indexPathHeightCache?.height(for: path), 60)
        XCTAssertEqual(table.fd_indexPathHeightCache!.existsHeight(at: path), true)
        keyedCache.cacheHeight(70, byKey: "k" as NSString)
        XCTAssertEqual(table.fd_keyedHeightCache?.height(forKey: "k" as NSString), 70)
        let cached = try XCTUnwrap(table.fd_keyedHeightCache).existsHeight(forKey: "k" as NSString)
        XCTAssertTrue(cached)

        // `nil` for an implicitly unwrapped parameter: the pod's 0, or "no height".
        XCTAssertEqual(table.fd_heightForCell(withIdentifier: nil, configuration: nil), 0)
        XCTAssertEqual(table.fd_heightForCell(withIdentifier: "label", cacheBy: nil, configuration: nil), 0)
        XCTAssertEqual(table.fd_heightForCell(withIdentifier: "label", cacheByKey: nil, configuration: nil), 0)
        XCTAssertEqual(table.fd_heightForHeaderFooterView(withIdentifier: nil, configuration: nil), 0)
        XCTAssertEqual(indexPathCache.height(for: nil), -1)
        XCTAssertFalse(indexPathCache.existsHeight(at: nil))
        XCTAssertEqual(keyedCache.height(forKey: nil), 0)
        XCTAssertFalse(keyedCache.existsHeight(forKey: nil))
        keyedCache.invalidateHeight(forKey: nil)
        indexPathCache.invalidateHeight(at: nil)
        table.fd_debugLog(nil)
        XCTAssertNotNil(table.fd_templateCell(forReuseIdentifier: nil), "a plain cell, never nil")

        // Results are discardable, as imported Objective-C results were.
        table.fd_templateCell(forReuseIdentifier: "label")
        table.fd_heightForCell(withIdentifier: "label", configuration: nil)
        indexPathCache.existsHeight(at: path)
        keyedCache.height(forKey: "k" as NSString)
    }

    /// `nil` from Objective-C reaches the methods as `nil`: the `@objc` entry points take
    /// optionals, so the bridging neither traps nor makes up a key. Called through the
    /// runtime, as Objective-C calls them.
    @MainActor
    func testNilFromObjectiveCGetsThePodsAnswerWithoutATrap() {
        let fixture = TableFixture(sections: [["a"]])
        let table = fixture.table
        table.layoutState.assertsOnMisuse = false
        typealias HeightByIndexPath = @convention(c) (AnyObject, Selector, NSString?, NSIndexPath?, AnyObject?) -> CGFloat
        typealias HeightByKey = @convention(c) (AnyObject, Selector, NSString?, AnyObject?, AnyObject?) -> CGFloat
        typealias CacheLookup = @convention(c) (AnyObject, Selector, AnyObject?) -> CGFloat
        typealias Template = @convention(c) (AnyObject, Selector, NSString?) -> UITableViewCell?

        func call<Function>(_ object: NSObject, _ name: String, as type: Function.Type) -> (Function, Selector) {
            let selector = NSSelectorFromString(name)
            return (unsafeBitCast(object.method(for: selector), to: type), selector)
        }
        let (byIndexPath, byIndexPathSelector) = call(table, "fd_heightForCellWithIdentifier:cacheByIndexPath:configuration:", as: HeightByIndexPath.self)
        XCTAssertEqual(byIndexPath(table, byIndexPathSelector, "label", nil, nil), 0)
        XCTAssertEqual(byIndexPath(table, byIndexPathSelector, nil, IndexPath(row: 0, section: 0) as NSIndexPath, nil), 0)
        let (byKey, byKeySelector) = call(table, "fd_heightForCellWithIdentifier:cacheByKey:configuration:", as: HeightByKey.self)
        XCTAssertEqual(byKey(table, byKeySelector, "label", nil, nil), 0)
        let (heightForKey, heightForKeySelector) = call(table.fd_keyedHeightCache, "heightForKey:", as: CacheLookup.self)
        XCTAssertEqual(heightForKey(table.fd_keyedHeightCache, heightForKeySelector, nil), 0)
        let (heightForPath, heightForPathSelector) = call(table.fd_indexPathHeightCache, "heightForIndexPath:", as: CacheLookup.self)
        XCTAssertEqual(heightForPath(table.fd_indexPathHeightCache, heightForPathSelector, nil), -1)
        let (template, templateSelector) = call(table, "fd_templateCellForReuseIdentifier:", as: Template.self)
        XCTAssertNotNil(template(table, templateSelector, nil))
        XCTAssertEqual(table.fd_statistics.layouts, 0, "nothing was measured for a nil argument")
    }

    /// `[FDIndexPathHeightCache new]` and `[[FDKeyedHeightCache alloc] init]`, as the pod
    /// allowed: caches attached to no table, which store and answer heights.
    @MainActor
    func testStandaloneCachesFromInitAndNewWork() throws {
        let indexPathCache = FDIndexPathHeightCache()
        let path = IndexPath(row: 3, section: 1)
        XCTAssertFalse(indexPathCache.automaticallyInvalidateEnabled, "the pod's initial value")
        indexPathCache.cacheHeight(88, by: path)
        XCTAssertEqual(indexPathCache.height(for: path), 88)
        XCTAssertTrue(indexPathCache.automaticallyInvalidateEnabled)

        let keyedCache = FDKeyedHeightCache()
        keyedCache.cacheHeight(40, byKey: "post" as NSString)
        XCTAssertEqual(keyedCache.height(forKey: "post" as NSString), 40)

        // `+new` through the runtime, as Objective-C sends it (it returns a retained object).
        let made = try XCTUnwrap((FDKeyedHeightCache.self as AnyObject).perform(NSSelectorFromString("new"))?.takeRetainedValue())
        XCTAssertTrue(made is FDKeyedHeightCache)
        XCTAssertFalse((made as? FDKeyedHeightCache)?.existsHeight(forKey: "post" as NSString) ?? true, "a cache of its own")
    }

    /// The pod's rule, read from its source: `NO` until the first `cacheHeight:byIndexPath:`,
    /// which sets `YES` each time, so turning it off lasts until the next cached height.
    @MainActor
    func testAutomaticallyInvalidateEnabledFollowsThePodsRule() {
        let fixture = TableFixture(sections: [["a", "b", "c"]])
        let table = fixture.table
        let window = host(table)
        defer { window.isHidden = true }
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        cache.invalidateAllHeightCache()
        let fresh = UITableView()
        XCTAssertFalse(fresh.fd_indexPathHeightCache.automaticallyInvalidateEnabled, "NO before any height")

        cache.cacheHeight(123, by: IndexPath(row: 0, section: 0))
        XCTAssertTrue(cache.automaticallyInvalidateEnabled, "YES after cacheHeight:byIndexPath:")

        cache.automaticallyInvalidateEnabled = false
        XCTAssertFalse(cache.automaticallyInvalidateEnabled)
        table.reloadData()
        XCTAssertEqual(cache.height(for: IndexPath(row: 0, section: 0)), 123, "off: reloadData kept the height")

        cache.cacheHeight(77, by: IndexPath(row: 2, section: 0))
        XCTAssertTrue(cache.automaticallyInvalidateEnabled, "the next cached height turned it back on")
        table.reloadData()
        XCTAssertNotEqual(cache.height(for: IndexPath(row: 0, section: 0)), 123, "on: reloadData forgot the heights")
    }

    @MainActor
    func testReloadDataForgetsIndexPathHeightsAndTheVariantKeepsThem() {
        let fixture = TableFixture(sections: [["a", "b"]])
        let table = fixture.table
        let window = host(table)
        defer { window.isHidden = true }
        let path = IndexPath(row: 1, section: 0)
        table.fd_indexPathHeightCache.cacheHeight(321, by: path)
        table.fd_reloadDataWithoutInvalidateIndexPathHeightCache()
        table.layoutIfNeeded()
        XCTAssertEqual(table.fd_indexPathHeightCache.height(for: path), 321)
        table.reloadData()
        XCTAssertNotEqual(table.fd_indexPathHeightCache.height(for: path), 321, "forgotten (UIKit may have measured it again)")
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

    /// A sentinel height at row 0 must be at row 1 after inserting a row above it: true only
    /// if the insert reached the cache. (A check of mere existence would pass without the
    /// tracking, because UIKit measures rows again during the insert.)
    @MainActor
    func testInstallingTheUpdateTrackingTwiceStillMovesHeights() {
        UpdateTracking.installIfNeeded()
        UpdateTracking.installIfNeeded()
        let fixture = TableFixture(sections: [["a", "b"]])
        let table = fixture.table
        let window = host(table)
        defer { window.isHidden = true }
        table.fd_indexPathHeightCache.cacheHeight(123, by: IndexPath(row: 0, section: 0))
        fixture.sections[0].insert("c", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        XCTAssertEqual(table.fd_indexPathHeightCache.height(for: IndexPath(row: 1, section: 0)), 123)
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
        withExtendedLifetime(dataSource) {}
    }

    /// The Objective-C module declares `fd_templateCellForReuseIdentifier:` (returning
    /// `__kindof UITableViewCell *`, refined for Swift as `__fd_templateCell`); the Swift
    /// module implements that selector. Both names reach the same template.
    @MainActor
    func testTheObjectiveCModulesTemplateDeclarationReachesTheSwiftImplementation() {
        let fixture = TableFixture(sections: [["a"]])
        let throughObjectiveC: UITableViewCell? = fixture.table.__fd_templateCell(forReuseIdentifier: "label")
        XCTAssertTrue(throughObjectiveC === fixture.table.fd_templateCell(forReuseIdentifier: "label"))
        XCTAssertTrue(throughObjectiveC is LabelCell)
    }

    /// FD wrote with NSLog, which Xcode's console always shows; debug-level system log
    /// lines are not kept unless logging is configured, so lines go at the default level.
    @MainActor
    func testDebugLogLinesReachTheSystemLogAtTheDefaultLevel() throws {
        #if canImport(OSLog)
        guard #available(iOS 15.0, *) else { throw XCTSkip("OSLogStore needs iOS 15") }
        let table = UITableView()
        table.fd_debugLogEnabled = true
        let marker = "fd-compat-\(UUID().uuidString)"
        let start = Date()
        table.fd_debugLog(marker)
        let store = try OSLogStore(scope: .currentProcessIdentifier)
        let entries = try store.getEntries(at: store.position(date: start.addingTimeInterval(-1)))
            .compactMap { $0 as? OSLogEntryLog }
            .filter { $0.subsystem == "TemplateLayoutCell" && $0.composedMessage.contains(marker) }
        XCTAssertEqual(entries.count, 1, "the line is in the log without any configuration")
        XCTAssertEqual(entries.first?.level, .notice, "os_log's default level, where NSLog writes")
        #else
        throw XCTSkip("no OSLog")
        #endif
    }
}
#endif
