import Foundation
import Observation
import Testing
@testable import TemplateLayoutEngine

/// Review P3 and P2: what a row's tracking leaves in its models' registrars when the row is
/// measured again, and changes made off the table's thread.
///
/// Registrations are counted by the callbacks one change fires: Observation calls each
/// tracking installed in a model's registrar once, at the model's next change, so after one
/// change `forgotten + ignoredAsRetired` is the number of callbacks the model held.
@Suite struct ObservedHeightsArmingTests {
    /// Callbacks the models' registrars held, counted by the change that fired them.
    private static func callbacksFired(by changes: ObservedHeightChanges) -> Int {
        changes.forgotten.count + changes.ignoredAsRetired
    }

    // MARK: Review P3: no pile-up

    @Test func aRowMeasuredAgainAfterEvictionsAddsNoCallbackToItsModel() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        // One keyed height kept: each row evicts the other, so each is measured ten times.
        let table = ObservedTable(keyedCountLimit: 1)
        let first = ObservedPost("First")
        let second = ObservedPost("Second")
        for _ in 0..<10 {
            table.height(.key(1), showing: first)
            table.height(.key(2), showing: second)
        }
        #expect(table.observed.armedTrackingCount == 2)

        first.text = String(repeating: "Edited ", count: 20)
        let changes = table.observed.applyChanges()
        #expect(Self.callbacksFired(by: changes) == 1, "one callback in the model's registrar, not one per measurement")
        #expect(changes.forgotten == [.key(1)], "and the row is still followed")
    }

    @Test func aRowMeasuredInAnotherLayoutContextAddsNoCallbackToItsModel() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Row")
        let path = HeightCacheKey.indexPath(IndexPath(row: 0, section: 0))
        table.height(path, showing: post)
        table.height(.key("a"), showing: post)
        table.heights.switchContext(to: ObservedTable.landscape)
        table.height(path, showing: post)
        table.height(.key("a"), showing: post)

        post.isExpanded = true
        let changes = table.observed.applyChanges()
        #expect(Self.callbacksFired(by: changes) == 2, "one per row, not one per row and context")
        #expect(Set(changes.forgotten) == [path, .key("a")])
        for context in [ObservedTable.portrait, ObservedTable.landscape] {
            table.heights.switchContext(to: context)
            #expect(table.heights.cachedHeight(for: path) == nil, "\(context)")
            #expect(table.heights.cachedHeight(for: .key("a")) == nil, "\(context)")
        }
    }

    @Test func aRowWhoseModelsAreGoneIsTrackedAgainWithItsNewModel() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable(keyedCountLimit: 1)
        do {
            // The app replaces the item's model with a fresh object (a refetch): the old one
            // goes, and with it its registrar and the row's callback.
            let replaced = ObservedPost("Old object")
            table.height(.key(1), showing: replaced)
        }
        #expect(table.observed.armedTrackingCount == 0)
        table.height(.key(2), showing: ObservedPost("Evicts row 1"))
        let fresh = ObservedPost("New object")
        table.height(.key(1), showing: fresh)

        fresh.text = String(repeating: "Edited ", count: 20)
        #expect(table.observed.applyChanges().forgotten == [.key(1)])
    }

    @Test func aPositionMeasuredAfterRowsMovedIsTrackedAgain() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let path = HeightCacheKey.indexPath(IndexPath(row: 0, section: 0))
        let before = ObservedPost("Before the reload")
        table.height(path, showing: before)
        // A reload: row 0 shows another model now, and must be followed through it.
        table.heights.indexPaths.invalidateAll()
        table.observed.indexPathsMayHaveMoved()
        let after = ObservedPost("After the reload")
        table.height(path, showing: after)

        after.text = String(repeating: "Edited ", count: 20)
        #expect(table.observed.applyChanges().forgotten == [path])
    }

    // MARK: Review P2: changes off the table's thread

    @Test func aChangeMadeOnAnotherThreadForgetsTheHeightOnceMoreOnTheNextTurn() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        table.height(.key(1), showing: post)

        changeOnAnotherThread { post.text = String(repeating: "Background ", count: 10) }
        #expect(table.turns.requested == 1)
        #expect(table.observed.applyChanges().forgotten == [.key(1)])
        // The race: the table's thread measured the row again between the change's willSet
        // and its store, so it read, and cached, the old text (40 points).
        table.height(.key(1)) { _ = post.text; return 40 }

        #expect(table.turns.requested == 2, "a turn more was asked for")
        #expect(table.observed.applyChanges().forgotten == [.key(1)], "the stale height is forgotten again")
        #expect(table.height(.key(1), showing: post) == 80)
        #expect(!table.observed.applyChanges().asksForHeights, "once, not for ever")
        #expect(table.turns.requested == 2)
    }

    @Test func aChangeOnTheTablesThreadIsAppliedOnce() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        table.height(.key(1), showing: post)
        post.text = String(repeating: "Here ", count: 20)
        #expect(table.observed.applyChanges().forgotten == [.key(1)])
        table.height(.key(1), showing: post)
        #expect(table.turns.requested == 1)
        #expect(!table.observed.applyChanges().asksForHeights)
    }
}
