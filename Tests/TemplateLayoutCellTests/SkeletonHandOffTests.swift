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
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: 2))
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: 5))
        XCTAssertEqual(table.numberOfRows(inSection: 0), 5, "the second skeleton replaced the first")

        table.fd_hideSkeleton(animated: false)

        XCTAssertTrue(table.dataSource === fixture)
        XCTAssertTrue(table.delegate === fixture)
        XCTAssertEqual(table.numberOfRows(inSection: 0), fixture.texts.count)
    }

    @MainActor
    func testHidingWhenNothingShowsOnlyCallsTheCompletion() {
        let fixture = Fixture(rowCount: 3)
        var completed = false
        fixture.table.fd_hideSkeleton(animated: true) { completed = true }
        XCTAssertTrue(completed)
        XCTAssertTrue(fixture.table.dataSource === fixture)
        XCTAssertTrue(fixture.table.delegate === fixture)
    }

    /// VoiceOver hears one element, "Loading", instead of a list of empty rows.
    @MainActor
    func testTheTableIsOneLoadingElementWhileShowingAndRestoredAfter() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        table.accessibilityLabel = "Posts"
        let wasElement = table.isAccessibilityElement

        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        XCTAssertTrue(table.isAccessibilityElement)
        XCTAssertEqual(table.accessibilityLabel, "Loading")

        table.fd_hideSkeleton(animated: false)
        XCTAssertEqual(table.isAccessibilityElement, wasElement)
        XCTAssertEqual(table.accessibilityLabel, "Posts")
    }

    @MainActor
    func testTheLoadingLabelCanBeChanged() {
        let fixture = Fixture(rowCount: 40)
        var configuration = SkeletonConfiguration(identifier: Fixture.cellIdentifier)
        configuration.accessibilityLabel = "Loading posts"
        fixture.table.fd_showSkeleton(configuration)
        XCTAssertEqual(fixture.table.accessibilityLabel, "Loading posts")
    }

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
}
#endif
