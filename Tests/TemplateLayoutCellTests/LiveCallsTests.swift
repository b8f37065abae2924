#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Work for "the next turn" must not run inside one of the package's calls when the app's
/// code runs the run loop there (`NSAttributedString`'s HTML import does, in configure
/// closures and height requests). They run in Xcode; on Linux they are type-checked only.
final class LiveCallsTests: XCTestCase {
    /// Review 18b, F1: the turn's end was queued when `performBatchUpdates` began and ran in
    /// the run loop a height request spun inside UIKit's end of the batch, where the call was
    /// still open: every index-path height was forgotten, a false problem reported, and an
    /// empty batch sent from inside UIKit's own.
    @MainActor
    func testARunLoopSpunInAHeightRequestInsidePerformBatchUpdatesIsNotTheTurnsEnd() {
        let fixture = RecordingTableFixture(rowCount: 6)
        fixture.hostInWindow()
        _ = fixture.measureAllRows()
        let recorder = LineRecorder()
        fixture.table.layoutState.heights.log = DebugLog(isEnabled: true, reportsProblems: true, sink: DebugLogSink { recorder.add($0) })
        var spins = 0
        fixture.onHeightRequest = { _ in
            spins += 1
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.02))
        }

        fixture.table.performBatchUpdates {
            fixture.texts.insert(TableFixture.text(1), at: 0)
            fixture.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        }
        fixture.onHeightRequest = nil
        XCTAssertGreaterThan(spins, 0, "precondition: UIKit asked heights inside the call")
        XCTAssertFalse(recorder.lines.contains { $0.contains("cut short") }, "\(recorder.lines)")
        XCTAssertTrue(fixture.table.fd_indexPathHeightCache.existsHeight(at: IndexPath(row: 5, section: 0)),
                      "the rows' heights moved with them, none was forgotten")
        // The turn's end, on the turn after the call, finds nothing open.
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))
        XCTAssertFalse(recorder.lines.contains { $0.contains("cut short") }, "\(recorder.lines)")
        XCTAssertFalse(LiveCalls.isInsideOne)
    }

    /// Review 18c, F6: a measurement is a live call too: work for the next turn does not run
    /// in a run of the loop the app's configure closure spins (the HTML import case).
    @MainActor
    func testARunLoopSpunInAConfigureClosureRunsNoNextTurnWork() {
        let fixture = RecordingTableFixture(rowCount: 1)
        fixture.hostInWindow()
        var ran = false
        var ranInside: Bool?
        _ = fixture.table.fd_height(identifier: RecordingTableFixture.cellIdentifier) { (cell: LabelCell) in
            LiveCalls.onLaterTurn { ran = true }
            RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
            ranInside = ran
            cell.label.text = TableFixture.text(1)
        }
        XCTAssertEqual(ranInside, false, "not inside the measurement")
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))
        XCTAssertTrue(ran, "on a turn after it")
    }

    /// The other half of the rule: a call that never returned (an exception through it) is
    /// noticed by the first block that runs no deeper than the call began.
    @MainActor
    func testACallThatNeverLeftIsDroppedByTheNextBlockAtItsDepth() {
        _ = LiveCalls.enter() // never left, as when an exception unwinds the call
        XCTAssertTrue(LiveCalls.isInsideOne == false, "at the depth it began, the call is over")
        let outer = LiveCalls.enter()
        var ranInside = false
        var ranAfter = false
        LiveCalls.onLaterTurn { ranAfter = true }
        // A run of the loop inside the live call: the block waits.
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
        ranInside = ranAfter
        LiveCalls.leave(outer)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
        XCTAssertFalse(ranInside, "not inside the live call")
        XCTAssertTrue(ranAfter, "once it returned")
    }
}
#endif
