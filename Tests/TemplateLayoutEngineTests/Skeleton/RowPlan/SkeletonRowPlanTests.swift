import Foundation
import ReferenceTableModel
import Testing
@testable import TemplateLayoutEngine

@Suite struct SkeletonRowPlanTests {
    let context = LayoutContext(width: 375, displayScale: 3)

    @Test func aPlanCountsAndSizesEverySection() {
        let table = TableHeightCache(context: context)
        table.store(300, for: .indexPath(path(0, 0)))
        var measured: [String] = []
        let plan = table.skeletonPlan(
            sections: [SkeletonSection(identifier: "Hero", rowCount: 1), SkeletonSection(identifier: "Post", headerHeight: 30)],
            viewportHeight: 700) { identifier in
                measured.append(identifier)
                return identifier == "Post" ? 100 : nil
            }
        // 700 - 300 - 30 = 370: four 100-point rows cover it, plus one.
        #expect(plan.numberOfSections == 2)
        #expect(plan.numberOfRows(inSection: 0) == 1)
        #expect(plan.numberOfRows(inSection: 1) == 5)
        #expect(plan.row(at: path(0, 0)) == SkeletonRowHeight(height: 300, source: .previousLoad))
        #expect(plan.height(at: path(1, 4)) == 100)
        #expect(plan.rowsBySource == [.previousLoad: 1, .placeholderMeasurement: 5])
        #expect(plan.totalHeight == 800)
        // Measured once per identifier: the hero row had its height before the placeholder.
        #expect(measured == ["Post"])
    }

    @Test func aPlanAnswersNothingOutsideItself() {
        let plan = SkeletonRowPlan(sections: [[SkeletonRowHeight(height: 44, source: .estimate)]])
        #expect(plan.numberOfRows(inSection: 1) == 0)
        #expect(plan.numberOfRows(inSection: -1) == 0)
        #expect(plan.row(at: path(0, 1)) == nil)
        #expect(plan.row(at: path(-1, 0)) == nil)
        #expect(plan.row(at: IndexPath(indexes: [0])) == nil)
    }

    @Test func aPlaceholderThatCannotMeasureIsAskedOnce() {
        let table = TableHeightCache(context: context)
        var asked = 0
        let plan = table.skeletonPlan(sections: [SkeletonSection(identifier: "Post")], viewportHeight: 440) { _ in
            asked += 1
            return nil
        }
        #expect(asked == 1)
        #expect(plan.numberOfRows(inSection: 0) == 11)
        #expect(plan.rowsBySource == [.estimate: 11])
    }

    @Test func planningIsNotALookupAndIsTraced() {
        let recorder = LogRecorder()
        let table = TableHeightCache(context: context, log: recorder.log(tracing: true))
        _ = table.height(cachedBy: .indexPath(path(0, 0))) { 100 }
        let before = table.statistics
        _ = table.skeletonPlan(sections: [SkeletonSection(identifier: "Post", rowCount: 3)], viewportHeight: 400)
        #expect(table.statistics == before)
        #expect(recorder.lines.contains("** TemplateLayoutCell ** skeleton plan: [3] rows, 188 points, by source estimate 2, previous load 1"))
    }
}
