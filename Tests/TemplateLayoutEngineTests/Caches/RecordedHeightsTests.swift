import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 21: heights UIKit gave self-sizing rows, recorded and answered as estimates.
@Suite struct RecordedHeightsTests {
    let context = LayoutContext(width: 390, displayScale: 3)

    @Test func aRecordedHeightIsTheRowsEstimate() {
        let table = TableHeightCache(context: context)
        #expect(table.recordDisplayedHeight(133.5, for: .key("post-1"), identifier: "Post"))
        #expect(table.estimate(for: .key("post-1"), identifier: "Post", tableEstimate: 150) == RowEstimate(height: 133.5, source: .rowHeight))
        #expect(table.statistics.recordedHeights == 1)
        #expect(table.statistics.layouts == 0, "UIKit laid the row out, not the package")
    }

    @Test func unseenRowsGetTheIdentifiersMedianThenTheTablesEstimateThenTheFallback() {
        let table = TableHeightCache(context: context)
        for (index, height) in [80, 120, 100].enumerated() {
            table.recordDisplayedHeight(CGFloat(height), for: .key("p\(index)"), identifier: "Post")
        }
        #expect(table.estimate(for: .key("new"), identifier: "Post", tableEstimate: 150).source == .tableEstimate,
                "three heights do not settle a median")
        for index in 3..<32 { table.recordDisplayedHeight(100, for: .key("p\(index)"), identifier: "Post") }
        #expect(table.estimate(for: .key("new"), identifier: "Post", tableEstimate: 150) == RowEstimate(height: 100, source: .identifierMedian))
        #expect(table.estimate(for: .key("new"), identifier: "Photo", tableEstimate: 150) == RowEstimate(height: 150, source: .tableEstimate))
        // UITableView.automaticDimension is -1: not a height.
        #expect(table.estimate(for: .key("new"), identifier: "Photo", tableEstimate: -1) == RowEstimate(height: 44, source: .fallback))
        #expect(table.estimate(for: .key("new"), identifier: nil, tableEstimate: .nan).source == .fallback)
    }

    /// UIKit moves its offset by every change of the estimates above the first visible row
    /// at each refresh: an unseen row's estimate changes once, when the median settles.
    @Test func anUnseenRowsEstimateStaysPutOnceTheMedianSettled() {
        let table = TableHeightCache(context: context)
        for index in 0..<32 { table.recordDisplayedHeight(CGFloat(100 + index), for: .key(index), identifier: "Post") }
        let settled = table.estimate(for: .key("unseen"), identifier: "Post", tableEstimate: 150)
        #expect(settled == RowEstimate(height: 115, source: .identifierMedian))
        for index in 32..<200 { table.recordDisplayedHeight(400, for: .key(index), identifier: "Post") }
        #expect(table.estimate(for: .key("unseen"), identifier: "Post", tableEstimate: 150) == settled)
        #expect(table.samples.median(identifier: "Post", context: context) == 400, "skeleton rows still read the live median")
    }

    @Test func theMedianIsPerLayoutContext() {
        let table = TableHeightCache(context: context)
        for index in 0..<32 { table.recordDisplayedHeight(100, for: .key(index), identifier: "Post") }
        table.switchContext(to: LayoutContext(width: 844, displayScale: 3))
        #expect(table.estimate(for: .key("b"), identifier: "Post", tableEstimate: 150).source == .tableEstimate,
                "a portrait height says nothing of landscape")
        #expect(table.estimate(for: .key("a"), identifier: "Post").source != .rowHeight)
    }

    @Test func aChangedHeightReplacesTheRecordedOne() {
        let table = TableHeightCache(context: context)
        table.recordDisplayedHeight(100, for: .indexPath(IndexPath(indexes: [0, 0])))
        table.recordDisplayedHeight(100, for: .indexPath(IndexPath(indexes: [0, 0])))
        table.recordDisplayedHeight(180, for: .indexPath(IndexPath(indexes: [0, 0])))
        #expect(table.estimatedHeight(for: .indexPath(IndexPath(indexes: [0, 0]))) == 180, "an expanded cell")
        #expect(table.statistics.recordedHeights == 2, "the unchanged record stores nothing")
    }

    /// Review 21e, E6: a diffable data source's row recorded by index path names nothing.
    @Test func aRowCachedByNothingIsNotSampled() {
        let table = TableHeightCache(context: context)
        for _ in 0..<5 { #expect(!table.recordDisplayedHeight(300, for: .none, identifier: "Post")) }
        #expect(table.samples.count(identifier: "Post", context: context) == 0)
    }

    /// Review 21e, E2: after every keyed height was forgotten, the medians go too; once one
    /// settles again it is written again.
    @Test func anInvalidationOfEveryKeyedHeightForgetsTheMediansAndASettledOneIsWrittenAgain() {
        launch(on: TemporaryDirectory()) { table in
            let medianKey = TableHeightCache.settledMedianKey("Post")
            for index in 0..<32 { table.recordDisplayedHeight(100, for: .key(index), identifier: "Post") }
            #expect(table.persistence?.height(forKey: medianKey, in: context) == 100)

            table.invalidateAllKeyedHeights()
            table.persistence?.store.waitUntilIdle()
            #expect(table.estimate(for: .key("new"), identifier: "Post", tableEstimate: 150).source == .tableEstimate)
            #expect(table.persistence?.height(forKey: medianKey, in: context) == nil)
            for index in 0..<32 { table.recordDisplayedHeight(200, for: .key(index), identifier: "Post") }
            #expect(table.persistence?.height(forKey: medianKey, in: context) == 200)
            #expect(table.estimate(for: .key("new"), identifier: "Post", tableEstimate: 150) == RowEstimate(height: 200, source: .identifierMedian))
        }
    }

    /// Review 21d, D2: heightForRowAt answers the template's height plus padding; recording
    /// what UIKit gave would pad again at the next display, for ever.
    @Test func aHeightAddedToATemplatesAnswerIsNotRecordedOverIt() {
        let recorder = LogRecorder()
        let table = TableHeightCache(context: context)
        table.log = recorder.log(tracing: false)
        for _ in 0..<3 {
            table.lastTemplateAnswer = .key("post")
            let answered = table.height(cachedBy: .key("post")) { 100 } + 10
            #expect(!table.recordDisplayedHeight(answered, for: .key("post"), identifier: "Post"))
        }
        #expect(table.keys.height(forKey: "post") == 100)
        #expect(recorder.lines.count == 3)
        table.lastTemplateAnswer = .key("other")
        #expect(table.recordDisplayedHeight(180, for: .key("post")), "an expanded self-sizing row is recorded")
    }

    /// Review 21f, F2: only the request just before a recording is about its row; a key
    /// asked once from a template is not refused for good.
    @Test func aTemplateAnswerGuardsOnlyTheNextRecording() {
        let table = TableHeightCache(context: context)
        table.log = LogRecorder().log(tracing: false)
        table.lastTemplateAnswer = .key("post")
        _ = table.height(cachedBy: .key("post")) { 100 }
        #expect(!table.recordDisplayedHeight(110, for: .key("post")))
        #expect(table.recordDisplayedHeight(120, for: .key("post")), "the next display of a row that sizes itself")
        #expect(table.keys.height(forKey: "post") == 120)
    }

    /// Review 21f, F3: a template answered without caching (no width, an open batch): the
    /// sum is refused all the same, or one padding would stay, and persist.
    @Test func aHeightAddedToAnUncachedTemplateAnswerIsNotRecorded() {
        let table = TableHeightCache(context: context)
        table.log = LogRecorder().log(tracing: false)
        table.lastTemplateAnswer = .key("post")
        #expect(!table.recordDisplayedHeight(110, for: .key("post")))
        #expect(table.keys.height(forKey: "post") == nil)
    }

    @Test func aRowShownAgainAddsNoSampleToItsIdentifiersMedian() {
        let table = TableHeightCache(context: context)
        for _ in 0..<5 { table.recordDisplayedHeight(300, for: .key("tall"), identifier: "Post") }
        #expect(table.samples.count(identifier: "Post", context: context) == 1)
    }

    @Test func recordedIndexPathHeightsFollowUpdates() {
        let table = TableHeightCache(context: context)
        for row in 0..<3 { table.recordDisplayedHeight(CGFloat(100 + row), for: .indexPath(IndexPath(indexes: [0, row]))) }
        table.indexPaths.insertRows(at: [IndexPath(indexes: [0, 0])])
        #expect(table.estimate(for: .indexPath(IndexPath(indexes: [0, 0]))).source == .fallback)
        #expect(table.estimatedHeight(for: .indexPath(IndexPath(indexes: [0, 1]))) == 100)
        #expect(table.estimatedHeight(for: .indexPath(IndexPath(indexes: [0, 3]))) == 102)
        table.indexPaths.reloadRows(at: [IndexPath(indexes: [0, 3])])
        #expect(table.estimate(for: .indexPath(IndexPath(indexes: [0, 3]))).source == .fallback, "a reloaded row is forgotten")
    }

    @Test func aRecordedKeyedHeightIsForgottenByAnInvalidationAndAnsweredByATemplateRequest() {
        let table = TableHeightCache(context: context)
        table.recordDisplayedHeight(90, for: .key("post"))
        var layouts = 0
        #expect(table.height(cachedBy: .key("post")) { layouts += 1; return 10 } == 90)
        #expect(layouts == 0)
        table.invalidateHeight(forKey: "post")
        #expect(table.estimate(for: .key("post")).source == .fallback)
    }

    @Test func nothingIsRecordedWithoutAWidthOrInsideAnOpenBatchOrForANonHeight() {
        let recorder = LogRecorder()
        let unmeasured = TableHeightCache(context: .unmeasured)
        #expect(!unmeasured.recordDisplayedHeight(100, for: .key("a"), identifier: "Post"))
        #expect(unmeasured.samples.count(identifier: "Post", context: .unmeasured) == 0)

        let table = TableHeightCache(context: context)
        table.log = recorder.log(tracing: false)
        for bad in [CGFloat.nan, -1, .infinity] {
            #expect(!table.recordDisplayedHeight(bad, for: .key("a"), identifier: "Post"))
        }
        #expect(table.samples.count(identifier: "Post", context: context) == 0)
        #expect(recorder.lines.count == 3, "each non-height is reported")
        #expect(table.statistics.keyed.problems + table.statistics.indexPath.problems == 3)

        table.indexPaths.beginUpdates()
        #expect(!table.recordDisplayedHeight(100, for: .indexPath(IndexPath(indexes: [0, 0])), identifier: "Post"))
        #expect(table.recordDisplayedHeight(100, for: .key("b")), "a key names content, not a position")
        table.indexPaths.endUpdates()
        #expect(table.indexPaths.height(at: IndexPath(indexes: [0, 0])) == nil)
        #expect(table.samples.count(identifier: "Post", context: context) == 1, "the median still learns")
    }

    @Test func anEstimateCountsNoLookup() {
        let table = TableHeightCache(context: context)
        table.recordDisplayedHeight(90, for: .key("a"))
        let before = table.statistics
        _ = table.estimate(for: .key("a"))
        _ = table.estimate(for: .key("b"), identifier: "Post", tableEstimate: 100)
        #expect(table.statistics == before)
    }

    /// A launch of an app on `directory`: a new store (as a new process has), its file read,
    /// and a table linked to it. `use` runs in the launch; the heights it recorded are
    /// written when it returns, and the table is returned for the checks.
    @discardableResult
    private func launch(on directory: TemporaryDirectory, _ use: (TableHeightCache) -> Void = { _ in }) -> (TableHeightCache, PersistentHeightStore) {
        let store = PersistentHeightStore(directory: directory.url, configuration: .init(appVersion: "1", writeDelay: 0),
                                          log: DebugLog(reportsProblems: false))
        store.open(namespace: "feed", contentVersion: "1")
        store.waitUntilIdle()
        let table = TableHeightCache(context: context)
        table.persistence = HeightPersistence(store: store, namespace: "feed")
        store.waitUntilIdle()  // the context's file is read on the store's disk queue
        use(table)
        store.flush()
        store.waitUntilIdle()
        return (table, store)
    }

    /// Launch 2 estimates unseen rows with the median launch 1 settled: learned again, it
    /// would change every unseen row's estimate once more at the first refresh after 32 rows.
    @Test func aSettledMedianIsTheNextLaunchsEstimateForUnseenRows() {
        let directory = TemporaryDirectory()
        launch(on: directory) { table in
            for index in 0..<32 { table.recordDisplayedHeight(CGFloat(100 + index), for: .key(index), identifier: "Post") }
        }
        let (table, _) = launch(on: directory)
        #expect(table.estimate(for: .key("unseen"), identifier: "Post", tableEstimate: 150) == RowEstimate(height: 115, source: .identifierMedian))
        #expect(table.estimate(for: .key("unseen"), identifier: "Photo", tableEstimate: 150).source == .tableEstimate)
        #expect(table.keys.count == 0, "the median is no row's height")
    }

    /// Launch 2: the rows seen in launch 1 are estimated exactly before anything is laid out.
    @Test func aHeightRecordedInAnEarlierLaunchIsTheEstimateAfterARelaunch() {
        let directory = TemporaryDirectory()
        launch(on: directory) { $0.recordDisplayedHeight(212, for: .key(AnyHashable("post-7")), identifier: "Post") }
        let (table, _) = launch(on: directory)
        let before = table.statistics
        #expect(table.estimate(for: .key(AnyHashable("post-7")), tableEstimate: 150) == RowEstimate(height: 212, source: .rowHeight))
        #expect(table.statistics == before)
    }
}
