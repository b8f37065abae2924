#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell
@testable import TemplateLayoutEngine

/// Issue 21: heights UIKit gave self-sizing rows, recorded from `willDisplay` and answered as
/// exact estimates. UIKit is the oracle: what it laid out (`rectForRow(at:)`, the content
/// offset it keeps or corrects). They run in Xcode; on Linux they are type-checked only.
final class RecordedHeightTests: XCTestCase {
    private typealias Fixture = SelfSizingRecordingFixture

    /// Each visible row's recorded height is the height UIKit gave it, by index path and by
    /// key. Without the recording in `willDisplay`, `fd_estimatedHeight(cacheBy:)` answers
    /// the table's estimate, 150, which the precondition shows no visible row has: every
    /// row's comparison would fail.
    @MainActor
    func testTheRecordedHeightOfEachVisibleRowIsTheHeightUIKitGaveIt() throws {
        for caching in [Fixture.Caching.indexPath, .key] {
            let fixture = Fixture(rowCount: 40, caching: caching)
            fixture.hostInWindow()
            let table = fixture.table
            let visible = try XCTUnwrap(table.indexPathsForVisibleRows)
            XCTAssertGreaterThan(visible.count, 3, "\(caching)")
            let uikitHeights = visible.map { table.rectForRow(at: $0).height }
            XCTAssertGreaterThan(Set(uikitHeights).count, 1, "precondition: rows of several heights (\(caching))")
            XCTAssertFalse(uikitHeights.contains(Fixture.tableEstimate), "precondition: no row is as tall as the estimate (\(caching))")
            for (indexPath, uikitHeight) in zip(visible, uikitHeights) {
                XCTAssertEqual(fixture.recordedHeight(at: indexPath), uikitHeight, accuracy: 0.001, "row \(indexPath.row), \(caching)")
            }
            XCTAssertGreaterThanOrEqual(table.fd_statistics.recordedHeights, visible.count, "\(caching)")
            XCTAssertEqual(table.fd_statistics.layouts, 0, "UIKit sized the rows; the package measured nothing (\(caching))")
        }
    }

    /// Rows seen while scrolling down answer their own heights after `reloadData()`: the
    /// rows above the first visible one sum to what they summed to before, so the first
    /// visible row stays where it was, and scrolling back up UIKit finds every row as tall as
    /// estimated and never corrects the offset it was given.
    ///
    /// With plain estimates (`answersRecordedEstimates = false`) the reload gives every row
    /// above 150 points again: the first visible row's `minY` becomes 150 × its row, which
    /// the precondition shows differs from where it was (and should UIKit keep that row in
    /// view, the offset moves with it instead); and scrolling up, each row entering
    /// at the top is sized from 150 to its real height and UIKit moves the offset by the
    /// difference, so the offset read back is not the one set.
    @MainActor
    func testAReloadAndScrollingBackUpMoveNothingWhenSeenRowsAnswerTheirRecordedHeights() throws {
        let fixture = Fixture(rowCount: 200, caching: .key)
        fixture.hostInWindow()
        let table = fixture.table
        // Steps shorter than the 600-point screen: every row down to the last screen is displayed.
        var y: CGFloat = 0
        while y < 4_000 {
            y += 300
            fixture.scroll(to: y)
        }
        let offset = table.contentOffset.y
        XCTAssertEqual(offset, y, accuracy: 0.001, "precondition: the table scrolled that far")
        let first = try XCTUnwrap(table.indexPathsForVisibleRows?.first)
        let firstMinY = table.rectForRow(at: first).minY
        XCTAssertGreaterThan(first.row, 20, "precondition: many rows above")
        XCTAssertGreaterThan(abs(firstMinY - CGFloat(first.row) * Fixture.tableEstimate), 100,
                             "precondition: plain estimates would put the row elsewhere")

        table.reloadData()
        table.layoutIfNeeded()

        XCTAssertEqual(table.contentOffset.y, offset, accuracy: 0.001, "the reload moved the offset")
        XCTAssertEqual(table.rectForRow(at: first).minY, firstMinY, accuracy: 0.001, "the reload moved row \(first.row)")

        y = offset
        while y > 0 {
            y = max(0, y - 100)
            fixture.scroll(to: y)
            XCTAssertEqual(table.contentOffset.y, y, accuracy: 0.001, "UIKit corrected the offset set to \(y)")
        }
    }

    /// Bad input: an index path that names no row (past the rows, past the sections, not a
    /// section and a row), a template cell, a cell the table never sized, and a table with
    /// no width. Each is reported and records nothing; nothing traps. Without the UIKit
    /// layer's row check, row 99 and section 3 would be stored (the engine refuses only
    /// negative and absurd indexes) and answered as their estimates instead of 150.
    @MainActor
    func testBadInputRecordsNothingAndIsReported() throws {
        let fixture = Fixture(rowCount: 5, caching: .indexPath)
        fixture.recordsInWillDisplay = false
        fixture.hostInWindow()
        let table = fixture.table
        let recorder = LineRecorder()
        table.layoutState.heights.log = DebugLog(isEnabled: false, reportsProblems: true, sink: DebugLogSink { recorder.add($0) })
        let cell = try XCTUnwrap(table.visibleCells.first)
        XCTAssertGreaterThan(cell.frame.width, 0, "precondition: a cell UIKit sized")

        let missingRows = [IndexPath(row: 99, section: 0), IndexPath(row: 0, section: 3), IndexPath(row: -1, section: 0),
                           IndexPath(indexes: [0, 0, 0]), IndexPath()]
        for indexPath in missingRows {
            table.fd_recordHeight(of: cell, forRowAt: indexPath)
            table.fd_recordHeight(of: cell, forRowAt: indexPath, cacheBy: "ghost")
        }
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: IndexPath(row: 99, section: 0)), Fixture.tableEstimate)
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: "ghost"), Fixture.tableEstimate)

        let template: UITableViewCell = try XCTUnwrap(table.fd_templateCell(forReuseIdentifier: Fixture.cellIdentifier))
        table.fd_recordHeight(of: template, forRowAt: IndexPath(row: 0, section: 0), cacheBy: "template")
        // A cell made with init(style:reuseIdentifier:) is 320 x 44, which no check can tell
        // from a sized row (review 21d D1, 21e E1): one with no frame at all is refused.
        let unsized = LabelCell(style: .default, reuseIdentifier: Fixture.cellIdentifier)
        unsized.frame = .zero
        table.fd_recordHeight(of: unsized, forRowAt: IndexPath(row: 0, section: 0), cacheBy: "unsized")
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: "template"), Fixture.tableEstimate)
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: "unsized"), Fixture.tableEstimate)
        XCTAssertEqual(table.fd_statistics.recordedHeights, 0)

        let narrow = Fixture(rowCount: 5, caching: .key, size: CGSize(width: 0, height: 600))
        narrow.table.layoutState.heights.log = table.layoutState.heights.log
        let sized = LabelCell(style: .default, reuseIdentifier: Fixture.cellIdentifier)
        sized.frame = CGRect(x: 0, y: 0, width: 320, height: 80)
        narrow.table.fd_recordHeight(of: sized, forRowAt: IndexPath(row: 0, section: 0), cacheBy: Fixture.key(at: IndexPath(row: 0, section: 0)))
        XCTAssertEqual(narrow.table.fd_statistics.recordedHeights, 0, "no width, no height")
        #if DEBUG
        let lines = recorder.lines
        XCTAssertEqual(lines.filter { $0.contains("no such row") }.count, missingRows.count * 2)
        XCTAssertEqual(lines.filter { $0.contains("is a template") }.count, 1)
        XCTAssertEqual(lines.filter { $0.contains("the cell has no width") }.count, 1)
        XCTAssertEqual(lines.filter { $0.contains("the table has no width") }.count, 1)
        #endif
        // Once the index path names a row and the cell is sized, the same call records.
        table.fd_recordHeight(of: cell, forRowAt: IndexPath(row: 0, section: 0))
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: IndexPath(row: 0, section: 0)), cell.frame.height, accuracy: 0.001)
    }

    /// While a skeleton shows, its cells are the app's class showing placeholders at the
    /// plan's rows: nothing is recorded from them, even when the app calls in (its own
    /// `willDisplay` is not even sent, the skeleton standing in for the delegate). Once
    /// hidden, the app's rows are recorded as usual. Without the skeleton check, the
    /// placeholders' heights would be recorded under the keys of the rows they stand on.
    @MainActor
    func testNothingIsRecordedWhileASkeletonShows() throws {
        let fixture = Fixture(rowCount: 40, caching: .key)
        let table = fixture.table
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Fixture.cellIdentifier))
        fixture.hostInWindow()
        XCTAssertTrue(table.fd_isShowingSkeleton)
        let skeletonRows = try XCTUnwrap(table.indexPathsForVisibleRows)
        XCTAssertFalse(skeletonRows.isEmpty, "precondition: skeleton rows are displayed")
        XCTAssertEqual(fixture.willDisplayCalls, 0, "the skeleton stands in for the app's delegate")

        for indexPath in skeletonRows {
            let cell = try XCTUnwrap(table.cellForRow(at: indexPath))
            table.fd_recordHeight(of: cell, forRowAt: indexPath, cacheBy: Fixture.key(at: indexPath))
            table.fd_recordHeight(of: cell, forRowAt: indexPath)
        }
        XCTAssertEqual(table.fd_statistics.recordedHeights, 0)
        let firstKey = Fixture.key(at: IndexPath(row: 0, section: 0))
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: firstKey), Fixture.tableEstimate)

        table.fd_hideSkeleton(animated: false)
        table.layoutIfNeeded()
        XCTAssertGreaterThan(fixture.willDisplayCalls, 0)
        XCTAssertGreaterThan(table.fd_statistics.recordedHeights, 0, "the app's rows are recorded once it is hidden")
        XCTAssertEqual(table.fd_estimatedHeight(cacheBy: firstKey), table.rectForRow(at: IndexPath(row: 0, section: 0)).height,
                       accuracy: 0.001)
    }
}
#endif
