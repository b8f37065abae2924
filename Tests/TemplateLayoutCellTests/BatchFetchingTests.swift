#if canImport(UIKit)
import UIKit
import XCTest
import TemplateLayoutCell

/// Keeps the contexts of the fetches a table started, in order.
@MainActor
private final class FetchRecorder {
    private(set) var fetches: [BatchFetchContext] = []

    func record(_ context: BatchFetchContext) {
        fetches.append(context)
    }
}

/// Batch fetching on real tables, by Texture's rule. The drag's end is driven through
/// `fd_batchFetchingWillEndDragging(targetContentOffset:)`, what an app calls from
/// `scrollViewWillEndDragging`; a real pan gesture cannot be made in a test. They run in
/// Xcode; on Linux they are type-checked only.
final class BatchFetchingTests: XCTestCase {
    @MainActor
    func testContentShorterThanTheTableFetchesAtOnce() {
        let fixture = RecordingTableFixture(rowCount: 2)
        fixture.hostInWindow()
        XCTAssertLessThan(fixture.table.contentSize.height, fixture.table.bounds.height, "precondition")
        let recorder = FetchRecorder()

        fixture.table.fd_setBatchFetching { recorder.record($0) }

        XCTAssertEqual(recorder.fetches.count, 1)
    }

    @MainActor
    func testNoSecondFetchStartsUntilTheFirstCompletes() throws {
        let fixture = RecordingTableFixture(rowCount: 2)
        fixture.hostInWindow()
        let recorder = FetchRecorder()
        fixture.table.fd_setBatchFetching { recorder.record($0) }

        fixture.table.fd_batchFetchingWillEndDragging(targetContentOffset: .zero)
        XCTAssertEqual(recorder.fetches.count, 1, "a fetch is running")

        let first = try XCTUnwrap(recorder.fetches.first)
        first.complete()
        XCTAssertTrue(first.isComplete)
        XCTAssertEqual(recorder.fetches.count, 2, "the content is still short, so the next fetch starts at once")

        first.complete()
        XCTAssertEqual(recorder.fetches.count, 2, "completing twice does nothing more")
    }

    /// A long table: 100 rows of one to three lines, all measured.
    @MainActor
    private static func makeLongTable() -> RecordingTableFixture {
        let fixture = RecordingTableFixture(rowCount: 100)
        fixture.hostInWindow()
        return fixture
    }

    @MainActor
    private static func bottomOffset(of table: UITableView) -> CGFloat {
        max(0, table.contentSize.height - table.bounds.height)
    }

    @MainActor
    func testLongContentDoesNotFetchAtTheTop() {
        let fixture = Self.makeLongTable()
        let table = fixture.table
        XCTAssertGreaterThan(table.contentSize.height, 4 * table.bounds.height, "precondition")
        let recorder = FetchRecorder()

        table.fd_setBatchFetching(leadingScreens: 1) { recorder.record($0) }
        table.fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint(x: 0, y: 100))

        XCTAssertTrue(recorder.fetches.isEmpty, "more than a screen is left below")
    }

    @MainActor
    func testADragEndingNearTheEndFetches() {
        let fixture = Self.makeLongTable()
        let table = fixture.table
        let recorder = FetchRecorder()
        table.fd_setBatchFetching(leadingScreens: 1) { recorder.record($0) }
        let bottom = Self.bottomOffset(of: table)

        table.contentOffset.y = bottom - 2 * table.bounds.height
        table.fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint(x: 0, y: bottom - table.bounds.height / 2))

        XCTAssertEqual(recorder.fetches.count, 1)
    }

    @MainActor
    func testADragTowardTheTopDoesNotFetchEvenNearTheEnd() {
        let fixture = Self.makeLongTable()
        let table = fixture.table
        let recorder = FetchRecorder()
        table.fd_setBatchFetching(leadingScreens: 1) { recorder.record($0) }
        let bottom = Self.bottomOffset(of: table)

        table.contentOffset.y = bottom
        table.fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint(x: 0, y: bottom - 50))

        XCTAssertTrue(recorder.fetches.isEmpty)
    }

    @MainActor
    func testStoppedBatchFetchingNeverFetches() {
        let fixture = Self.makeLongTable()
        let table = fixture.table
        let recorder = FetchRecorder()
        table.fd_setBatchFetching(leadingScreens: 1) { recorder.record($0) }
        let bottom = Self.bottomOffset(of: table)

        table.fd_stopBatchFetching()
        table.contentOffset.y = bottom - 2 * table.bounds.height
        table.fd_batchFetchingWillEndDragging(targetContentOffset: CGPoint(x: 0, y: bottom))

        XCTAssertTrue(recorder.fetches.isEmpty)
    }
}
#endif
