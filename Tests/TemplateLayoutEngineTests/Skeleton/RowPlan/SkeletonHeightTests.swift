import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Skeleton rows at the heights their content will have, source by source (SkeletonView
/// #37, #40 and #399: rows at one fixed height jumped when the data arrived).
@Suite struct SkeletonHeightPriorityTests {
    let context = LayoutContext(width: 375, displayScale: 3)

    /// A table where every source has an answer for row [0:0] of "Post", each different.
    func tableWithEverySource() -> TableHeightCache {
        let table = TableHeightCache(context: context, log: DebugLog(reportsProblems: false))
        table.fallbackHeight = 50
        table.store(101, for: .indexPath(path(0, 0)))
        table.store(102, for: .key("post-1"))
        for height: CGFloat in [104, 80, 120] { table.samples.record(height, identifier: "Post", context: context) }
        return table
    }

    @Test func theIndexPathCacheComesFirst() {
        let table = tableWithEverySource()
        let row = table.skeletonHeight(at: path(0, 0), identifier: "Post", key: "post-1") { 103 }
        #expect(row == SkeletonRowHeight(height: 101, source: .previousLoad))
    }

    @Test func theKeyedCacheComesSecond() {
        let table = tableWithEverySource()
        table.indexPaths.invalidateAll()
        let row = table.skeletonHeight(at: path(0, 0), identifier: "Post", key: "post-1") { 103 }
        #expect(row == SkeletonRowHeight(height: 102, source: .keyedCache))
    }

    @Test func thePlaceholderMeasurementComesThird() {
        let table = tableWithEverySource()
        table.indexPaths.invalidateAll()
        // No key named, or a key with nothing cached: the keyed cache has no say.
        #expect(table.skeletonHeight(at: path(0, 0), identifier: "Post") { 103 } == SkeletonRowHeight(height: 103, source: .placeholderMeasurement))
        #expect(table.skeletonHeight(at: path(0, 0), identifier: "Post", key: "post-2") { 103 }.source == .placeholderMeasurement)
    }

    @Test func theIdentifierMedianComesFourth() {
        let table = tableWithEverySource()
        table.indexPaths.invalidateAll()
        #expect(table.skeletonHeight(at: path(0, 0), identifier: "Post") == SkeletonRowHeight(height: 104, source: .identifierMedian))
        // A placeholder that cannot measure passes the turn on.
        #expect(table.skeletonHeight(at: path(0, 0), identifier: "Post") { nil }.source == .identifierMedian)
    }

    @Test func theEstimateComesLast() {
        let table = tableWithEverySource()
        table.indexPaths.invalidateAll()
        #expect(table.skeletonHeight(at: path(0, 0), identifier: "Ad") == SkeletonRowHeight(height: 50, source: .estimate))
    }

    @Test func aPlaceholderIsNotMeasuredWithoutAWidth() {
        let table = TableHeightCache(context: .unmeasured)
        var measured = false
        let row = table.skeletonHeight(at: path(0, 0), identifier: "Post") { measured = true; return 80 }
        #expect(!measured)
        #expect(row == SkeletonRowHeight(height: 44, source: .estimate))
    }

    @Test(arguments: [CGFloat.nan, -1, .infinity])
    func anInvalidPlaceholderMeasurementIsReportedAndSkipped(measured: CGFloat) {
        let recorder = LogRecorder()
        let table = TableHeightCache(context: context, log: recorder.log())
        table.samples.record(70, identifier: "Post", context: context)
        #expect(table.skeletonHeight(at: path(0, 0), identifier: "Post") { measured } == SkeletonRowHeight(height: 70, source: .identifierMedian))
        #expect(recorder.problems.count == 1)
    }

    @Test func anIndexPathThatIsNotARowSkipsTheFirstSource() {
        let table = tableWithEverySource()
        #expect(table.skeletonHeight(at: IndexPath(indexes: [0]), identifier: "Post", key: "post-1").source == .keyedCache)
    }

    @Test func skeletonReadsAreNotLookups() {
        let table = tableWithEverySource()
        _ = table.height(cachedBy: .indexPath(path(0, 0))) { 0 }
        _ = table.height(cachedBy: .key("post-1")) { 0 }
        let before = table.statistics
        for row in 0..<20 {
            _ = table.skeletonHeight(at: path(0, row), identifier: "Post", key: "post-\(row)") { 90 }
        }
        #expect(table.statistics == before)
        #expect(table.keys.count == 1)
    }

    @Test func eachRowIsTracedWithItsSource() {
        let recorder = LogRecorder()
        let table = tableWithEverySource()
        table.log = recorder.log(tracing: true)
        _ = table.skeletonHeight(at: path(0, 0), identifier: "Post")
        #expect(recorder.lines.contains("** TemplateLayoutCell ** skeleton row [0:0] (Post) - 101 from previous load"))
    }

    @Test func aHeightPersistedByAnEarlierLaunchCountsAsKeyed() {
        let directory = TemporaryDirectory()
        let store = PersistentHeightStore(directory: directory.url, configuration: .init(appVersion: "1", writeDelay: 3600),
                                          log: DebugLog(reportsProblems: false))
        store.open(namespace: "feed", contentVersion: "1")
        store.waitUntilIdle()
        store.record(140, forKey: .string("post-9"), namespace: "feed", context: context)
        let table = TableHeightCache(context: context)
        table.persistence = HeightPersistence(store: store, namespace: "feed")
        let before = table.statistics
        #expect(table.skeletonHeight(at: path(0, 0), identifier: "Post", key: "post-9") == SkeletonRowHeight(height: 140, source: .keyedCache))
        #expect(table.statistics == before)
        #expect(table.keys.count == 0)
    }
}

@Suite struct SkeletonReloadTests {
    let context = LayoutContext(width: 390, displayScale: 3)

    /// The heights of a feed whose rows all differ.
    static func trueHeight(_ row: Int) -> CGFloat { 60 + CGFloat((row * 37) % 170) + CGFloat(row % 3) / 3 }

    @Test func aReloadOfTheSameContentDoesNotJump() {
        let table = TableHeightCache(context: context)
        let rows = 40
        // First load: the real rows are measured and cached by index path, as the UIKit
        // layer does in heightForRowAt.
        var real: [CGFloat] = []
        for row in 0..<rows {
            let key = HeightCacheKey.indexPath(path(0, row))
            real.append(table.cachedHeight(for: key) ?? table.measuredHeight(for: key, identifier: "Post") { Self.trueHeight(row) })
        }
        // Pull to refresh: the plan is made before the skeleton's reload.
        let plan = table.skeletonPlan(sections: [SkeletonSection(identifier: "Post", rowCount: rows)], viewportHeight: 800)
        let skeleton = (0..<rows).map { plan.height(at: path(0, $0)) }
        #expect(skeleton == real.map { Optional($0) })
        #expect(plan.rowsBySource == [.previousLoad: rows])
        // Then the real rows come back: each row's height is what its skeleton had.
        table.indexPaths.invalidateAll()
        for row in 0..<rows {
            let jump = table.measuredHeight(for: .indexPath(path(0, row)), identifier: "Post") { Self.trueHeight(row) } - skeleton[row]!
            #expect(jump == 0, "row \(row) jumps \(jump) points")
        }
    }

    @Test func rowsNamedByKeyDoNotJumpEvenAfterTheIndexPathsAreGone() {
        let table = TableHeightCache(context: context)
        let ids = (0..<30).map { "post-\($0)" }
        for (row, id) in ids.enumerated() {
            _ = table.height(cachedBy: .key(id)) { Self.trueHeight(row) }
        }
        table.indexPaths.invalidateAll()
        // The new load starts with rows shifted by two (two new posts on top, unknown).
        let upcoming: [AnyHashable] = ["new-1", "new-2"] + ids.map { AnyHashable($0) }
        let plan = table.skeletonPlan(sections: [SkeletonSection(identifier: "Post", rowCount: upcoming.count, keys: upcoming)],
                                      viewportHeight: 800)
        for row in 2..<upcoming.count {
            #expect(plan.row(at: path(0, row)) == SkeletonRowHeight(height: Self.trueHeight(row - 2), source: .keyedCache))
        }
        #expect(plan.row(at: path(0, 0))?.source == .estimate)
    }

    @Test func unseenRowsGetTheMedianOfTheirKind() {
        let table = TableHeightCache(context: context)
        for (row, height) in [CGFloat(80), 200, 90, 100, 85].enumerated() {
            _ = table.measuredHeight(for: .none, identifier: "Post") { height }
            _ = table.measuredHeight(for: .indexPath(path(1, row)), identifier: "Photo") { 300 }
        }
        let plan = table.skeletonPlan(sections: [SkeletonSection(identifier: "Post", rowCount: 3)], viewportHeight: 800)
        #expect(plan.sections[0] == Array(repeating: SkeletonRowHeight(height: 90, source: .identifierMedian), count: 3))
    }
}
