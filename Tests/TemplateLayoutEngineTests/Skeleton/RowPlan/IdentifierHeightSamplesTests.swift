import Foundation
import ReferenceTableModel
import Testing
@testable import TemplateLayoutEngine

// Named with "Skeleton" so `--filter Skeleton` runs them with the rest.
@Suite struct SkeletonIdentifierSamplesTests {
    let narrow = LayoutContext(width: 320)
    let wide = LayoutContext(width: 768)

    @Test func theMedianIsTheLowerMiddleHeight() {
        var samples = IdentifierHeightSamples()
        #expect(samples.median(identifier: "Post", context: narrow) == nil)
        for height: CGFloat in [120, 80, 100] { samples.record(height, identifier: "Post", context: narrow) }
        #expect(samples.median(identifier: "Post", context: narrow) == 100)
        samples.record(90, identifier: "Post", context: narrow)
        // 80, 90, 100, 120: the lower middle, a height a row really had.
        #expect(samples.median(identifier: "Post", context: narrow) == 90)
    }

    @Test func identifiersAndContextsAreKeptApart() {
        var samples = IdentifierHeightSamples()
        samples.record(80, identifier: "Post", context: narrow)
        samples.record(60, identifier: "Post", context: wide)
        samples.record(300, identifier: "Photo", context: narrow)
        #expect(samples.median(identifier: "Post", context: narrow) == 80)
        #expect(samples.median(identifier: "Post", context: wide) == 60)
        #expect(samples.median(identifier: "Photo", context: narrow) == 300)
        #expect(samples.median(identifier: "Photo", context: wide) == nil)
    }

    @Test func theOldestHeightGivesWayWhenFull() {
        var samples = IdentifierHeightSamples(capacity: 3)
        for height: CGFloat in [10, 20, 30, 40, 50] { samples.record(height, identifier: "Post", context: narrow) }
        #expect(samples.count(identifier: "Post", context: narrow) == 3)
        #expect(samples.median(identifier: "Post", context: narrow) == 40)
        #expect(samples.rings.values.first?.heights.sorted() == [30, 40, 50])
    }

    @Test func theLeastRecentlyRecordedPairGoesPastTheLimit() {
        var samples = IdentifierHeightSamples(keyLimit: 2)
        samples.record(1, identifier: "A", context: narrow)
        samples.record(2, identifier: "B", context: narrow)
        samples.record(3, identifier: "A", context: narrow)
        samples.record(4, identifier: "C", context: narrow)
        #expect(samples.median(identifier: "B", context: narrow) == nil)
        #expect(samples.median(identifier: "A", context: narrow) == 1)
        #expect(samples.median(identifier: "C", context: narrow) == 4)
    }

    @Test func badInputIsNotRecorded() {
        var samples = IdentifierHeightSamples(capacity: 0, keyLimit: -3)
        #expect(samples.capacity == 1 && samples.keyLimit == 1)
        // (`#expect` cannot call a mutating method itself.)
        let recorded = [
            samples.record(.nan, identifier: "Post", context: narrow),
            samples.record(-1, identifier: "Post", context: narrow),
            samples.record(.infinity, identifier: "Post", context: narrow),
            samples.record(80, identifier: "Post", context: .unmeasured),
            samples.record(0, identifier: "Post", context: narrow),
        ]
        #expect(recorded == [false, false, false, false, true])
        #expect(samples.median(identifier: "Post", context: narrow) == 0)
        #expect(IdentifierHeightSamples(capacity: 1_000_000).capacity == 1024)
        samples.removeAll()
        #expect(samples.count(identifier: "Post", context: narrow) == 0)
    }

    @Test(arguments: SkeletonSeeds.seeds(count: 20, salt: 2))
    func theMedianMatchesSortingTheLastHeights(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let capacity = random.int(in: 1...16)
        var samples = IdentifierHeightSamples(capacity: capacity, keyLimit: 3)
        var recorded: [String: [CGFloat]] = [:]
        for _ in 0..<300 {
            let identifier = ["A", "B", "C"][random.int(in: 0..<3)]
            let height = random.points(0...400)
            samples.record(height, identifier: identifier, context: narrow)
            recorded[identifier, default: []].append(height)
        }
        for (identifier, heights) in recorded {
            let last = heights.suffix(capacity).sorted()
            #expect(samples.median(identifier: identifier, context: narrow) == last[(last.count - 1) / 2],
                    "\(identifier); replay with TEMPLATE_LAYOUT_SEED=\(ModelBasedSeeds.hex(seed))")
        }
    }
}

@Suite struct SkeletonSamplingTableTests {
    let context = LayoutContext(width: 375, displayScale: 3)

    @Test func measuringWithAnIdentifierFeedsTheSamples() {
        let table = TableHeightCache(context: context, log: DebugLog(reportsProblems: false))
        #expect(table.measuredHeight(for: .indexPath(path(0, 0)), identifier: "Post") { 88 } == 88)
        #expect(table.measuredHeight(for: .key("a"), identifier: "Post") { 92 } == 92)
        #expect(table.measuredHeight(for: .none, identifier: "Post") { 90 } == 90)
        #expect(table.samples.count(identifier: "Post", context: context) == 3)
        #expect(table.samples.median(identifier: "Post", context: context) == 90)
        // Cached like the plain call.
        #expect(table.cachedHeight(for: .indexPath(path(0, 0))) == 88)
        #expect(table.statistics.layouts == 3)
    }

    @Test func invalidOrUnmadeMeasurementsAreNotSampled() {
        let table = TableHeightCache(context: context, log: DebugLog(reportsProblems: false))
        _ = table.measuredHeight(for: .none, identifier: "Post") { .nan }
        _ = table.measuredHeight(for: .none, identifier: "Post") { -4 }
        table.switchContext(to: .unmeasured)
        var measured = false
        _ = table.measuredHeight(for: .none, identifier: "Post") { measured = true; return 80 }
        #expect(!measured)
        #expect(table.samples.rings.isEmpty)
    }
}
