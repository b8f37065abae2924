import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct IdlePrecacheTests {
    @Test func aPassStopsWhenItsBudgetIsSpent() {
        var clock: UInt64 = 0
        var measured: [Int] = []
        let result = IdlePrecache.runPass(over: Array(0..<100), budget: 0.004, now: { clock }, isCached: { _ in false }) { row in
            measured.append(row)
            clock += 1_000_000  // each measurement takes 1 ms
        }
        #expect(measured == [0, 1, 2, 3])
        #expect(result.measured == 4)
        #expect(result.remaining.first == 4)
    }

    @Test func rowsCachedSinceTheyWerePlannedAreSkipped() {
        var measured: [Int] = []
        let result = IdlePrecache.runPass(over: [1, 2, 3, 4], budget: 1, now: { 0 }, isCached: { $0.isMultiple(of: 2) }) { measured.append($0) }
        #expect(measured == [1, 3])
        #expect(result.remaining.isEmpty)
    }

    @Test func aBadBudgetMeasuresOneRow() {
        var clock: UInt64 = 0
        let result = IdlePrecache.runPass(over: [1, 2, 3], budget: .nan, now: { clock }, isCached: { _ in false }) { _ in clock += 1 }
        #expect(result.measured == 1)
        #expect(Array(result.remaining) == [2, 3])
    }

    @Test(arguments: [
        (PrecacheConditions(isEnabled: false), PrecacheDecision.paused(.disabled)),
        (PrecacheConditions(isVisible: false), .paused(.hidden)),
        (PrecacheConditions(hadMemoryWarning: true), .paused(.memoryWarning)),
        (PrecacheConditions(isTracking: true), .paused(.tracking)),
        (PrecacheConditions(isRefreshing: true), .paused(.refreshing)),
        (PrecacheConditions(hasUpdatesInFlight: true), .paused(.updatesInFlight)),
        (PrecacheConditions(isFocused: false), .precache(.minimum)),
        (PrecacheConditions(), .precache(.full)),
    ])
    func precachingPausesForEachReason(conditions: PrecacheConditions, decision: PrecacheDecision) {
        #expect(conditions.decision == decision)
    }

    /// What precaching changes is when a height is computed, never its value: rows measured
    /// ahead through the cache get the heights they would have got on demand.
    @Test func precachedHeightsEqualOnDemandHeights() {
        let trueHeight: (RowPosition) -> CGFloat = { CGFloat(40 + ($0.row * 7919) % 97) }
        let precached = TableHeightCache(context: LayoutContext(width: 375))
        let onDemand = TableHeightCache(context: LayoutContext(width: 375))
        let shape = TableShape(rowCounts: [500])
        let plan = PreloadPlanner().plan(
            visible: RowPosition(section: 0, row: 0)...RowPosition(section: 0, row: 9), direction: .towardEnd,
            viewportHeight: 600, shape: shape, height: { precached.estimatedHeight(for: .indexPath($0.indexPath)) },
            isCached: { precached.indexPaths.containsHeight(at: $0.indexPath) })
        _ = IdlePrecache.runPass(over: plan, budget: 1, now: { 0 }, isCached: { precached.indexPaths.containsHeight(at: $0.indexPath) }) { position in
            _ = precached.height(cachedBy: .indexPath(position.indexPath)) { trueHeight(position) }
        }
        #expect(!plan.isEmpty)
        for row in 0..<60 {
            let position = RowPosition(section: 0, row: row)
            let demanded = onDemand.height(cachedBy: .indexPath(position.indexPath)) { trueHeight(position) }
            let served = precached.height(cachedBy: .indexPath(position.indexPath)) { trueHeight(position) }
            #expect(served == demanded, "row \(row)")
        }
    }
}
