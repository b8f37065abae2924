#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Extras review P6, P7 and P1: what the skeleton sets aside on its table besides the data
/// source and delegate (drag and drop, the accessibility of the rows), what it gives back,
/// and scroll callbacks after the app's delegate went away. They run in Xcode; on Linux they
/// are type-checked only.
final class SkeletonSetAsideTests: XCTestCase {
    private typealias Fixture = RecordingTableFixture

    @MainActor
    private final class DragDropDelegate: NSObject, UITableViewDragDelegate, UITableViewDropDelegate {
        private(set) var itemRequests: [IndexPath] = []

        func tableView(_ tableView: UITableView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
            itemRequests.append(indexPath)
            return []
        }

        func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {}
    }

    // MARK: Drag and drop

    /// A long press on a skeleton row (iPad: drag interaction is on by default) would ask the
    /// app for drag items at a skeleton index path.
    @MainActor
    func testDragAndDropAreSetAsideWhileShowingAndGivenBackExactly() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        let dragDrop = DragDropDelegate()
        table.dragDelegate = dragDrop
        table.dropDelegate = dragDrop
        table.dragInteractionEnabled = true
        fixture.hostInWindow()

        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        XCTAssertNil(table.dragDelegate, "UIKit cannot ask the app for items at skeleton index paths")
        XCTAssertNil(table.dropDelegate)
        XCTAssertFalse(table.dragInteractionEnabled)

        table.fd_hideSkeleton(animated: false)
        XCTAssertTrue(table.dragDelegate === dragDrop)
        XCTAssertTrue(table.dropDelegate === dragDrop)
        XCTAssertTrue(table.dragInteractionEnabled)
        XCTAssertTrue(dragDrop.itemRequests.isEmpty)
    }

    @MainActor
    func testDragSettingsTheAppChangesWhileShowingAreKept() {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        let before = DragDropDelegate()
        table.dragDelegate = before
        table.dragInteractionEnabled = false
        fixture.hostInWindow()
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))

        let replacement = DragDropDelegate()
        table.dragDelegate = replacement
        table.dragInteractionEnabled = true
        table.fd_hideSkeleton(animated: false)

        XCTAssertTrue(table.dragDelegate === replacement)
        XCTAssertTrue(table.dragInteractionEnabled)
        XCTAssertNil(table.dropDelegate, "none before, none after")
    }

    // MARK: VoiceOver

    /// A search bar in the table header stays usable by touch while loading, so VoiceOver
    /// must reach it too: the rows become one "Loading" element, not the whole table.
    @MainActor
    func testVoiceOverFindsTheHeaderAndOneLoadingElementWhileShowing() throws {
        let fixture = Fixture(rowCount: 40)
        let table = fixture.table
        let searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 320, height: 56))
        table.tableHeaderView = searchBar
        let footer = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 30))
        table.tableFooterView = footer
        fixture.hostInWindow()

        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        table.layoutIfNeeded()

        XCTAssertFalse(table.isAccessibilityElement, "the table stays a container, so its header is reachable")
        let elements = try XCTUnwrap(table.accessibilityElements)
        XCTAssertEqual(elements.count, 3)
        XCTAssertTrue(elements[0] as AnyObject === searchBar)
        let loading = try XCTUnwrap(elements[1] as? UIAccessibilityElement)
        XCTAssertEqual(loading.accessibilityLabel, "Loading")
        XCTAssertGreaterThanOrEqual(loading.accessibilityFrameInContainerSpace.minY, searchBar.frame.maxY, "over the rows")
        XCTAssertTrue(elements[2] as AnyObject === footer)
        XCTAssertTrue(table.visibleCells.allSatisfy(\.accessibilityElementsHidden), "the empty rows are not read")

        table.fd_hideSkeleton(animated: false)
        XCTAssertNil(table.accessibilityElements, "the table works out its elements itself again")
    }

    @MainActor
    func testTheLoadingLabelCanBeChanged() throws {
        let fixture = Fixture(rowCount: 40)
        var configuration = SkeletonConfiguration(identifier: Fixture.cellIdentifier)
        configuration.accessibilityLabel = "Loading posts"
        fixture.hostInWindow()
        fixture.table.fd_showSkeleton(configuration)
        let loading = try XCTUnwrap(fixture.table.accessibilityElements?.first as? UIAccessibilityElement)
        XCTAssertEqual(loading.accessibilityLabel, "Loading posts")
    }

    // MARK: Scroll callbacks after the app's delegate went away

    @MainActor
    private final class ScrollDelegate: NSObject, UITableViewDelegate {
        func scrollViewDidScroll(_ scrollView: UIScrollView) {}
        func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { false }
    }

    /// A table handler object the app replaces, released while the skeleton is the table's
    /// delegate: UIKit still sends the scroll callbacks it saw implemented when the skeleton
    /// became the delegate. They must go nowhere, not raise "unrecognized selector".
    @MainActor
    func testScrollCallbacksAfterTheAppsDelegateWasReleasedAreDropped() throws {
        let fixture = Fixture(rowCount: 0)
        let table = fixture.table
        fixture.hostInWindow()
        weak var weakDelegate: ScrollDelegate?
        autoreleasepool {
            let delegate = ScrollDelegate()
            weakDelegate = delegate
            table.delegate = delegate
            table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier, rowCount: 30))
            table.layoutIfNeeded()
            XCTAssertTrue(table.delegate?.responds(to: #selector(UIScrollViewDelegate.scrollViewDidScroll(_:))) ?? false,
                          "precondition: what UIKit reads when the skeleton becomes the delegate")
        }
        XCTAssertNil(weakDelegate, "precondition: the app's delegate is gone")
        let skeleton = try XCTUnwrap(table.delegate as? NSObject)

        // What UIKit does with the answer it kept: it sends the message, through the
        // method's own signature.
        typealias DidScroll = @convention(c) (AnyObject, Selector, UIScrollView) -> Void
        typealias ShouldScrollToTop = @convention(c) (AnyObject, Selector, UIScrollView) -> Bool
        let didScroll = #selector(UIScrollViewDelegate.scrollViewDidScroll(_:))
        let shouldScrollToTop = #selector(UIScrollViewDelegate.scrollViewShouldScrollToTop(_:))
        unsafeBitCast(skeleton.method(for: didScroll), to: DidScroll.self)(skeleton, didScroll, table)
        let scrollsToTop = unsafeBitCast(skeleton.method(for: shouldScrollToTop), to: ShouldScrollToTop.self)(
            skeleton, shouldScrollToTop, table)
        XCTAssertTrue(scrollsToTop, "UIKit's default for a delegate without the method")
        table.contentOffset.y += 40

        XCTAssertFalse(skeleton.responds(to: #selector(UIScrollViewDelegate.scrollViewDidScroll(_:))),
                       "nothing is claimed for a delegate that is gone")
        table.fd_hideSkeleton(animated: false)
    }
}
#endif
