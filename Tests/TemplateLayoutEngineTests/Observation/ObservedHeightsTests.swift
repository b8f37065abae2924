import Foundation
import Observation
import Testing
@testable import TemplateLayoutEngine

/// The rule of observation-aware heights, with real `@Observable` models: what a change
/// forgets, how changes are coalesced, and what is no longer followed.
/// Observation needs macOS 14 / iOS 17: each test returns at once on older systems (Swift
/// Testing takes no `@available` on tests); on Linux it always runs.
@Suite struct ObservedHeightsTests {
    // MARK: What a change forgets

    @Test func aChangeToAPropertyTheMeasurementReadForgetsTheKeyedHeight() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        #expect(table.height(.key(7), showing: post) == 40)

        post.text = String(repeating: "A longer text. ", count: 6)
        #expect(table.turns.requested == 1)
        let changes = table.observed.applyChanges()
        #expect(changes.forgotten == [.key(7)])
        #expect(changes.asksForHeights)
        #expect(table.heights.cachedHeight(for: .key(7)) == nil)
        // Asked again, the row is measured with the new text.
        #expect(table.height(.key(7), showing: post) == 80)
    }

    @Test func theHeightIsForgottenInEveryLayoutContext() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        table.height(.key(1), showing: post)
        table.height(.indexPath(IndexPath(row: 2, section: 0)), showing: post)
        table.heights.switchContext(to: ObservedTable.landscape)
        table.height(.key(1), showing: post)
        table.height(.indexPath(IndexPath(row: 2, section: 0)), showing: post)

        post.isExpanded = true
        #expect(table.observed.applyChanges().forgotten.count == 2)
        for context in [ObservedTable.landscape, ObservedTable.portrait] {
            table.heights.switchContext(to: context)
            #expect(table.heights.cachedHeight(for: .key(1)) == nil, "\(context)")
            #expect(table.heights.cachedHeight(for: .indexPath(IndexPath(row: 2, section: 0))) == nil, "\(context)")
        }
    }

    @Test func aPersistedHeightIsForgottenToo() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let directory = TemporaryDirectory()
        let store = PersistentHeightStore(directory: directory.url, configuration: .init(appVersion: "1", writeDelay: 3600),
                                          log: DebugLog(reportsProblems: false))
        store.open(namespace: "feed", contentVersion: "1")
        store.waitUntilIdle()
        let table = ObservedTable()
        table.heights.persistence = HeightPersistence(store: store, namespace: "feed")
        let post = ObservedPost("Short.")
        table.height(.key(42), showing: post)
        #expect(store.height(forKey: PersistentKey(42)!, namespace: "feed", context: ObservedTable.portrait) == 40)

        post.text = String(repeating: "x", count: 100)
        table.observed.applyChanges()
        #expect(store.height(forKey: PersistentKey(42)!, namespace: "feed", context: ObservedTable.portrait) == nil)
        // The next launch would not be served the old height either: the miss measures.
        #expect(table.height(.key(42), showing: post) == 80)
    }

    @Test func headersAndFootersAreForgottenLikeRows() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let title = ObservedPost("Today")
        table.height(.header(section: 1), showing: title)
        table.height(.footer(section: 1), showing: title)

        title.text = String(repeating: "Yesterday ", count: 10)
        #expect(Set(table.observed.applyChanges().forgotten) == [.header(section: 1), .footer(section: 1)])
        #expect(table.heights.indexPaths.height(of: .header, inSection: 1) == nil)
        #expect(table.heights.indexPaths.height(of: .footer, inSection: 1) == nil)
    }

    @Test func onlyTheRowsThatReadTheChangedModelAreForgotten() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let posts = (0..<3).map { ObservedPost("Post \($0)") }
        for (index, post) in posts.enumerated() { table.height(.key(index), showing: post) }

        posts[1].text = "Edited, and now long enough to wrap onto a second line."
        #expect(table.observed.applyChanges().forgotten == [.key(1)])
        #expect(table.heights.cachedHeight(for: .key(0)) == 40)
        #expect(table.heights.cachedHeight(for: .key(2)) == 40)
    }

    @Test func aPropertyTheMeasurementDidNotReadChangesNothing() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        table.height(.key(1), showing: post)
        post.likes += 1
        #expect(table.turns.requested == 0)
        #expect(!table.observed.applyChanges().asksForHeights)
        #expect(table.heights.cachedHeight(for: .key(1)) == 40)
    }

    // MARK: The whole measurement

    @Test func readsAnywhereInTheMeasurementAreFollowed() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        // The app's configure closure reads the text; the cell's own layout pass (a
        // `layoutSubviews` or `updateProperties` override) reads `isExpanded`, inside a nested
        // tracking as UIKit's automatic observation tracking makes one on iOS 26.
        func configure() -> String { post.text }
        func layoutPass() -> Bool { withObservationTracking({ post.isExpanded }, onChange: {}) }
        table.height(.key(1)) {
            let text = configure()
            return 20 + CGFloat(text.count) + (layoutPass() ? 40 : 0)
        }

        post.isExpanded = true
        #expect(table.observed.applyChanges().forgotten == [.key(1)])
    }

    @Test func aMeasurementThatReadsNothingObservableIsNotTracked() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        table.height(.key(1)) { 44 }
        #expect(table.observed.trackedCount == 0)
    }

    @Test func uncachedHeightsAreNotTracked() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        _ = table.heights.measuredHeight(for: .none) { table.observed.tracking(.none) { post.measuredHeight } }
        post.text = "Changed"
        #expect(table.turns.requested == 0)
        #expect(table.observed.trackedCount == 0)
    }

    // MARK: Coalescing

    @Test func manyChangesInOneTurnAskForOneTurnAndOneRefresh() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let posts = (0..<5).map { ObservedPost("Post \($0)") }
        for (index, post) in posts.enumerated() { table.height(.key(index), showing: post) }

        for post in posts { post.text += " edited"; post.isExpanded = true }
        #expect(table.turns.requested == 1)
        let changes = table.observed.applyChanges()
        #expect(changes.forgotten.count == 5)
        #expect(changes.asksForHeights)
        // The turn is spent: nothing more to apply, and the next change asks for a new one.
        #expect(!table.observed.applyChanges().asksForHeights)
        for (index, post) in posts.enumerated() { table.height(.key(index), showing: post) }
        posts[0].text = "Again"
        #expect(table.turns.requested == 2)
    }

    @Test func aChangeFromAnotherThreadIsAppliedOnTheTablesTurn() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        table.height(.key(1), showing: post)

        await Task.detached { post.text = String(repeating: "Background ", count: 10) }.value
        #expect(table.turns.requested == 1)
        #expect(table.observed.hasPendingChanges)
        // Nothing was forgotten on the other thread: the caches are the table thread's.
        #expect(table.heights.cachedHeight(for: .key(1)) == 40)
        #expect(table.observed.applyChanges().forgotten == [.key(1)])
        #expect(table.heights.cachedHeight(for: .key(1)) == nil)
    }

    // MARK: Generations

    @Test func aRowIsFollowedAgainOnlyOnceMeasuredAgain() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        table.height(.key(1), showing: post)
        post.text = "One"
        table.observed.applyChanges()

        // Observation's tracking fired once and is spent; the row is not measured yet.
        post.text = "Two"
        #expect(table.turns.requested == 1)
        table.height(.key(1), showing: post)
        post.text = "Three"
        #expect(table.turns.requested == 2)
        #expect(table.observed.applyChanges().forgotten == [.key(1)])
    }

    @Test func aLateChangeOfAnEarlierMeasurementChangesNothing() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let before = ObservedPost("The row showed this post.")
        let after = ObservedPost("Then this one.")
        table.height(.key(1), showing: before)
        // The app forgets the height and the row is measured with another model.
        table.heights.invalidateHeight(forKey: 1)
        table.height(.key(1), showing: after)

        before.text = "An edit of a post the row no longer shows"
        let changes = table.observed.applyChanges()
        #expect(changes.forgotten.isEmpty)
        #expect(changes.ignoredAsRetired == 1)
        #expect(table.heights.cachedHeight(for: .key(1)) == 40)
    }

    @Test func forgettingARowsTrackingRetiresIt() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Short.")
        table.height(.key(1), showing: post)
        table.observed.forgetTracking(for: .key(1))
        #expect(table.observed.trackedCount == 0)
        post.text = "Changed"
        #expect(table.observed.applyChanges().forgotten.isEmpty)
    }

    // MARK: Rows that move

    @Test func afterRowsMoveAChangeForgetsNoOtherRowsHeight() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let tracked = ObservedPost("Row 1")
        let neighbour = ObservedPost("Row 2")
        table.height(.indexPath(IndexPath(row: 1, section: 0)), showing: tracked)
        table.height(.indexPath(IndexPath(row: 2, section: 0)), showing: neighbour)
        // A row is inserted at the top: the tracked row's height moves to row 2, its
        // neighbour's to row 3, and row 1 is the new row's.
        table.heights.indexPaths.insertRows(at: [IndexPath(row: 0, section: 0)])
        table.observed.indexPathsMayHaveMoved()
        table.heights.store(90, for: .indexPath(IndexPath(row: 1, section: 0)))

        tracked.text = String(repeating: "Edited ", count: 20)
        let changes = table.observed.applyChanges()
        #expect(changes.forgotten.isEmpty)
        #expect(changes.ignoredAfterMoves == 1)
        // Row 1 is another row now: its height stays. Nothing is silently wrong elsewhere.
        #expect(table.heights.indexPaths.height(at: IndexPath(row: 1, section: 0)) == 90)
        #expect(table.heights.indexPaths.height(at: IndexPath(row: 3, section: 0)) == 40)
    }

    @Test func aRowMeasuredAfterTheMoveIsFollowedAtItsNewIndexPath() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Row")
        table.height(.indexPath(IndexPath(row: 0, section: 0)), showing: post)
        table.heights.indexPaths.insertRows(at: [IndexPath(row: 0, section: 0)])
        table.observed.indexPathsMayHaveMoved()
        table.heights.indexPaths.invalidateHeight(at: IndexPath(row: 1, section: 0))
        table.height(.indexPath(IndexPath(row: 1, section: 0)), showing: post)

        post.text = String(repeating: "Edited ", count: 20)
        #expect(table.observed.applyChanges().forgotten == [.indexPath(IndexPath(row: 1, section: 0))])
        #expect(table.heights.indexPaths.height(at: IndexPath(row: 1, section: 0)) == nil)
    }

    @Test func keyedRowsAreFollowedAcrossMoves() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        let post = ObservedPost("Row")
        table.height(.key("a"), showing: post)
        table.observed.indexPathsMayHaveMoved()
        post.text = "Edited"
        #expect(table.observed.applyChanges().forgotten == [.key("a")])
    }

    // MARK: Bounds

    @Test func trackingIsBoundedByTheCache() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable(keyedCountLimit: 10)
        var posts: [ObservedPost] = []
        for id in 0..<1_000 {
            let post = ObservedPost("Post \(id)")
            posts.append(post)
            table.height(.key(id), showing: post)
            #expect(table.observed.trackedCount <= ObservedHeights.sweepFloor)
        }
        // The evicted rows are not followed; the ten cached ones are.
        posts[0].text = "Edited long ago"
        posts[999].text = "Edited just now"
        #expect(table.observed.applyChanges().forgotten == [.key(999)])
    }

    @Test func positionsRetiredByMovesAreSweptOut() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = ObservedTable()
        for row in 0..<(ObservedHeights.sweepFloor * 3) {
            table.observed.indexPathsMayHaveMoved()
            table.height(.indexPath(IndexPath(row: row, section: 0)), showing: ObservedPost("Row \(row)"))
        }
        #expect(table.observed.trackedCount <= ObservedHeights.sweepFloor)
    }

    @Test func aChangeAfterTheOwnerIsGoneDoesNothing() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let post = ObservedPost("Short.")
        let turns = TurnScheduler()
        do {
            let heights = TableHeightCache(context: ObservedTable.portrait)
            let observed = ObservedHeights(heights: heights, schedule: turns.schedule)
            _ = heights.measuredHeight(for: .key(1)) { observed.tracking(.key(1)) { post.measuredHeight } }
        }
        post.text = "Changed after the table went away"
        #expect(turns.requested == 0)
    }
}
