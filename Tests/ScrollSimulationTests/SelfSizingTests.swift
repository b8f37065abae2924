import Foundation
import Testing
@testable import ScrollSimulation

/// Issue 21's model of a self-sizing table: UIKit's rules (`EstimatedRows`) and what the
/// estimate strategies make of them.
@Suite struct EstimatedRowsTests {
    @Test func aRowSizedWhenShownMovesTheRowsBelowNotTheOffset() {
        var rows = EstimatedRows(guesses: [100, 100, 100])
        rows.offset = 50
        #expect(rows.size(1, height: 160) == 60)
        #expect(rows.offset == 50)
        #expect(rows.tops.tops == [0, 100, 260, 360])
        #expect(rows.size(1, height: 10) == 0, "a sized row keeps its height until the next refresh")
    }

    @Test func aRefreshMakesEveryRowAGuessAndKeepsTheFirstVisibleRowInPlace() {
        var rows = EstimatedRows(guesses: Array(repeating: 100, count: 10))
        for row in 0..<5 { _ = rows.size(row, height: 80) }
        rows.offset = 420  // row 5's top is 400: row 5 is the first visible one
        let before = rows.firstVisibleRow(viewportHeight: 200)
        #expect(before?.row == 5)
        let moved = rows.refresh(guesses: Array(repeating: 100, count: 10), keeping: before, viewportHeight: 200)
        #expect(moved == 100, "the five rows above went back from 80 to their guess")
        #expect(rows.offset == 520)
        #expect(rows.tops.tops[5] - rows.offset == -20, "row 5 is where it was on screen")
        #expect(!rows.isSized.contains(true))
    }

    @Test func atTheTopNothingIsRestored() {
        var rows = EstimatedRows(guesses: [100, 100])
        #expect(rows.firstVisibleRow(viewportHeight: 50) == nil)
        #expect(rows.refresh(guesses: [300, 300], keeping: nil, viewportHeight: 50) == 0)
        #expect(rows.offset == 0)
    }
}

@Suite struct SelfSizingSessionTests {
    static let feed = ScrollFeed(rowCount: 400, seed: 21)

    /// Scroll down, jump to the end, update there, scroll back up: UIKit keeps the shown rows
    /// still by correcting its offset for every guess above that was not the row's height.
    static let reloadAndScrollBack = SelfSizingReport.scrollBackScript

    @Test func plainGuessesCostOffsetJumpsForRowsTheUserHasSeen() throws {
        let metrics = SelfSizingSession(feed: Self.feed).run(Self.reloadAndScrollBack, strategy: .plain, launches: 1)
        let launch = try #require(metrics.first)
        #expect(launch.offsetJumps > 0)
        #expect(launch.offsetJumpsFromSeenRows > 0)
        #expect(launch.scrollToRowMiss == 0, "UIKit sizes around the target first")
    }

    @Test func recordedHeightsCostNoJumpForSeenRowsInEitherLaunch() throws {
        let metrics = SelfSizingSession(feed: Self.feed).run(Self.reloadAndScrollBack, strategy: .recorded, launches: 2)
        #expect(metrics.count == 2)
        for launch in metrics { #expect(launch.offsetJumpsFromSeenRows == 0) }
        let second = try #require(metrics.last)
        #expect(second.seenRowEstimates > 0)
        #expect(second.exactSeenRowEstimates == second.seenRowEstimates, "every row seen in launch 1 is estimated exactly")
        let plain = try #require(SelfSizingSession(feed: Self.feed).run(Self.reloadAndScrollBack, strategy: .plain, launches: 2).last)
        #expect(plain.offsetJumpsFromSeenRows > 0, "plain guesses forget what launch 1 showed")
    }

    @Test func theSameScriptGivesTheSameFigures() {
        let session = SelfSizingSession(feed: Self.feed)
        #expect(session.run(Self.reloadAndScrollBack, strategy: .recorded) == session.run(Self.reloadAndScrollBack, strategy: .recorded))
    }
}
