#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// What a skeleton takes from the table while it shows (data source, delegate,
/// accessibility) and what it gives back when it hides. They run in Xcode; on Linux they
/// are type-checked only.
final class SkeletonHandOffTests: XCTestCase {
    private typealias Fixture = RecordingTableFixture

    /// SkeletonView #85, #236, #299 and #399: cells reused after the skeleton hid kept
    /// skeleton layers. Every cell that showed one is cleaned, those on screen and those
    /// waiting in the reuse queue.
    @MainActor
    func testSkeletonView85_236_299_399_noCellKeepsSkeletonLayersAfterHiding() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        fixture.hostInWindow()
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        table.layoutIfNeeded()
        let skeletonCells = table.visibleCells
        XCTAssertFalse(skeletonCells.isEmpty)
        XCTAssertTrue(skeletonCells.allSatisfy { $0.hasSkeletonOverlay }, "precondition: the skeleton is drawn")
        XCTAssertFalse(skeletonCells.contains { $0.isUserInteractionEnabled }, "skeleton rows take no touches")

        table.fd_hideSkeleton(animated: false)
        table.layoutIfNeeded()

        XCTAssertFalse(table.visibleCells.isEmpty)
        XCTAssertFalse(table.visibleCells.contains { $0.hasSkeletonOverlay }, "no visible cell keeps an overlay")
        XCTAssertFalse(skeletonCells.contains { $0.hasSkeletonOverlay }, "nor any cell that showed one, wherever it is now")
        XCTAssertTrue(skeletonCells.allSatisfy { $0.isUserInteractionEnabled })
        XCTAssertFalse(skeletonCells.contains { $0.accessibilityElementsHidden })

        // Scrolling dequeues cells from the reuse queue for the real rows.
        table.contentOffset.y = max(0, table.contentSize.height - table.bounds.height)
        table.layoutIfNeeded()
        XCTAssertFalse(table.visibleCells.contains { $0.hasSkeletonOverlay }, "cells dequeued while scrolling")
        let dequeued = (0..<8).compactMap { _ in table.dequeueReusableCell(withIdentifier: Fixture.cellIdentifier) }
        XCTAssertFalse(dequeued.contains { $0.hasSkeletonOverlay }, "cells dequeued after hiding")
    }

    @MainActor
    func testHidingGivesTheDataSourceAndDelegateBackAndShowsTheRealRows() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        fixture.hostInWindow()
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        table.layoutIfNeeded()
        var completed = false

        table.fd_hideSkeleton(animated: false) { completed = true }
        table.layoutIfNeeded()

        XCTAssertTrue(completed)
        XCTAssertFalse(table.fd_isShowingSkeleton)
        XCTAssertTrue(table.dataSource === fixture)
        XCTAssertTrue(table.delegate === fixture)
        XCTAssertEqual(table.numberOfRows(inSection: 0), fixture.texts.count)
        let firstCell = table.cellForRow(at: IndexPath(row: 0, section: 0)) as? LabelCell
        XCTAssertEqual(firstCell?.label.text, fixture.texts[0], "the app's cells are back")
    }

    /// Showing again while shown replaces the skeleton; hiding then gives back the app's
    /// data source and delegate, not the first skeleton's.
    @MainActor
    func testShowingTwiceThenHidingGivesBackTheAppsDataSourceAndDelegate() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        fixture.hostInWindow()
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: 2))
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: 5))
        table.layoutIfNeeded()
        XCTAssertEqual(table.numberOfRows(inSection: 0), 5, "the second skeleton replaced the first")
        XCTAssertEqual(table.visibleCells.count, 5)

        table.fd_hideSkeleton(animated: false)
        table.layoutIfNeeded()

        XCTAssertTrue(table.dataSource === fixture)
        XCTAssertTrue(table.delegate === fixture)
        XCTAssertEqual(table.numberOfRows(inSection: 0), fixture.texts.count)
        XCTAssertFalse(table.visibleCells.contains { $0.hasSkeletonOverlay })
    }

    @MainActor
    func testHidingWhenNothingShowsOnlyCallsTheCompletion() {
        let fixture = Fixture(rowCount: 3)
        fixture.hostInWindow()
        let callsBefore = fixture.dataSourceCalls
        var completed = false
        fixture.table.fd_hideSkeleton(animated: true) { completed = true }
        XCTAssertTrue(completed)
        XCTAssertTrue(fixture.table.dataSource === fixture)
        XCTAssertTrue(fixture.table.delegate === fixture)
        fixture.table.layoutIfNeeded()
        XCTAssertEqual(fixture.dataSourceCalls, callsBefore, "no reload")
    }

    // VoiceOver: SkeletonSetAsideTests.

    /// Navigation bars that collapse on scroll and pull-to-refresh keep working while the
    /// skeleton shows; row callbacks about rows that do not exist yet never reach the app.
    @MainActor
    func testScrollViewCallbacksReachTheAppsDelegateButTableCallbacksDoNot() throws {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        fixture.hostInWindow()
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        let delegate = try XCTUnwrap(table.delegate)
        XCTAssertFalse(delegate === fixture)

        XCTAssertTrue(delegate.responds(to: #selector(UIScrollViewDelegate.scrollViewDidScroll(_:))))
        XCTAssertFalse(delegate.responds(to: #selector(UITableViewDelegate.tableView(_:didSelectRowAt:))))
        XCTAssertFalse(delegate.responds(to: #selector(UITableViewDelegate.tableView(_:viewForHeaderInSection:))))
        XCTAssertFalse(
            delegate.responds(to: #selector(UIScrollViewDelegate.scrollViewWillBeginDragging(_:))),
            "a scroll-view callback the app does not implement is not claimed")

        let callbacksBefore = fixture.scrollCallbacks
        table.contentOffset.y += 40
        XCTAssertGreaterThan(fixture.scrollCallbacks, callbacksBefore, "UIKit's own scrollViewDidScroll reached the app")
    }

    // MARK: Issue 8, item 10

    @MainActor
    func testThePrefetchingDataSourceIsSetAsideWhileShowingAndGivenBackOnHide() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        let prefetcher = RecordingPrefetcher()
        table.prefetchDataSource = prefetcher
        fixture.hostInWindow()

        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        table.layoutIfNeeded()
        XCTAssertNil(table.prefetchDataSource, "UIKit cannot hand the app skeleton index paths to prefetch")
        table.contentOffset.y += 200
        table.layoutIfNeeded()
        XCTAssertTrue(prefetcher.requested.isEmpty)

        table.fd_hideSkeleton(animated: false)
        XCTAssertTrue(table.prefetchDataSource === prefetcher)
    }

    /// An app that sets its data source (a new diffable data source, say) while the skeleton
    /// shows keeps it: hiding does not put back the old one.
    @MainActor
    func testHidingKeepsADataSourceTheAppSetWhileTheSkeletonShowed() {
        let fixture = Fixture(rowCount: 40)
        let replacement = Fixture(rowCount: 3)
        let table = fixture.table
        fixture.hostInWindow()
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))

        table.dataSource = replacement
        table.fd_hideSkeleton(animated: false)
        table.layoutIfNeeded()

        XCTAssertTrue(table.dataSource === replacement)
        XCTAssertTrue(table.delegate === fixture, "the delegate, untouched by the app, is given back")
        XCTAssertEqual(table.numberOfRows(inSection: 0), 3)
    }

    /// Cells the skeleton borrowed get their own settings back, not "enabled" and "visible".
    @MainActor
    func testHidingGivesEachCellBackItsOwnTouchAndAccessibilitySettings() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        fixture.hostInWindow()
        let appCells = table.visibleCells
        XCTAssertFalse(appCells.isEmpty)
        for cell in appCells { cell.accessibilityElementsHidden = true }

        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        table.layoutIfNeeded()
        let borrowed = appCells.filter(\.hasSkeletonOverlay)
        XCTAssertFalse(borrowed.isEmpty, "precondition: the skeleton reused the app's cells")
        table.fd_hideSkeleton(animated: false)

        XCTAssertTrue(borrowed.allSatisfy { $0.accessibilityElementsHidden }, "each cell's own setting")
        XCTAssertTrue(borrowed.allSatisfy { $0.isUserInteractionEnabled })
    }

    /// The completion comes once the real rows show: after the crossfade, not before it.
    @MainActor
    func testACrossfadingHideCallsTheCompletionAfterTheCrossfade() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        fixture.hostInWindow()
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        table.layoutIfNeeded()
        var completed = false

        table.fd_hideSkeleton(animated: true) { completed = true }

        XCTAssertFalse(completed, "not before the crossfade")
        XCTAssertTrue(table.dataSource === fixture, "the data source is back at once")
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { completed }, "after it")
    }

    /// Core Animation removes a layer's animations when the app goes to the background; they
    /// start again when it comes back. Simulated by removing them and posting the
    /// notification UIKit posts.
    @MainActor
    func testAnimationsStartAgainWhenTheAppComesBackToTheForeground() throws {
        try XCTSkipIf(UIAccessibility.isReduceMotionEnabled, "Reduce Motion makes the skeleton solid")
        let (fixture, layers) = try Self.showPulsingSkeleton()
        XCTAssertTrue(layers.allSatisfy { $0.animation(forKey: "pulse") != nil }, "precondition: pulsing")
        for layer in layers { layer.removeAllAnimations() }

        NotificationCenter.default.post(name: UIApplication.willEnterForegroundNotification, object: UIApplication.shared)
        XCTAssertTrue(layers.allSatisfy { $0.animation(forKey: "pulse") != nil }, "the app's return")

        for layer in layers { layer.removeAllAnimations() }
        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: nil)
        XCTAssertTrue(layers.allSatisfy { $0.animation(forKey: "pulse") != nil }, "a scene's return")
        fixture.table.fd_hideSkeleton(animated: false)
    }

    /// Reduce Motion cannot be switched from a test; the notification UIKit posts when it
    /// changes can. The layers are made again (a shimmer's are gradient layers, a solid or
    /// pulsing style's are not), so they are new objects.
    @MainActor
    func testAReduceMotionChangeWhileShowingRebuildsTheLayers() throws {
        let (fixture, layers) = try Self.showPulsingSkeleton()

        NotificationCenter.default.post(name: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil)

        let cell = try XCTUnwrap(fixture.table.visibleCells.first)
        let rebuilt = try XCTUnwrap(SkeletonController.overlay(in: cell)?.layer.sublayers)
        XCTAssertEqual(rebuilt.count, layers.count)
        XCTAssertFalse(rebuilt.contains { new in layers.contains { $0 === new } }, "new layers")
        fixture.table.fd_hideSkeleton(animated: false)
        NotificationCenter.default.post(name: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil)
    }

    /// A hosted table showing a pulsing skeleton of one long-text row, and the part layers of
    /// its cell.
    @MainActor
    private static func showPulsingSkeleton() throws -> (Fixture, [CALayer]) {
        let fixture = Fixture(rowCount: 0)
        fixture.hostInWindow()
        return (fixture, try fixture.showPulsingSkeleton())
    }
}

/// Records what UIKit asks to prefetch.
@MainActor
final class RecordingPrefetcher: NSObject, UITableViewDataSourcePrefetching {
    private(set) var requested: [IndexPath] = []

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
        requested += indexPaths
    }
}
#endif
