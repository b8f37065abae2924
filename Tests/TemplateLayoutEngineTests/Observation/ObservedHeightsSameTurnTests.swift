import Foundation
import Observation
import Testing
@testable import TemplateLayoutEngine

/// Review 18 (C1, L1): an edit made on the table's thread is seen by whatever the app does
/// next in the same turn (a height asked, an update made), not only on the turn the change
/// asked for. Observation calls back in `willSet`; the table's thread stores the value before
/// it runs anything else, so the change can be applied at the next lookup or update.
@Suite struct ObservedHeightsSameTurnTests {
    @Test func anEditMadeBeforeAnInsertInTheSameTurnForgetsTheRowWhereItMoves() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Row 1")
        let neighbour = ObservedPost("Row 2")
        table.height(.indexPath(IndexPath(row: 1, section: 0)), showing: post)
        table.height(.indexPath(IndexPath(row: 2, section: 0)), showing: neighbour)

        post.text = String(repeating: "Edited ", count: 20)
        // What the UIKit layer does before an update moves the index-path cache.
        table.observed.applyChangesMadeOnTableThread()
        table.heights.indexPaths.insertRows(at: [IndexPath(row: 0, section: 0)])
        table.observed.indexPathsMayHaveMoved()

        // The edited row moved to row 2 without its old height; its neighbour kept its own.
        #expect(table.heights.indexPaths.height(at: IndexPath(row: 2, section: 0)) == nil)
        #expect(table.heights.indexPaths.height(at: IndexPath(row: 3, section: 0)) == 40)
        let turn = table.observed.applyChanges()
        #expect(turn.forgotten == [.indexPath(IndexPath(row: 1, section: 0))])
        #expect(turn.ignoredAfterMoves == 0)
        #expect(turn.asksForHeights, "rows the table did not ask about are asked again")
    }

    @Test func aKeyedEditIsMeasuredAgainByAHeightAskedInTheSameTurn() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        #expect(table.height(.key(7), showing: post) == 40)

        post.text = String(repeating: "A longer text. ", count: 6)
        // What the UIKit layer does before each lookup (performBatchUpdates(nil) right after
        // the edit asks for heights in the same turn).
        table.observed.applyChangesMadeOnTableThread()
        #expect(table.heights.cachedHeight(for: .key(7)) == nil)
        #expect(table.height(.key(7), showing: post) == 80)
        // The turn still reports the row once; the new measurement's tracking stays.
        #expect(table.observed.applyChanges().forgotten == [.key(7)])
        #expect(table.heights.cachedHeight(for: .key(7)) == 80)
        #expect(!table.observed.applyChanges().asksForHeights)
    }

    @Test func aChangeMadeOnAnotherThreadWaitsForItsTurn() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        table.height(.key(1), showing: post)

        changeOnAnotherThread { post.text = String(repeating: "Background ", count: 10) }
        // Its value may not be stored when the table's thread looks: not applied early.
        table.observed.applyChangesMadeOnTableThread()
        #expect(table.heights.cachedHeight(for: .key(1)) == 40)
        #expect(table.observed.applyChanges().forgotten == [.key(1)])
    }

    /// Review 18b, F4: the app replaced a row's model object by a new one under the same key
    /// (a reload of fresh data). The old object's tracking, still waiting, stood in for the
    /// next measurement of the row, so the new object was never tracked.
    @Test func aModelObjectReplacedUnderTheSameKeyIsTrackedWhenTheRowIsMeasuredAgain() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let original = ObservedPost("Short.")
        table.height(.key(1), showing: original)

        let replacement = ObservedPost("Short.")
        // What the UIKit layer says on a reload or an update.
        table.observed.modelsMayHaveBeenReplaced()
        table.heights.switchContext(to: ObservedTable.landscape)
        table.height(.key(1), showing: replacement)

        replacement.text = String(repeating: "Edited ", count: 20)
        #expect(table.observed.applyChanges().forgotten == [.key(1)])
        #expect(table.heights.cachedHeight(for: .key(1)) == nil)
    }

    /// Review 18c, L1: the row's model changed while the row was measured again under its
    /// waiting tracking (a configure closure that runs the run loop, where the change's turn
    /// came). The measurement read the old text and was stored after the change was applied;
    /// the row was then tracked by a spent token, and its stale height stayed for good.
    @Test func aChangeWhileTheRowIsMeasuredUnderItsWaitingTrackingIsForgottenOnceMore() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        table.height(.key(1), showing: post)
        table.heights.switchContext(to: ObservedTable.landscape)

        let measured = table.height(.key(1)) {
            let read = post.text
            // Inside the measurement: the edit, and its turn, in a run of the loop the
            // app's code spun.
            post.text = String(repeating: "Edited ", count: 20)
            _ = table.observed.applyChanges()
            return read == "Short." ? 40 : 100
        }
        #expect(measured == 40, "precondition: the old text was measured")

        #expect(table.observed.applyChanges().forgotten == [.key(1)], "forgotten once more")
        #expect(table.heights.cachedHeight(for: .key(1)) == nil)
        #expect(table.height(.key(1), showing: post) == 100, "measured with the edited text")
        post.isExpanded = true
        #expect(table.observed.applyChanges().forgotten == [.key(1)], "and followed again")
    }
}
