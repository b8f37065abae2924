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

    /// RUN-LOOP TIMING. Precache turned on and paused by `pause`: for a fixed 0.3 s no row
    /// ahead is measured; then `resume` ends the pause and the same rows are precached, so
    /// the first half cannot pass by precaching nothing anywhere.
    @MainActor
    private func checkThePrecacheWaits(
        _ pause: (UITableView) -> Void, until resume: (UITableView) -> Void, _ resumed: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table)
        let cachedBefore = rowsAhead.filter { cache.existsHeight(at: $0) }
        XCTAssertNotEqual(cachedBefore.count, rowsAhead.count, "precondition: rows ahead are not measured yet", file: file, line: line)

        pause(table)
        spinMainRunLoop(timeout: 0.3)

        XCTAssertEqual(rowsAhead.filter { cache.existsHeight(at: $0) }, cachedBefore, "paused", file: file, line: line)
        resume(table)
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { rowsAhead.allSatisfy { cache.existsHeight(at: $0) } }, resumed, file: file, line: line)
    }

    @MainActor
    func testAHiddenTableIsNotPrecached() {
        checkThePrecacheWaits({ table in
            table.isHidden = true
            table.fd_precacheEnabled = true
        }, until: { $0.isHidden = false }, "shown, it is precached")
    }

    /// Review 18: the pause after a memory warning used to end only when the app set
    /// `fd_precacheEnabled` again.
    @MainActor
    func testAMemoryWarningPausesThePrecacheUntilTheAppComesBack() {
        checkThePrecacheWaits({ table in
            table.fd_precacheEnabled = true
            NotificationCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification, object: UIApplication.shared)
        }, until: { _ in
            NotificationCenter.default.post(name: UIApplication.willEnterForegroundNotification, object: UIApplication.shared)
        }, "back, it precaches")
    }

    /// Review 18c: a pass does not run in a run of the loop spun inside one of the package's
    /// calls (a configure closure's HTML import), where it would ask the app's
    /// heightForRowAt from inside UIKit's own height loop.
    @MainActor
    func testNoPassRunsInsideThePackagesCalls() {
        var call: Int?
        checkThePrecacheWaits({ table in
            table.fd_precacheEnabled = true
            call = LiveCalls.enter()
        }, until: { _ in
            if let call { LiveCalls.leave(call) }
        }, "after the call, it precaches")
    }

    @MainActor
    func testTurningPrecacheOffStopsIt() {
        checkThePrecacheWaits({ table in
            table.fd_precacheEnabled = true
            table.fd_precacheEnabled = false
        }, until: { $0.fd_precacheEnabled = true }, "on again, it precaches")
    }

    // MARK: Issue 8, item 7: after Core Animation's commit, never delaying the next frame

    @MainActor
    func testTheRunLoopObserverIsOrderedAfterCoreAnimationsCommit() {
        XCTAssertGreaterThan(IdlePrecacheDriver.observerOrder, CFIndex(PrecacheRunLoopOrder.coreAnimationCommit))
        XCTAssertLessThan(IdlePrecacheDriver.observerOrder, CFIndex(Int32.max), "before UIKit drains the autorelease pool")
    }

    /// RUN-LOOP TIMING. A probe observer at Core Animation's commit order marks, each turn,
    /// that the commit point has passed; every height the precache asks for comes after it in
    /// its turn. With FD 1.2's order 0 the pass would run before the probe, and this fails.
    @MainActor
    func testAPassRunsAfterTheCommitPointOfItsRunLoopTurn() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let probe = RunLoopProbe(order: CFIndex(PrecacheRunLoopOrder.coreAnimationCommit))
        defer { probe.remove() }
        var requestsBeforeTheCommitPoint = 0
        var requests = 0
        fixture.onHeightRequest = { _ in
            requests += 1
            if !probe.passedBeforeWaitingThisTurn { requestsBeforeTheCommitPoint += 1 }
        }

        table.fd_precacheEnabled = true
        spinMainRunLoop(timeout: 2) { requests >= 10 }

        XCTAssertGreaterThanOrEqual(requests, 10, "precondition: the precache measured rows")
        XCTAssertEqual(requestsBeforeTheCommitPoint, 0, "no pass ran before the commit point of its turn")
    }

    /// RUN-LOOP TIMING. Each measurement takes 3 ms; a pass may use 4 ms at most, so it stops
    /// before a second one that would not end in time: one row per pass, never more, over
    /// many passes.
    @MainActor
    func testAPassStopsBeforeAMeasurementThatWouldRunPastItsDeadline() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        // Counts passes: it runs at beforeWaiting just before the precache's observer.
        let passes = RunLoopProbe(order: IdlePrecacheDriver.observerOrder - 1)
        defer { passes.remove() }
        var rowsPerPass: [Int: Int] = [:]
        fixture.onHeightRequest = { _ in
            rowsPerPass[passes.beforeWaitingCount, default: 0] += 1
            usleep(3_000)
        }

        table.fd_precacheEnabled = true
        spinMainRunLoop(timeout: 2) { rowsPerPass.count >= 5 }

        XCTAssertGreaterThanOrEqual(rowsPerPass.count, 5, "precondition: several passes ran")
        XCTAssertEqual(rowsPerPass.values.max(), 1, "no pass started a measurement it could not finish by its deadline")
    }

    /// RUN-LOOP TIMING. Review 21b, B1: each row costs 6 ms, more than a pass's budget (4 ms
    /// at 60 Hz, 2 ms at 120 Hz). After the first row, the next pass could start none and
    /// only halved its learned cost; before the fix it asked for no further turn, and an idle
    /// app's run loop slept until the next touch. One long run of the loop, not repeated
    /// short ones (`spinMainRunLoop` re-enters every 50 ms, each entry a fresh turn the
    /// precache would not get in an idle app): the driver's own wake-up must carry it.
    @MainActor
    func testRowsDearerThanAPassBudgetArePrecachedWhileTheAppIsIdle() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table)
        XCTAssertFalse(rowsAhead.contains { cache.existsHeight(at: $0) }, "precondition: UIKit has not measured them")
        fixture.onHeightRequest = { _ in usleep(6_000) }

        table.fd_precacheEnabled = true
        // One entry of the default mode for a second: no wake-up but the driver's own.
        let result = CFRunLoopRunInMode(CFRunLoopMode.defaultMode, 1.0, false)

        XCTAssertEqual(result, .timedOut, "precondition: the run loop ran the whole second")

        XCTAssertTrue(rowsAhead.allSatisfy { cache.existsHeight(at: $0) },
                      "\(rowsAhead.filter { cache.existsHeight(at: $0) }.count) of \(rowsAhead.count) rows ahead precached in an idle second")
    }

    // MARK: Issue 8, item 11: the data source's counts, at pass time

    /// RUN-LOOP TIMING. The app drops rows from its model and has not told the table yet:
    /// no pass asks `heightForRowAt` about anything while the counts differ; once the table
    /// is told, precaching resumes within the new counts.
    @MainActor
    func testAPassNeverAsksAboutRowsTheDataSourceNoLongerHas() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        let visibleCount = table.indexPathsForVisibleRows?.count ?? 0
        let keptRows = visibleCount + 30
        fixture.texts = Array(fixture.texts.prefix(keptRows))
        let requestsBefore = fixture.heightRequests

        table.fd_precacheEnabled = true
        spinMainRunLoop(timeout: 0.5)

        XCTAssertEqual(fixture.heightRequests, requestsBefore, "no pass ran while the model and the table disagreed")
        XCTAssertTrue(fixture.rowsAskedPastTheEnd.isEmpty)

        table.deleteRows(at: (keptRows..<200).map { IndexPath(row: $0, section: 0) }, with: .none)
        table.layoutIfNeeded()
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table)
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { rowsAhead.allSatisfy { cache.existsHeight(at: $0) } }, "told, the table is precached again")
        XCTAssertTrue(fixture.rowsAskedPastTheEnd.isEmpty, "never past the data source's rows: \(fixture.rowsAskedPastTheEnd)")
    }

    /// RUN-LOOP TIMING. Review 19b, C1: the first row a pass measures spins the run loop (an
    /// HTML import in a configure closure), and the app's refresh runs inside that spin: a
    /// shorter model and `reloadData()`. The pass stops there; before the fix it went on with
    /// its old plan and asked the rows after the new end, where an app's `posts[row]` traps.
    @MainActor
    func testAPassStopsWhenTheAppReloadsInsideAMeasurement() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let lastVisible = table.indexPathsForVisibleRows?.last?.row ?? 0
        var reloaded = false
        fixture.onHeightRequest = { indexPath in
            guard !reloaded, indexPath.row > lastVisible else { return }
            reloaded = true
            // The app's refresh, on the main queue, runs inside the spin below.
            DispatchQueue.main.async {
                fixture.texts = Array(fixture.texts.prefix(indexPath.row + 1))
                table.reloadData()
            }
            // One source handled, then back: a short spin, so the pass's 4 ms budget is not
            // what stops it (a long one would end the pass at its deadline and hide the defect).
            _ = CFRunLoopRunInMode(CFRunLoopMode.defaultMode, 0.01, true)
        }

        table.fd_precacheEnabled = true
        spinMainRunLoop(timeout: 0.5)

        XCTAssertTrue(reloaded, "precondition: a pass measured a row below the visible ones")
        XCTAssertEqual(fixture.texts.count, lastVisible + 2, "precondition: the model shrank inside the measurement")
        XCTAssertTrue(fixture.rowsAskedPastTheEnd.isEmpty, "no row past the new end was asked: \(fixture.rowsAskedPastTheEnd)")
    }

    /// RUN-LOOP TIMING (waits a fixed 0.3 s). The skeleton's delegate answers heights while it
    /// shows; precaching would measure its rows for nothing.
    @MainActor
    func testThePrecacheWaitsWhileASkeletonShows() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        table.fd_showSkeleton(SkeletonConfiguration(identifier: RecordingTableFixture.cellIdentifier, rowCount: 200))
        table.layoutIfNeeded()
        let requestsBefore = fixture.heightRequests

        table.fd_precacheEnabled = true
        spinMainRunLoop(timeout: 0.3)
        XCTAssertEqual(fixture.heightRequests, requestsBefore)

        table.fd_hideSkeleton(animated: false)
        table.layoutIfNeeded()
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table)
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { rowsAhead.allSatisfy { cache.existsHeight(at: $0) } }, "hidden, precaching resumes")
    }
}

extension IdlePrecacheTests {
    /// RUN-LOOP TIMING. Issue 14, item 11: while the table's view controller is pushed (its
    /// `transitionCoordinator` set) no pass runs, so the transition's frames are the
    /// transition's; once it ends, the rows ahead are precached.
    @MainActor
    func testNoPassRunsDuringAViewControllerTransition() throws {
        let fixture = RecordingTableFixture(rowCount: 200, estimatedRowHeight: 44)
        let table = fixture.table
        let navigation = UINavigationController(rootViewController: UIViewController())
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let tableController = UIViewController()
        tableController.view = table
        table.fd_precacheEnabled = true

        navigation.pushViewController(tableController, animated: true)
        window.layoutIfNeeded()
        table.layoutIfNeeded()
        XCTAssertNotNil(tableController.transitionCoordinator, "precondition: the push is animating")
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table)
        var precachedDuringTransition = false
        let ended = spinMainRunLoop(timeout: 3) {
            if tableController.transitionCoordinator != nil, rowsAhead.contains(where: { cache.existsHeight(at: $0) }) {
                precachedDuringTransition = true
            }
            return tableController.transitionCoordinator == nil
        }
        XCTAssertTrue(ended, "the push ended")
        XCTAssertFalse(precachedDuringTransition, "no pass ran during the transition")
        let rowsAheadNow = Self.rowsBelowTheVisibleOnes(in: table)
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { rowsAheadNow.allSatisfy { cache.existsHeight(at: $0) } },
                      "after it, the rows ahead are precached")
        withExtendedLifetime(window) {}
    }
}

extension IdlePrecacheTests {
    /// RUN-LOOP TIMING. Review L2 (issue 13): a scroll ends, the run loop leaves UIKit's
    /// tracking mode and enters the default mode again, where the first turn has entry and
    /// beforeWaiting but no afterWaiting. That first pass measures rows ahead; with the turn
    /// start left from before the scroll it had no time and measured none.
    @MainActor
    func testTheFirstPassAfterTheTrackingModeEndsMeasuresRows() {
        let fixture = Self.makeHostedTable()
        let table = fixture.table
        let cache: FDIndexPathHeightCache = table.fd_indexPathHeightCache
        table.fd_precacheEnabled = true
        // Idle turns in the default mode: the precache has run, and knows a turn start.
        let settled = Self.rowsBelowTheVisibleOnes(in: table)
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { settled.allSatisfy { cache.existsHeight(at: $0) } }, "precondition")

        // The end of a scroll: far down the table, rows ahead not measured, after 100 ms in
        // the tracking mode, which the precache's default-mode observer does not see.
        table.contentOffset.y = 100 * 44
        table.layoutIfNeeded()
        let rowsAhead = Self.rowsBelowTheVisibleOnes(in: table)
        XCTAssertFalse(rowsAhead.allSatisfy { cache.existsHeight(at: $0) }, "precondition: rows ahead are not measured")
        _ = CFRunLoopRunInMode(CFRunLoopMode(RunLoop.Mode.tracking.rawValue as CFString), 0.1, false)
        // A mode with nothing in it returns at once: the time is made to pass either way.
        usleep(50_000)

        // The default mode again, run as UIKit resumes it: entry, sources, then beforeWaiting,
        // where the pass runs. Probes just before and just after the pass, at the first
        // beforeWaiting, count the heights the pass itself asked for.
        var requestsBeforeThePass: Int?
        var requestsInTheFirstPass: Int?
        let before = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, true, IdlePrecacheDriver.observerOrder - 1
        ) { _, _ in
            MainActor.assumeIsolated {
                if requestsBeforeThePass == nil { requestsBeforeThePass = fixture.heightRequests }
            }
        }
        let after = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, true, IdlePrecacheDriver.observerOrder + 1
        ) { _, _ in
            MainActor.assumeIsolated {
                if requestsInTheFirstPass == nil, let start = requestsBeforeThePass {
                    requestsInTheFirstPass = fixture.heightRequests - start
                }
            }
        }
        for probe in [before, after] { CFRunLoopAddObserver(CFRunLoopGetMain(), probe, CFRunLoopMode.defaultMode) }
        defer { for probe in [before, after] { CFRunLoopRemoveObserver(CFRunLoopGetMain(), probe, CFRunLoopMode.defaultMode) } }
        // A timeout above 0: with 0, CFRunLoop polls and sends no beforeWaiting.
        _ = CFRunLoopRunInMode(CFRunLoopMode.defaultMode, 0.02, false)

        XCTAssertNotNil(requestsInTheFirstPass, "precondition: the default mode's first turn reached beforeWaiting")
        XCTAssertGreaterThan(requestsInTheFirstPass ?? 0, 0, "the first pass after the scroll measured rows ahead")
    }
}

/// An observer of the main run loop in the default mode at a given order: it records, per
/// turn, whether its `beforeWaiting` has run yet, and counts them.
@MainActor
final class RunLoopProbe {
    private var observer: CFRunLoopObserver?
    private(set) var passedBeforeWaitingThisTurn = false
    private(set) var beforeWaitingCount = 0

    init(order: CFIndex) {
        let activities = CFRunLoopActivity.afterWaiting.rawValue | CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.entry.rawValue
        let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, activities, true, order) { [weak self] _, activity in
            MainActor.assumeIsolated {
                guard let self else { return }
                if activity == .beforeWaiting {
                    self.passedBeforeWaitingThisTurn = true
                    self.beforeWaitingCount += 1
                } else {
                    self.passedBeforeWaitingThisTurn = false
                }
            }
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, CFRunLoopMode.defaultMode)
        self.observer = observer
    }

    func remove() {
        if let observer { CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, CFRunLoopMode.defaultMode) }
        observer = nil
    }
}
#endif
