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

    /// A skeleton shown before its table is laid out is usual (and planned again once it
    /// is): one row per filling section, and no problem reported.
    @Test func aTableNotLaidOutYetGetsOneRowPerFillingSectionWithoutAProblem() {
        let recorder = LogRecorder()
        let sections = [SkeletonSection(identifier: "Post"), SkeletonSection(identifier: "More", rowCount: 2)]
        #expect(SkeletonRowCount.counts(viewportHeight: 0, sections: sections, log: recorder.log()) { _ in 44 } == [1, 2])
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
