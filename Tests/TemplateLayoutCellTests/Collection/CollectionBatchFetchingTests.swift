#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Stands in for a view controller of a horizontal carousel: holds its fixture, and the
/// fetches started, in order.
@MainActor
private final class CarouselOwner {
    let fixture: CollectionPreloadFixture
    private(set) var fetches: [BatchFetchContext] = []

    init(fixture: CollectionPreloadFixture) {
        self.fixture = fixture
    }

    var collectionView: UICollectionView { fixture.collectionView }

    func startBatchFetching(leadingScreens: CGFloat = 1) {
        collectionView.fd_setBatchFetching(leadingScreens: leadingScreens, owner: self) { owner, context in
            owner.fetches.append(context)
        }
    }
}

/// Batch fetching on real collection views with horizontal flow layouts, in a window: the
/// end looked for is the right end of the row (the left end when the layout flips for a
/// right-to-left interface). A drag's end is driven through
/// `fd_batchFetchingWillEndDragging(targetContentOffset:)`, as in ``BatchFetchingTests``.
/// They run in Xcode; on Linux they are type-checked only.
final class CollectionBatchFetchingTests: XCTestCase {
    /// A one-line row of 40 chips, several screens wide.
    @MainActor
    private static func makeOwner(rightToLeft: Bool = false) -> CarouselOwner {
        let fixture = CollectionPreloadFixture(itemCount: 40, horizontal: true, rightToLeft: rightToLeft)
        let view = fixture.collectionView
        XCTAssertGreaterThan(view.contentSize.width, view.bounds.width * 3, "precondition: several screens wide")
        XCTAssertEqual(view.contentSize.height, view.bounds.height, "precondition: one line, as tall as the view")
        return CarouselOwner(fixture: fixture)
    }

    /// The right end's content offset.
    @MainActor
    private static func rightEnd(of view: UICollectionView) -> CGPoint {
        CGPoint(x: max(0, view.contentSize.width - view.bounds.width), y: 0)
    }

    /// At the start of the row nothing is fetched: more than a screen is left to the right.
    /// Read along the vertical axis the row is exactly one screen long, with nothing left
    /// below: a vertical reading fetches here at once.
    @MainActor
    func testNothingIsFetchedAtTheStartOfAHorizontalRow() {
        let owner = Self.makeOwner()
        owner.startBatchFetching()
        XCTAssertEqual(owner.fetches.count, 0)
    }

    /// A drag ending near the right end fetches; one ending back at the start does not.
    @MainActor
    func testBatchFetchingFiresNearTheEndOfAHorizontalCollection() {
        let owner = Self.makeOwner()
        let view = owner.collectionView
        owner.startBatchFetching()

        view.fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint(x: 100, y: 0))
        XCTAssertEqual(owner.fetches.count, 0, "far from the end")

        view.fd_batchFetchingWillEndDragging(targetContentOffset: Self.rightEnd(of: view))
        XCTAssertEqual(owner.fetches.count, 1, "at the right end")
    }

    /// RUN-LOOP TIMING. A programmatic scroll to the right end (no drag) fetches on a later
    /// turn; the fetch completes with new chips, and the row grows to the right.
    @MainActor
    func testScrollingToTheRightEndFetchesOnALaterTurn() throws {
        let owner = Self.makeOwner()
        let view = owner.collectionView
        owner.startBatchFetching()

        view.setContentOffset(Self.rightEnd(of: view), animated: false)
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { owner.fetches.count == 1 }, "the scroll to the right end fetched")
        let widthBefore = view.contentSize.width

        owner.fixture.appendItems(20)
        view.layoutIfNeeded()
        try XCTUnwrap(owner.fetches.first).complete()

        XCTAssertGreaterThan(view.contentSize.width, widthBefore, "the row grew to the right")
        spinMainRunLoop(timeout: 0.3)
        XCTAssertEqual(owner.fetches.count, 1, "more than a screen is left to the right again")
    }

    /// Right to left, the row starts at its right end and grows to the left: at rest at the
    /// right end nothing is fetched, and a drag ending at the left end fetches.
    @MainActor
    func testARightToLeftRowFetchesAtItsLeftEnd() {
        let owner = Self.makeOwner(rightToLeft: true)
        let view = owner.collectionView
        let layout = view.collectionViewLayout
        XCTAssertTrue(layout.flipsHorizontallyInOppositeLayoutDirection, "precondition: the flow layout flips")
        XCTAssertEqual(view.effectiveUserInterfaceLayoutDirection, .rightToLeft, "precondition")
        XCTAssertTrue(view.scrollAxisReading.isReversed)
        view.setContentOffset(Self.rightEnd(of: view), animated: false)

        owner.startBatchFetching()
        XCTAssertEqual(owner.fetches.count, 0, "at the right end, where a right-to-left row starts")

        view.fd_batchFetchingWillEndDragging(targetContentOffset: .zero)
        XCTAssertEqual(owner.fetches.count, 1, "at the left end, where it ends")
    }

    @MainActor
    func testStopAndResume() {
        let owner = Self.makeOwner()
        let view = owner.collectionView
        owner.startBatchFetching()
        view.fd_stopBatchFetching()

        view.fd_batchFetchingWillEndDragging(targetContentOffset: Self.rightEnd(of: view))
        XCTAssertEqual(owner.fetches.count, 0, "stopped")

        owner.startBatchFetching()
        view.fd_batchFetchingWillEndDragging(targetContentOffset: Self.rightEnd(of: view))
        XCTAssertEqual(owner.fetches.count, 1)
        owner.fetches[0].complete(hasMore: false)
        view.setContentOffset(.zero, animated: false)
        view.fd_resumeBatchFetching()
        view.fd_batchFetchingWillEndDragging(targetContentOffset: Self.rightEnd(of: view))
        XCTAssertEqual(owner.fetches.count, 2, "resumed after no more content")
    }
}
#endif
