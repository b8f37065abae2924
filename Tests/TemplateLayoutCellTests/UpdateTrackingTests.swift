#if canImport(UIKit)
import UIKit
import ObjectiveC
import XCTest
@testable import TemplateLayoutCell

/// The update tracking as the Objective-C runtime sees it: installed on classes made at run
/// time (their own methods stand in for UIKit's and count calls), next to hooks installed
/// the way other libraries install theirs, and called off the main thread.
final class UpdateTrackingTests: XCTestCase {
    private let first = IndexPath(row: 0, section: 0)

    /// A table of a new counting class, with the tracking installed on that class, and
    /// sentinel heights 1000, 1001, 1002 cached for rows 0 to 2.
    @MainActor
    private func countingTable(
        _ counter: CallCounter, installing: Bool = true, batchesLikeUIKit: Bool = false
    ) -> (UITableView.Type, UITableView) {
        let tableClass = RuntimeTableClass.counting(counter, batchesLikeUIKit: batchesLikeUIKit)
        if installing { UpdateTracking.install(on: tableClass) }
        let table = RuntimeTableClass.table(of: tableClass)
        for row in 0..<3 {
            table.fd_indexPathHeightCache.cacheHeight(CGFloat(1000 + row), by: IndexPath(row: row, section: 0))
        }
        return (tableClass, table)
    }

    @MainActor
    private func heights(_ table: UITableView, rows: Int) -> [CGFloat] {
        (0..<rows).map { table.fd_indexPathHeightCache.height(for: IndexPath(row: $0, section: 0)) }
    }

    /// DZNEmptyDataSet hooks `reloadData` and `endUpdates` by `method_setImplementation` and
    /// finds its original by `_cmd`. An exchange with `fd_` selectors made such a hook run
    /// with `_cmd == fd_reloadData`, find nothing, and skip UIKit's method.
    @MainActor
    func testHooksInstalledBeforeAndAfterSeeTheirOwnSelectorAndReachTheBaseOnce() {
        let counter = CallCounter()
        let tableClass = RuntimeTableClass.counting(counter)
        DZNStyleHooks.before.resetReceived()
        DZNStyleHooks.after.resetReceived()
        DZNStyleHooks.install(DZNStyleHooks.before, on: tableClass)
        UpdateTracking.install(on: tableClass)
        DZNStyleHooks.install(DZNStyleHooks.after, on: tableClass)
        let table = RuntimeTableClass.table(of: tableClass)
        for row in 0..<3 {
            table.fd_indexPathHeightCache.cacheHeight(CGFloat(1000 + row), by: IndexPath(row: row, section: 0))
        }

        table.insertRows(at: [first], with: .none)
        XCTAssertEqual(counter.count(TrackedSelectors.insertRows), 1, "the base method ran once")
        XCTAssertEqual(heights(table, rows: 4), [-1, 1000, 1001, 1002], "the engine followed the insert")

        table.beginUpdates()
        table.insertRows(at: [first], with: .none)
        table.endUpdates()
        XCTAssertEqual(counter.count(TrackedSelectors.beginUpdates), 1)
        XCTAssertEqual(counter.count(TrackedSelectors.insertRows), 2)
        XCTAssertEqual(counter.count(TrackedSelectors.endUpdates), 1)
        XCTAssertEqual(heights(table, rows: 5), [-1, -1, 1000, 1001, 1002], "the batch was applied at endUpdates")

        table.reloadData()
        XCTAssertEqual(counter.count(TrackedSelectors.reloadData), 1)
        XCTAssertEqual(heights(table, rows: 5), [-1, -1, -1, -1, -1], "reloadData forgot the heights")

        let expected = ["insertRowsAtIndexPaths:withRowAnimation:", "beginUpdates", "insertRowsAtIndexPaths:withRowAnimation:",
                        "endUpdates", "reloadData"]
        XCTAssertEqual(DZNStyleHooks.before.receivedSelectors, expected, "the hook installed before saw UIKit's selectors")
        XCTAssertEqual(DZNStyleHooks.after.receivedSelectors, expected, "the hook installed after saw UIKit's selectors")
    }

    /// The table's base methods do not call `UITableView`'s, so the only tracking that can
    /// move heights is the one installed on its class: without it nothing moves.
    @MainActor
    func testHeightsMoveWithAnInsertedRowOnlyThroughTheInstalledTracking() {
        let untrackedCounter = CallCounter()
        let (_, untracked) = countingTable(untrackedCounter, installing: false)
        untracked.insertRows(at: [first], with: .none)
        XCTAssertEqual(untrackedCounter.count(TrackedSelectors.insertRows), 1)
        XCTAssertEqual(heights(untracked, rows: 3), [1000, 1001, 1002], "no tracking, no move")

        let counter = CallCounter()
        let (_, table) = countingTable(counter)
        table.insertRows(at: [first], with: .none)
        XCTAssertEqual(counter.count(TrackedSelectors.insertRows), 1)
        XCTAssertEqual(heights(table, rows: 4), [-1, 1000, 1001, 1002])
    }

    /// A method the class only inherits gets an override on the class; the superclass keeps
    /// its implementation, and a hook installed on the superclass later is still reached.
    @MainActor
    func testAnInheritedMethodIsOverriddenOnTheClassAndCallsTheSuperclassOfTheMoment() {
        let counter = CallCounter()
        let base = RuntimeTableClass.counting(counter)
        let subclass = RuntimeTableClass.empty(subclassing: base)
        let baseIMPs = TrackedSelectors.all.map { class_getInstanceMethod(base, $0).map(method_getImplementation) }
        UpdateTracking.install(on: subclass)
        let afterIMPs = TrackedSelectors.all.map { class_getInstanceMethod(base, $0).map(method_getImplementation) }
        XCTAssertEqual(afterIMPs, baseIMPs, "the superclass's methods are untouched")
        for selector in TrackedSelectors.all {
            XCTAssertNotEqual(class_getInstanceMethod(subclass, selector), class_getInstanceMethod(base, selector),
                              "\(selector) has its own method on the subclass")
        }

        let table = RuntimeTableClass.table(of: subclass)
        for row in 0..<3 {
            table.fd_indexPathHeightCache.cacheHeight(CGFloat(1000 + row), by: IndexPath(row: row, section: 0))
        }
        table.insertRows(at: [first], with: .none)
        XCTAssertEqual(counter.count(TrackedSelectors.insertRows), 1)
        XCTAssertEqual(heights(table, rows: 4), [-1, 1000, 1001, 1002])

        DZNStyleHooks.after.resetReceived()
        DZNStyleHooks.install(DZNStyleHooks.after, on: base)
        table.reloadData()
        XCTAssertEqual(DZNStyleHooks.after.receivedSelectors, ["reloadData"], "the later hook on the superclass ran")
        XCTAssertEqual(counter.count(TrackedSelectors.reloadData), 1)
        XCTAssertEqual(heights(table, rows: 4), [-1, -1, -1, -1])
    }

    /// Every tracked method reaches the base exactly once and the engine follows it,
    /// performBatchUpdates included (its closure bracketed on the engine's side).
    @MainActor
    func testEveryTrackedMethodReachesTheBaseOnce() {
        let counter = CallCounter()
        let (_, table) = countingTable(counter)
        table.insertSections([1], with: .none)
        table.reloadSections([1], with: .none)
        table.moveSection(1, toSection: 0)
        table.deleteSections([0], with: .none)
        table.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        table.moveRow(at: first, to: IndexPath(row: 1, section: 0))
        table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .none)
        table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        table.reloadSectionIndexTitles()
        table.setEditing(true, animated: false)
        table.isEditing = false
        var ranUpdates = false
        table.performBatchUpdates({
            ranUpdates = true
            table.insertRows(at: [first], with: .none)
            // Inside the batch nothing is applied yet: old index paths still hold.
            XCTAssertEqual(table.fd_indexPathHeightCache.height(for: first), 1001)
        })
        XCTAssertTrue(ranUpdates)
        let plain = [TrackedSelectors.reloadData, TrackedSelectors.beginUpdates, TrackedSelectors.endUpdates]
        for selector in TrackedSelectors.all where !plain.contains(selector) {
            XCTAssertEqual(counter.count(selector), 1, "\(selector)")
        }
        // Section 1 came, went to the top and was deleted, leaving 1000, 1001, 1002; row 2
        // was reloaded (forgotten), row 0 moved below row 1, the new row 1 (1000) deleted,
        // the new row 1 (no height) reconfigured, and a row inserted at the top.
        XCTAssertEqual(heights(table, rows: 3), [-1, 1001, -1])
    }

    // MARK: Issue 17, item C: a swipe is not editing mode

    /// While a row is swiped open `isEditing` is true (UIKitCore 26.1 sets it through a
    /// private method; only the swiped row gets a control). Measuring every row with a
    /// delete control made them too tall. Editing mode is what the app set, through the
    /// public setters.
    @MainActor
    func testASwipeThatMakesIsEditingTrueIsNotTheEditingContext() {
        let counter = CallCounter()
        let (tableClass, table) = countingTable(counter)
        // Stands in for UIKit's swipe: isEditing answers true, and no public setter ran.
        let swiping: @convention(block) (UITableView) -> Bool = { _ in true }
        class_addMethod(tableClass, #selector(getter: UITableView.isEditing), imp_implementationWithBlock(swiping), "B@:")
        XCTAssertTrue(table.isEditing, "precondition: the table reports editing")
        XCTAssertFalse(table.layoutState.refreshGeometry(of: table).isEditing, "a swipe: not the editing context")

        table.setEditing(true, animated: false)
        XCTAssertTrue(table.layoutState.refreshGeometry(of: table).isEditing, "the app's editing mode")
        table.isEditing = false
        XCTAssertFalse(table.layoutState.refreshGeometry(of: table).isEditing, "the app left editing mode")
    }

    // MARK: Issue 17, item A: performBatchUpdates closes privately

    /// UIKit's `performBatchUpdates` sends the public `beginUpdates`, runs the closure and
    /// closes with the private `endUpdatesWithContext:`. Counting the public pair left the
    /// cache inside a batch for good: the next insert was recorded and never applied, so
    /// every row below it kept the height of the row above (FD #366's class of bug).
    @MainActor
    func testAPerformBatchUpdatesThatClosesPrivatelyLeavesTheCacheFollowingLaterUpdates() {
        let counter = CallCounter()
        let (_, table) = countingTable(counter, batchesLikeUIKit: true)
        table.performBatchUpdates({ table.insertRows(at: [first], with: .none) })
        XCTAssertEqual(counter.count(TrackedSelectors.beginUpdates), 1, "UIKit's own beginUpdates reached the base")
        XCTAssertEqual(counter.count(TrackedSelectors.privateEndUpdates), 1)
        XCTAssertEqual(counter.count(TrackedSelectors.endUpdates), 0, "the public endUpdates never came")
        XCTAssertEqual(heights(table, rows: 4), [-1, 1000, 1001, 1002], "the batch was applied")
        XCTAssertFalse(table.layoutState.heights.indexPaths.hasOpenBatch, "no batch left open")

        table.insertRows(at: [first], with: .none)
        XCTAssertEqual(heights(table, rows: 5), [-1, -1, 1000, 1001, 1002], "the next insert was applied, not recorded")

        table.beginUpdates()
        table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        table.endUpdates()
        XCTAssertEqual(heights(table, rows: 4), [-1, -1, 1001, 1002], "the app's own pair is still one batch")
    }

    /// UIKit lays the table out before its `beginUpdates`; a first load there may create the
    /// table's state (its `heightForRowAt` asks for heights). That state took UIKit's
    /// `beginUpdates` for the app's: the batch stayed open, the insert unapplied, until the
    /// main queue turned.
    @MainActor
    func testAStateCreatedInsidePerformBatchUpdatesStartsInsideTheCall() {
        let counter = CallCounter()
        let tableClass = RuntimeTableClass.counting(counter, batchesLikeUIKit: true) { table in
            for row in 0..<3 {
                table.fd_indexPathHeightCache.cacheHeight(CGFloat(1000 + row), by: IndexPath(row: row, section: 0))
            }
        }
        UpdateTracking.install(on: tableClass)
        let table = RuntimeTableClass.table(of: tableClass)
        XCTAssertNil(table.existingLayoutState, "precondition: the package never saw this table")
        table.performBatchUpdates({ table.insertRows(at: [self.first], with: .none) })
        XCTAssertEqual(heights(table, rows: 4), [-1, 1000, 1001, 1002], "applied when the closure returned")
        XCTAssertFalse(table.layoutState.heights.indexPaths.isInsideUpdateCall, "nothing left open for the turn's end")
    }

    /// Settles on a device what UIKitCore's dumps leave open (behaviour Q2): whether a
    /// diffable data source's apply opens its batch through the public `beginUpdates` and
    /// closes it privately. If it does, this fails, and every apply ends with the cache
    /// forgetting its heights and the table asked again when the main queue turns (safe,
    /// not free), and `UpdateCallAccounting` should learn that sequence as it learned
    /// `performBatchUpdates`'.
    @MainActor
    func testADiffableApplyLeavesNoUpdateCallOpen() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        table.register(LabelCell.self, forCellReuseIdentifier: "label")
        let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "label", for: indexPath)
            (cell as? LabelCell)?.label.text = item
            return cell
        }
        _ = table.layoutState
        let window = UIWindow(frame: table.frame)
        window.addSubview(table)
        window.isHidden = false
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b"])
        dataSource.apply(snapshot, animatingDifferences: false)
        snapshot.appendItems(["c"])
        dataSource.apply(snapshot, animatingDifferences: true)
        XCTAssertEqual(table.numberOfRows(inSection: 0), 3, "precondition: the apply reached the table")
        XCTAssertFalse(table.layoutState.heights.indexPaths.isInsideUpdateCall, "no call left open for the turn's end")
        withExtendedLifetime((dataSource, window)) {}
    }

    /// Nested `performBatchUpdates`, UIKit-style, apply once, when the outer closure returns.
    @MainActor
    func testNestedPerformBatchUpdatesClosingPrivatelyApplyOnceAtTheOuterClosuresReturn() {
        let counter = CallCounter()
        let (_, table) = countingTable(counter, batchesLikeUIKit: true)
        table.performBatchUpdates({
            table.insertRows(at: [first], with: .none)
            table.performBatchUpdates({ table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .none) })
            XCTAssertEqual(self.heights(table, rows: 3), [1000, 1001, 1002], "nothing applied inside")
        })
        XCTAssertEqual(heights(table, rows: 3), [-1, 1000, 1001])
        XCTAssertFalse(table.layoutState.heights.indexPaths.hasOpenBatch)
    }

    /// An app that calls `reloadData` or an update off the main thread (a bug UIKit only
    /// warns about) must not crash in the tracking: UIKit's method runs, once, and the engine
    /// is not touched there.
    @MainActor
    func testUpdatesOffTheMainThreadReachTheBaseOnceWithoutTouchingTheEngine() {
        let counter = CallCounter()
        let (_, table) = countingTable(counter)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            MessageSend.plain(table, TrackedSelectors.reloadData)
            MessageSend.plain(table, TrackedSelectors.beginUpdates)
            MessageSend.rows(table, TrackedSelectors.insertRows, [IndexPath(row: 0, section: 0)])
            MessageSend.plain(table, TrackedSelectors.endUpdates)
        }
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        for selector in [TrackedSelectors.reloadData, TrackedSelectors.beginUpdates, TrackedSelectors.insertRows,
                         TrackedSelectors.endUpdates] {
            XCTAssertEqual(counter.countOffMainThread(selector), 1, "\(selector) ran once, off the main thread")
        }
        XCTAssertEqual(heights(table, rows: 3), [1000, 1001, 1002], "the engine was left alone")
        XCTAssertFalse(table.layoutState.heights.indexPaths.hasOpenBatch, "no batch was opened on the engine")
        #if DEBUG
        XCTAssertTrue(UpdateTracking.offMainThread.hasReported)
        #endif
    }

    /// Review 18, F2: UIKit took the unmoved heights during the off-main call and asks a row's
    /// height again only on a reload, an update or a scroll; forgetting them is not enough.
    @MainActor
    func testAnUpdateOffTheMainThreadForgetsTheHeightsAndHasTheTableAskAgain() {
        let counter = CallCounter()
        let (_, table) = countingTable(counter)
        let recorder = LineRecorder()
        table.layoutState.heights.log = DebugLog(isEnabled: true, reportsProblems: true, sink: DebugLogSink { recorder.add($0) })
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            MessageSend.rows(table, TrackedSelectors.insertRows, [IndexPath(row: 0, section: 0)])
        }
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.2))

        XCTAssertEqual(heights(table, rows: 3), [-1, -1, -1], "forgotten on the main thread")
        // Asked through the one path every re-ask takes (`askForHeightsAgain`), which traces
        // its reason whether it sends the empty batch or finds the counts apart (this
        // counting table's methods never reach UIKit's rows).
        XCTAssertTrue(recorder.lines.contains { $0.contains("an update ran off the main thread") }, "\(recorder.lines)")
    }

    /// Installing twice would run the tracking twice per call: an inserted row would move
    /// the heights by two.
    @MainActor
    func testInstallingTheTrackingTwiceInstallsItOnce() {
        UpdateTracking.installIfNeeded()
        let method = class_getInstanceMethod(UITableView.self, TrackedSelectors.insertRows)
        let installed = method.map(method_getImplementation)
        UpdateTracking.installIfNeeded()
        XCTAssertTrue(UpdateTracking.installed)
        XCTAssertEqual(method.map(method_getImplementation), installed)

        let fixture = TrackedTableFixture.hosted(rowCount: 3)
        fixture.cacheSentinelHeights()
        fixture.sections[0].insert("new", at: 0)
        fixture.table.insertRows(at: [first], with: .none)
        XCTAssertFalse(TrackedTableFixture.isSentinel(fixture.cachedHeight(row: 0)), "the new row has no moved height")
        XCTAssertEqual(fixture.cachedHeight(row: 1), TrackedTableFixture.sentinel(section: 0, row: 0))
        XCTAssertEqual(fixture.cachedHeight(row: 2), TrackedTableFixture.sentinel(section: 0, row: 1))
        XCTAssertEqual(fixture.cachedHeight(row: 3), TrackedTableFixture.sentinel(section: 0, row: 2))
    }

    /// `reloadData` forgets index-path heights; FD's variant keeps them. Sentinels tell a
    /// kept height from one UIKit had measured again after the reload.
    @MainActor
    func testReloadDataForgetsIndexPathHeightsAndTheFDVariantKeepsThem() {
        let fixture = TrackedTableFixture.hosted(rowCount: 3)
        fixture.cacheSentinelHeights()
        fixture.table.fd_reloadDataWithoutInvalidateIndexPathHeightCache()
        fixture.table.layoutIfNeeded()
        XCTAssertEqual((0..<3).map { fixture.cachedHeight(row: $0) }, (0..<3).map { TrackedTableFixture.sentinel(section: 0, row: $0) })
        fixture.table.reloadData()
        fixture.table.layoutIfNeeded()
        XCTAssertFalse((0..<3).contains { TrackedTableFixture.isSentinel(fixture.cachedHeight(row: $0)) })
    }

    // MARK: Issue 14, item 1: reconfigureRows(at:)

    /// A reconfigured row keeps its cell and its place but not its content: its height is
    /// forgotten (the others stay), and UIKit's method runs once.
    @MainActor
    func testReconfigureRowsForgetsTheRowsHeightAndReachesTheBaseOnce() throws {
        guard #available(iOS 15, *) else { throw XCTSkip("reconfigureRows(at:) is iOS 15+") }
        let counter = CallCounter()
        let (_, table) = countingTable(counter)
        table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        XCTAssertEqual(counter.count(TrackedSelectors.reconfigureRows), 1)
        XCTAssertEqual(heights(table, rows: 3), [1000, -1, 1002])
    }

    /// Inside a batch a reconfigured row is named by its index path before the batch (UIKit
    /// carries the reconfigure out at once, on the rows as displayed): old row 1 (1001) is
    /// forgotten, and moves down with the insert above it.
    @MainActor
    func testReconfigureRowsInsideABatchNamesTheRowsAsDisplayed() throws {
        guard #available(iOS 15, *) else { throw XCTSkip("reconfigureRows(at:) is iOS 15+") }
        let counter = CallCounter()
        let (_, table) = countingTable(counter)
        table.performBatchUpdates({
            table.insertRows(at: [first], with: .none)
            table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        })
        XCTAssertEqual(counter.count(TrackedSelectors.reconfigureRows), 1)
        XCTAssertEqual(heights(table, rows: 4), [-1, 1000, -1, 1002])
    }

    /// On a real table: a row whose text grew and was reconfigured is laid out at the height
    /// of its new text, not the cached height of the old one.
    @MainActor
    func testAReconfiguredRowGetsTheHeightOfItsNewContent() throws {
        guard #available(iOS 15, *) else { throw XCTSkip("reconfigureRows(at:) is iOS 15+") }
        let fixture = TrackedTableFixture.hosted(rowCount: 3)
        let row = IndexPath(row: 1, section: 0)
        let before = fixture.table.rectForRow(at: row).height
        fixture.sections[0][1] = String(repeating: "A much longer text that wraps. ", count: 12)
        fixture.table.reconfigureRows(at: [row])
        fixture.table.layoutIfNeeded()
        let expected = fixture.table.fd_height(identifier: "label") { (cell: LabelCell) in cell.label.text = fixture.sections[0][1] }
        XCTAssertGreaterThan(expected, before + 40, "precondition: the new text is taller")
        XCTAssertEqual(fixture.table.rectForRow(at: row).height, expected, "the new content's height, not the cached one")
        XCTAssertEqual(fixture.cachedHeight(row: 1), expected)
    }

    /// The first table state installs the tracking, and no `fd_` selector stands for one of
    /// UIKit's update methods.
    @MainActor
    func testATableStateInstallsTheTrackingUnderUIKitsOwnSelectors() {
        _ = UITableView(frame: .zero, style: .plain).layoutState
        XCTAssertTrue(UpdateTracking.installed)
        for name in ["fd_reloadData", "fd_beginUpdates", "fd_endUpdates", "fd_insertSections:withRowAnimation:",
                     "fd_insertRowsAtIndexPaths:withRowAnimation:", "fd_moveRowAtIndexPath:toIndexPath:",
                     "fd_performBatchUpdates:completion:"] {
            XCTAssertFalse(UITableView.instancesRespond(to: NSSelectorFromString(name)), name)
        }
    }
}
#endif
