import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 17, items B, 3 and 4: when a table's index titles are asked, and what the section
/// index means for a height request, in the order UIKit makes its calls (UIKitCore 26.1: at
/// `reloadData` the content size, every row's height without estimates, then the index view).
@Suite struct SectionIndexTrackerTests {
    /// A tracker that asked and got `titles`, with enough rows for UIKit to show them.
    private func asked(titles: Bool, rows: Bool = true) -> SectionIndexTracker {
        var tracker = SectionIndexTracker()
        #expect(tracker.shouldAskTitles)
        tracker.willAskTitles()
        tracker.didAskTitles(hasTitles: titles, hasRowsForIndex: rows)
        return tracker
    }

    /// Review 19a, P1: an Objective-C exception through `sectionIndexTitles(for:)`, caught by
    /// the app around `reloadData`, skips `didAskTitles`; the next reload asks again instead
    /// of leaving every request pending for the table's life.
    @Test func aReloadAfterAnAskingThatNeverAnsweredAsksAgain() {
        var tracker = SectionIndexTracker()
        tracker.willAskTitles()
        #expect(tracker.reading(indexViewWidth: nil) == .pending)
        tracker.titlesMayHaveChanged()
        #expect(tracker.shouldAskTitles)
        tracker.willAskTitles()
        tracker.didAskTitles(hasTitles: false, hasRowsForIndex: true)
        #expect(tracker.reading(indexViewWidth: nil) == .none)
    }

    @Test func titlesAreAskedOncePerReload() {
        var tracker = asked(titles: false)
        #expect(!tracker.shouldAskTitles, "not on every request")
        let answer1 = tracker.reading(indexViewWidth: nil)
        #expect(answer1 == .none)
        tracker.titlesMayHaveChanged()
        #expect(tracker.shouldAskTitles, "reloadData or reloadSectionIndexTitles asks again")
    }

    @Test func beforeUIKitAddsTheIndexViewARequestIsPendingAndNeedsSettling() {
        var tracker = asked(titles: true)
        #expect(tracker.looksForIndexView)
        let answer2 = tracker.reading(indexViewWidth: nil)
        #expect(answer2 == .pending)
        #expect(tracker.needsSettling)
        let answer3 = tracker.settle(indexViewFound: true, displayedCells: true, displayedContentWidth: nil)
        #expect(answer3, "ask again")
        #expect(!tracker.needsSettling)
        let answer4 = tracker.reading(indexViewWidth: 15)
        #expect(answer4 == .view(width: 15))
    }

    @Test func aRequestMadeWhileTheTitlesAreAskedIsPendingAndAsksNothing() {
        var tracker = SectionIndexTracker()
        tracker.willAskTitles()
        // The app's sectionIndexTitles(for:) asks for a height: it must not ask again.
        #expect(!tracker.shouldAskTitles)
        let answer5 = tracker.reading(indexViewWidth: nil)
        #expect(answer5 == .pending)
        tracker.didAskTitles(hasTitles: false, hasRowsForIndex: true)
        let answer6 = tracker.reading(indexViewWidth: nil)
        #expect(answer6 == .none)
    }

    @Test func tooFewRowsAtTheReloadShowNoIndexUntilTheNextOne() {
        var tracker = asked(titles: true, rows: false)
        #expect(!tracker.looksForIndexView)
        let answer7 = tracker.reading(indexViewWidth: nil)
        #expect(answer7 == .none, "UIKit decides at the reload; inserts add no index")
        #expect(!tracker.needsSettling)
    }

    @Test func noIndexViewOnceCellsAreDisplayedIsMissingWithTheirWidth() {
        var tracker = asked(titles: true)
        _ = tracker.reading(indexViewWidth: nil)
        let notLaidOut = tracker.settle(indexViewFound: false, displayedCells: false, displayedContentWidth: nil)
        #expect(!notLaidOut, "not laid out yet: nothing to ask")
        let answer8 = tracker.reading(indexViewWidth: nil)
        #expect(answer8 == .pending, "still pending, checked again")
        let answer9 = tracker.settle(indexViewFound: false, displayedCells: true, displayedContentWidth: 355)
        #expect(answer9)
        let answer10 = tracker.reading(indexViewWidth: nil)
        #expect(answer10 == .missing(displayedContentWidth: 355))
        let answer11 = tracker.reading(indexViewWidth: 15)
        #expect(answer11 == .view(width: 15), "a view found later wins")
        tracker.titlesMayHaveChanged()
        tracker.willAskTitles()
        tracker.didAskTitles(hasTitles: true, hasRowsForIndex: true)
        let answer12 = tracker.reading(indexViewWidth: nil)
        #expect(answer12 == .pending, "a reload forgets the missing verdict")
    }

    @Test func aPendingContextIsUnmeasurable() {
        var geometry = TableGeometry(tableWidth: 390)
        #expect(geometry.layoutContext.isMeasurable)
        geometry.sectionIndexIsPending = true
        #expect(!geometry.layoutContext.isMeasurable, "nothing measured or cached without the index's width")
    }
}
