#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Stands in for a view controller: holds its table strongly, and the fetches the table
/// started, in order.
@MainActor
private final class FeedOwner {
    let fixture: RecordingTableFixture
    private(set) var fetches: [BatchFetchContext] = []
    /// Rows each fetch appends; 0 for a fetch that finds nothing.
    var rowsPerFetch = 0
    /// Whether a fetch completes at once, inside the fetch closure.
    var completesSynchronously = false
    var hasMore = true
    private var depth = 0
    private(set) var deepestNesting = 0

    init(fixture: RecordingTableFixture) {
        self.fixture = fixture
    }

    var table: UITableView { fixture.table }

    func startBatchFetching(leadingScreens: CGFloat = 2) {
        table.fd_setBatchFetching(leadingScreens: leadingScreens, owner: self) { owner, context in
            owner.fetch(context)
        }
    }

    func fetch(_ context: BatchFetchContext) {
        depth += 1
        defer { depth -= 1 }
        deepestNesting = max(deepestNesting, depth)
        fetches.append(context)
        guard completesSynchronously else { return }
        appendRows()
        context.complete(hasMore: hasMore)
    }

    func appendRows() {
        guard rowsPerFetch > 0 else { return }
        let start = fixture.texts.count
        fixture.texts += (start..<start + rowsPerFetch).map { TableFixture.text($0) }
        table.insertRows(at: (start..<start + rowsPerFetch).map { IndexPath(row: $0, section: 0) }, with: .none)
    }
}

/// Batch fetching on real tables in a window, by Texture's rule and the engine's
/// ``BatchFetchingSession``. A drag's end is driven through
/// `fd_batchFetchingWillEndDragging(targetContentOffset:)`, what an app calls from
/// `scrollViewWillEndDragging` (a real pan cannot be made in a test); offset and content
/// size changes are made as an app makes them, and the main run loop is turned for the
/// checks they schedule. They run in Xcode; on Linux they are type-checked only.
final class BatchFetchingTests: XCTestCase {
    @MainActor
    private static func makeOwner(rowCount: Int) -> FeedOwner {
        let fixture = RecordingTableFixture(rowCount: rowCount)
        fixture.hostInWindow()
        return FeedOwner(fixture: fixture)
    }

    @MainActor
    private static func bottomOffset(of table: UITableView) -> CGFloat {
        max(0, table.contentSize.height - table.bounds.height + table.adjustedContentInset.bottom)
    }

    @MainActor
    func testContentShorterThanTheTableFetchesAtOnce() {
        let owner = Self.makeOwner(rowCount: 2)
        XCTAssertLessThan(owner.table.contentSize.height, owner.table.bounds.height, "precondition")

        owner.startBatchFetching()

        XCTAssertEqual(owner.fetches.count, 1)
    }

    @MainActor
    func testNoSecondFetchStartsWhileTheFirstRuns() {
        let owner = Self.makeOwner(rowCount: 2)
        owner.startBatchFetching()

        owner.table.fd_batchFetchingWillEndDragging(targetContentOffset: .zero)
        owner.table.setContentOffset(CGPoint(x: 0, y: 1), animated: false)
        spinMainRunLoop(timeout: 0.3)

        XCTAssertEqual(owner.fetches.count, 1, "a fetch is running")
    }

    /// Review 18: setting batch fetching again (a new owner or leading screens) while a fetch
    /// runs started a second fetch; then, in the first fix, the running fetch's completion
    /// reached the released first fetcher only, and batch fetching never fetched again.
    @MainActor
    func testSettingItAgainWhileAFetchRunsStartsNoSecondFetchAndItsCompletionCounts() throws {
        let owner = Self.makeOwner(rowCount: 2)
        owner.rowsPerFetch = 1
        owner.startBatchFetching()
        let first = try XCTUnwrap(owner.fetches.first)

        owner.startBatchFetching(leadingScreens: 3)
        XCTAssertEqual(owner.fetches.count, 1, "the running fetch is the new setting's")

        owner.appendRows()
        first.complete()
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { owner.fetches.count == 2 },
                      "its completion freed the new setting: the content grew and is still short")
    }

    /// The fetch added rows and the content is still short: the next fetch starts on a later
    /// turn of the run loop, not inside `complete`.
    @MainActor
    func testAFetchThatAddedRowsIsFollowedByAnotherOnALaterTurn() throws {
        let owner = Self.makeOwner(rowCount: 2)
        owner.rowsPerFetch = 1
        owner.startBatchFetching()
        let first = try XCTUnwrap(owner.fetches.first)

        owner.appendRows()
        first.complete()
        XCTAssertTrue(first.isComplete)
        XCTAssertEqual(owner.fetches.count, 1, "not inside complete()")

        XCTAssertTrue(spinMainRunLoop(timeout: 2) { owner.fetches.count == 2 }, "the content grew and is still short")
        first.complete()
        XCTAssertEqual(owner.fetches.count, 2, "completing twice does nothing more")
    }

    /// A fetch that adds nothing while the content is shorter than the screen used to fetch
    /// again at once, forever.
    @MainActor
    func testAFetchThatAddsNothingIsNotRepeated() throws {
        let owner = Self.makeOwner(rowCount: 2)
        owner.startBatchFetching()
        try XCTUnwrap(owner.fetches.first).complete(hasMore: true)

        spinMainRunLoop(timeout: 0.5)

        XCTAssertEqual(owner.fetches.count, 1)
    }

    @MainActor
    func testNoMoreContentStopsFetchingUntilResumed() throws {
        let owner = Self.makeOwner(rowCount: 2)
        owner.rowsPerFetch = 1
        owner.startBatchFetching()
        owner.appendRows()
        try XCTUnwrap(owner.fetches.first).complete(hasMore: false)

        owner.table.setContentOffset(CGPoint(x: 0, y: 1), animated: false)
        owner.table.fd_batchFetchingWillEndDragging(targetContentOffset: .zero)
        spinMainRunLoop(timeout: 0.5)
        XCTAssertEqual(owner.fetches.count, 1, "no more content: nothing fetches")

        owner.table.fd_resumeBatchFetching()
        XCTAssertEqual(owner.fetches.count, 2, "resumed, and the content is short")
    }

    /// A fetch that completes synchronously, inside the fetch closure, used to start the next
    /// fetch inside its own completion, recursing until the content was long enough.
    @MainActor
    func testASynchronousCompletionDoesNotRecurse() {
        let owner = Self.makeOwner(rowCount: 0)
        owner.rowsPerFetch = 2
        owner.completesSynchronously = true
        owner.startBatchFetching()
        XCTAssertEqual(owner.fetches.count, 1, "one fetch per turn")

        XCTAssertTrue(spinMainRunLoop(timeout: 5) { owner.fetches.count >= 3 }, "later turns fetch again while the content is short")
        XCTAssertEqual(owner.deepestNesting, 1, "no fetch ran inside another")
        // It stops once the content reaches past the leading screens.
        XCTAssertTrue(spinMainRunLoop(timeout: 10) {
            !BatchFetchingPolicy().shouldFetch(in: owner.table.scrollGeometry, targetOffset: owner.table.contentOffset.y,
                                               direction: .still, isFetching: false)
        })
        spinMainRunLoop(timeout: 0.5)
        let settled = owner.fetches.count
        spinMainRunLoop(timeout: 0.5)
        XCTAssertEqual(owner.fetches.count, settled)
    }

    /// No retain cycle by design: the table holds its owner weakly and `fetch` captures
    /// nothing, so a view controller whose table is fetching is released as usual, even with a
    /// fetch running and its context kept by the controller.
    @MainActor
    func testTheOwnerIsReleasedWhileBatchFetchingIsSetAndAFetchRuns() {
        let fixture = RecordingTableFixture(rowCount: 2)
        fixture.hostInWindow()
        weak var released: FeedOwner?
        var pending: BatchFetchContext?
        autoreleasepool {
            let owner = FeedOwner(fixture: fixture)
            owner.startBatchFetching()
            XCTAssertEqual(owner.fetches.count, 1, "precondition: a fetch runs")
            pending = owner.fetches.first
            released = owner
        }
        XCTAssertNil(released, "nothing the table holds keeps its owner alive")

        pending?.complete()
        fixture.table.fd_batchFetchingWillEndDragging(targetContentOffset: .zero)
        XCTAssertNil(fixture.table.layoutState.batchFetcher, "with its owner gone, batch fetching stopped")
    }

    /// A long table: 100 rows of one to three lines, all measured.
    @MainActor
    private static func makeLongTable() -> FeedOwner {
        let owner = makeOwner(rowCount: 100)
        XCTAssertGreaterThan(owner.table.contentSize.height, 4 * owner.table.bounds.height, "precondition")
        return owner
    }

    @MainActor
    func testLongContentDoesNotFetchAtTheTop() {
        let owner = Self.makeLongTable()

        owner.startBatchFetching(leadingScreens: 1)
        owner.table.fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint(x: 0, y: 100))
        spinMainRunLoop(timeout: 0.3)

        XCTAssertTrue(owner.fetches.isEmpty, "more than a screen is left below")
    }

    @MainActor
    func testADragEndingNearTheEndFetches() {
        let owner = Self.makeLongTable()
        let table = owner.table
        owner.startBatchFetching(leadingScreens: 1)
        let bottom = Self.bottomOffset(of: table)

        table.contentOffset.y = bottom - 3 * table.bounds.height
        table.fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint(x: 0, y: bottom - table.bounds.height / 2))

        XCTAssertEqual(owner.fetches.count, 1, "at once, from the drag's end")
    }

    @MainActor
    func testADragEndingTowardTheTopDoesNotFetchEvenNearTheEnd() {
        let owner = Self.makeLongTable()
        let table = owner.table
        owner.startBatchFetching(leadingScreens: 1)
        let bottom = Self.bottomOffset(of: table)

        table.contentOffset.y = bottom
        table.fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint(x: 0, y: bottom - 50))

        XCTAssertTrue(owner.fetches.isEmpty, "the drag's end toward the top started nothing")
    }

    /// A programmatic scroll (scroll to a row, to the bottom; VoiceOver scrolls the same way)
    /// has no drag: the offset change is seen and checked on the next turn.
    @MainActor
    func testAProgrammaticScrollNearTheEndFetches() {
        let owner = Self.makeLongTable()
        owner.startBatchFetching(leadingScreens: 1)
        XCTAssertTrue(owner.fetches.isEmpty, "precondition: at the top")

        owner.table.setContentOffset(CGPoint(x: 0, y: Self.bottomOffset(of: owner.table)), animated: false)

        XCTAssertTrue(spinMainRunLoop(timeout: 2) { owner.fetches.count == 1 })
    }

    /// Content shrinking below the screen (rows deleted, a filter) with no scroll at all.
    @MainActor
    func testContentShrinkingBelowTheScreenFetches() {
        let owner = Self.makeLongTable()
        owner.startBatchFetching(leadingScreens: 1)
        XCTAssertTrue(owner.fetches.isEmpty, "precondition: at the top")

        owner.fixture.texts = Array(owner.fixture.texts.prefix(2))
        owner.table.reloadData()
        owner.table.layoutIfNeeded()

        XCTAssertTrue(spinMainRunLoop(timeout: 2) { owner.fetches.count == 1 })
    }

    /// Extras review C3: a feed refreshing under a skeleton. The skeleton's rows are about a
    /// screen long, which looks like the end of the content; a "load more" then would change
    /// the app's model under the skeleton, and its insertRows would hide the skeleton early.
    @MainActor
    func testASkeletonHoldsBatchFetchingAndTheCheckComesBackWhenItHides() {
        let owner = Self.makeLongTable()
        let table = owner.table
        owner.startBatchFetching(leadingScreens: 1)
        XCTAssertTrue(owner.fetches.isEmpty, "precondition: at the top of long content")

        table.fd_showSkeleton(SkeletonConfiguration(identifier: RecordingTableFixture.cellIdentifier))
        table.layoutIfNeeded()
        XCTAssertLessThan(table.contentSize.height, 2 * table.bounds.height, "precondition: the skeleton is about a screen")
        spinMainRunLoop(timeout: 0.3)
        table.fd_batchFetchingWillEndDragging(targetContentOffset: .zero)
        XCTAssertTrue(owner.fetches.isEmpty, "nothing fetched while the skeleton shows")
        XCTAssertTrue(table.fd_isShowingSkeleton, "and so nothing hid it early")

        // The refresh found two rows: short content, which batch fetching goes on to fill.
        owner.fixture.texts = Array(owner.fixture.texts.prefix(2))
        table.fd_hideSkeleton(animated: false)
        XCTAssertTrue(spinMainRunLoop(timeout: 2) { owner.fetches.count == 1 }, "checked again once the skeleton hid")
    }

    @MainActor
    func testStoppedBatchFetchingNeverFetches() {
        let owner = Self.makeLongTable()
        let table = owner.table
        owner.startBatchFetching(leadingScreens: 1)
        let bottom = Self.bottomOffset(of: table)

        table.fd_stopBatchFetching()
        table.setContentOffset(CGPoint(x: 0, y: bottom), animated: false)
        table.fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint(x: 0, y: bottom))
        spinMainRunLoop(timeout: 0.3)

        XCTAssertTrue(owner.fetches.isEmpty)
    }
}
#endif
