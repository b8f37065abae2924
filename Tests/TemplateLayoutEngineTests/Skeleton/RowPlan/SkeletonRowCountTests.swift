import Foundation
import ReferenceTableModel
import Testing
@testable import TemplateLayoutEngine

@Suite struct SkeletonRowCountTests {
    @Test func rowsFillTheViewportPlusOne() {
        // 44-point rows: 10 cover 440 exactly, the 11th is for a small scroll.
        #expect(SkeletonRowCount.filling(viewportHeight: 440) { _ in 44 } == 11)
        // 10 rows cover 441? No: 11 do, plus one.
        #expect(SkeletonRowCount.filling(viewportHeight: 441) { _ in 44 } == 12)
        // Real heights: a 300-point row then 100-point rows.
        #expect(SkeletonRowCount.filling(viewportHeight: 800) { $0 == 0 ? 300 : 100 } == 7)
    }

    @Test func countsAreCappedAndAtLeastOne() {
        #expect(SkeletonRowCount.filling(viewportHeight: 10_000, limit: 20) { _ in 44 } == 20)
        #expect(SkeletonRowCount.filling(viewportHeight: 1, limit: 0) { _ in 44 } == 1)
        #expect(SkeletonRowCount.filling(viewportHeight: 1_000_000) { _ in 1 } == SkeletonRowCount.defaultLimit)
        #expect(SkeletonRowCount.filling(viewportHeight: 100) { _ in 500 } == 2)
    }

    @Test func eachRowHeightIsAskedOnceInOrder() {
        var asked: [Int] = []
        _ = SkeletonRowCount.filling(viewportHeight: 200) { asked.append($0); return 44 }
        #expect(asked == Array(0..<6))
    }

    @Test(arguments: [CGFloat(0), -100, .nan, .infinity])
    func aViewportThatIsNotASizeGivesOneRow(viewport: CGFloat) {
        let recorder = LogRecorder()
        var asked = 0
        #expect(SkeletonRowCount.filling(viewportHeight: viewport, log: recorder.log()) { _ in asked += 1; return 44 } == 1)
        #expect(asked == 0)
        #expect(recorder.problems.count == 1)
    }

    @Test(arguments: [CGFloat(0), -5, .nan, .infinity])
    func rowHeightsThatAreNotSizesCountAsUIKitsDefault(height: CGFloat) {
        let recorder = LogRecorder()
        #expect(SkeletonRowCount.filling(viewportHeight: 440, log: recorder.log()) { _ in height } == 11)
        #expect(recorder.problems.count == 1)
    }

    @Test func sectionsFillWhatTheSectionsBeforeThemLeave() {
        let recorder = LogRecorder()
        let sections = [
            SkeletonSection(identifier: "Header", rowCount: 1, headerHeight: 28),
            SkeletonSection(identifier: "Post", headerHeight: 28, footerHeight: 10),
            SkeletonSection(identifier: "More"),
        ]
        // 600 - 28 - 200 (the one fixed row) - 28 = 344 left: four 100-point rows, plus one.
        let counts = SkeletonRowCount.counts(viewportHeight: 600, sections: sections, log: recorder.log()) { indexPath in
            indexPath[0] == 0 ? 200 : 100
        }
        #expect(counts == [1, 5, 1])
        #expect(recorder.problems.isEmpty)
    }

    @Test func badSectionInputIsSafe() {
        let recorder = LogRecorder()
        let sections = [
            SkeletonSection(identifier: "A", rowCount: -3, headerHeight: .nan),
            SkeletonSection(identifier: "B", rowCount: 1_000),
            SkeletonSection(identifier: "C"),
        ]
        let counts = SkeletonRowCount.counts(viewportHeight: .nan, sections: sections, limit: 50, log: recorder.log()) { _ in 44 }
        #expect(counts == [0, 50, 1])
        #expect(recorder.problems.count == 2)
        #expect(SkeletonRowCount.counts(viewportHeight: 500, sections: []) { _ in 44 } == [])
    }

    @Test(arguments: SkeletonSeeds.seeds(count: 50, salt: 3))
    func theCountIsTheSmallestThatCoversPlusOne(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let heights = (0..<200).map { _ in random.points(20...400) }
        let viewport = random.points(1...2_000)
        let limit = random.int(in: 1...120)
        let count = SkeletonRowCount.filling(viewportHeight: viewport, limit: limit) { heights[$0] }
        let replay = "replay with TEMPLATE_LAYOUT_SEED=\(ModelBasedSeeds.hex(seed))"
        #expect((1...limit).contains(count), "\(replay)")
        let covering = (1...heights.count).first { heights.prefix($0).reduce(0, +) >= viewport }!
        #expect(count == min(covering + 1, limit), "\(replay)")
    }
}

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
