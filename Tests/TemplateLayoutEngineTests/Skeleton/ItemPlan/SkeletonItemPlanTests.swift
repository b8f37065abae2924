import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 19, item 6: skeletons in collection views. Each section's items get their length
/// along the scroll axis from the tables' five sources, read in the section's own context
/// (its fixed dimension and length), and enough whole lines of items to fill the viewport.
@Suite struct SkeletonItemPlanTests {
    /// A column of a two-column grid on a 3x screen.
    let column = LayoutContext(fixing: .width, length: 170, displayScale: 3)
    /// A full-width list row.
    let fullWidth = LayoutContext(fixing: .width, length: 350, displayScale: 3)
    /// A chip row 32 points high.
    let chips = LayoutContext(fixing: .height, length: 32, displayScale: 3)

    @Test func aTwoColumnGridFillsTheViewportWithWholeLinesPlusOne() {
        let cache = TableHeightCache(context: fullWidth)
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "Card", itemsAcross: 2)],
            geometries: [SkeletonItemGeometry(context: column, itemsAcross: 2, lineSpacing: 10, estimate: 100)],
            viewportLength: 500)
        // Lines end at 100, 210, 320, 430, 540 (covers 500), then one more line: 6 lines.
        #expect(plan.numberOfItems(inSection: 0) == 12)
        #expect(plan.size(at: path(0, 11)) == CGSize(width: 170, height: 100))
        #expect(plan.itemsBySource == [.estimate: 12])
        #expect(plan.filledLength == 650, "six lines and five spacings")
    }

    @Test func aLineIsAsLongAsItsLongestItem() {
        let cache = TableHeightCache(context: column)
        cache.store(300, for: .key("tall"))
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "Card", keys: ["tall"], itemsAcross: 2)],
            geometries: [SkeletonItemGeometry(context: column, itemsAcross: 2, estimate: 100)],
            viewportLength: 350)
        // Line 1 is 300 (the tall item beside a 100 one), line 2 reaches 400: then one more.
        #expect(plan.numberOfItems(inSection: 0) == 6)
        #expect(plan.size(at: path(0, 0))?.height == 300)
        #expect(plan.size(at: path(0, 1))?.height == 100)
    }

    @Test func itemsTakeTheTablesSourcesInOrderInTheSectionsContext() {
        let cache = TableHeightCache(context: column)
        cache.store(140, for: .indexPath(path(0, 0)))
        cache.store(160, for: .key("next"))
        cache.switchContext(to: fullWidth)
        cache.store(999, for: .indexPath(path(0, 2)))
        var measured: [LayoutContext] = []
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "Card", itemCount: 3, keys: [AnyHashable("a"), "next"], itemsAcross: 2)],
            geometries: [SkeletonItemGeometry(context: column, itemsAcross: 2)],
            viewportLength: 500) { _, context in measured.append(context); return 120 }
        #expect(plan.item(at: path(0, 0)) == SkeletonRowHeight(height: 140, source: .previousLoad))
        #expect(plan.item(at: path(0, 1)) == SkeletonRowHeight(height: 160, source: .keyedCache))
        #expect(plan.item(at: path(0, 2)) == SkeletonRowHeight(height: 120, source: .placeholderMeasurement),
                "the full-width context's 999 is another context's")
        #expect(measured == [column], "measured once, at the column's width")
    }

    @Test func withoutAPlaceholderTheMedianThenTheEstimate() {
        let cache = TableHeightCache(context: column)
        for height: CGFloat in [90, 110, 100] { cache.samples.record(height, identifier: "Card", context: column) }
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "Card", itemCount: 1),
                       CollectionSkeletonSection(identifier: "Other", itemCount: 1)],
            geometries: [SkeletonItemGeometry(context: column, estimate: 70), SkeletonItemGeometry(context: column, estimate: 70)],
            viewportLength: 500)
        #expect(plan.item(at: path(0, 0)) == SkeletonRowHeight(height: 100, source: .identifierMedian))
        #expect(plan.item(at: path(1, 0)) == SkeletonRowHeight(height: 70, source: .estimate), "the layout's estimate")
    }

    @Test func aHorizontalChipRowFillsTheWidthAtAFixedHeight() {
        let cache = TableHeightCache(context: chips)
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "Chip")],
            geometries: [SkeletonItemGeometry(context: chips, lineSpacing: 8)],
            viewportLength: 375) { _, _ in 80 }
        // Chips end at 80, 168, 256, 344, 432 (covers 375), then one more.
        #expect(plan.numberOfItems(inSection: 0) == 6)
        #expect(plan.size(at: path(0, 0)) == CGSize(width: 80, height: 32), "the width is what was measured")
    }

    @Test func sectionsFillWhatTheSectionsBeforeThemLeave() {
        let cache = TableHeightCache(context: fullWidth)
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "Header", itemCount: 2),
                       CollectionSkeletonSection(identifier: "Card", itemsAcross: 2)],
            geometries: [SkeletonItemGeometry(context: fullWidth, estimate: 100),
                         SkeletonItemGeometry(context: column, itemsAcross: 2, leadingSpacing: 50, estimate: 100)],
            viewportLength: 500)
        // 200 of list rows and 50 of inset leave 250: lines at 100, 200, 300, then one more.
        #expect(plan.numberOfItems(inSection: 0) == 2)
        #expect(plan.numberOfItems(inSection: 1) == 8)
    }

    @Test func explicitCountsAreHonouredWithinTheLimit() {
        let recorder = LogRecorder()
        let cache = TableHeightCache(context: column, log: recorder.log())
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "A", itemCount: 7, itemsAcross: 2),
                       CollectionSkeletonSection(identifier: "B", itemCount: -3),
                       CollectionSkeletonSection(identifier: "C", itemCount: 5000)],
            geometries: Array(repeating: SkeletonItemGeometry(context: column, itemsAcross: 2, estimate: 50), count: 3),
            viewportLength: 100)
        #expect(plan.numberOfItems(inSection: 0) == 7, "a partial last line is fine when asked for")
        #expect(plan.numberOfItems(inSection: 1) == 0)
        #expect(plan.numberOfItems(inSection: 2) == SkeletonRowCount.defaultLimit)
        #expect(recorder.problems.count == 1, "the negative count")
        #expect(plan.filledLength == nil, "nothing fills")
    }

    /// "Plan when the view first has a measurable context, not before": a section with no
    /// width yet has no items, and the width, once there, plans again.
    @Test func anUnmeasurableSectionHasNoItemsUntilItIsMeasurable() {
        let cache = TableHeightCache()
        var asked = 0
        let sections = [CollectionSkeletonSection(identifier: "Card", itemsAcross: 2)]
        let early = cache.skeletonItemPlan(
            sections: sections, geometries: [SkeletonItemGeometry(context: .unmeasured, itemsAcross: 2)],
            viewportLength: 0) { _, _ in asked += 1; return 100 }
        #expect(early.numberOfItems(inSection: 0) == 0)
        #expect(asked == 0, "nothing measured at no width")
        #expect(early.replanning(in: [.unmeasured], viewportLength: 0, isResizingInteractively: false) == .keep)
        #expect(early.replanning(in: [column], viewportLength: 600, isResizingInteractively: false) == .replan)
        #expect(early.replanning(in: [column], viewportLength: 600, isResizingInteractively: true) == .replanAfterResize)
    }

    @Test func aPlanHoldsUntilItsContextOrAGrownViewportMovesOn() {
        let cache = TableHeightCache(context: column)
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "Card", itemsAcross: 2)],
            geometries: [SkeletonItemGeometry(context: column, itemsAcross: 2, estimate: 100)], viewportLength: 450)
        #expect(plan.filledLength == 600)
        #expect(plan.replanning(in: [column], viewportLength: 300, isResizingInteractively: false) == .keep, "smaller: still filled")
        #expect(plan.replanning(in: [column], viewportLength: 600, isResizingInteractively: false) == .keep)
        #expect(plan.replanning(in: [column], viewportLength: 700, isResizingInteractively: false) == .replan)
        let threeColumns = LayoutContext(fixing: .width, length: 110, displayScale: 3)
        #expect(plan.replanning(in: [threeColumns], viewportLength: 450, isResizingInteractively: false) == .replan)
        #expect(plan.replanning(in: [.unmeasured], viewportLength: 450, isResizingInteractively: false) == .keep,
                "a view that left its window keeps what it shows")
        #expect(plan.replanning(in: [], viewportLength: 450, isResizingInteractively: false) == .replan)
    }

    /// As for tables (review 19b, P1): the placeholder's code switched the cache; every item
    /// is still read in its section's context.
    @Test func itemsAreReadInTheirSectionsContextWhenThePlaceholderSwitchesIt() {
        let cache = TableHeightCache(context: column)
        cache.store(140, for: .indexPath(path(0, 1)))
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "Card", itemCount: 2)],
            geometries: [SkeletonItemGeometry(context: column)], viewportLength: 500) { _, _ in
            cache.switchContext(to: self.fullWidth)
            return 80
        }
        #expect(plan.item(at: path(0, 0))?.source == .placeholderMeasurement)
        #expect(plan.item(at: path(0, 1)) == SkeletonRowHeight(height: 140, source: .previousLoad))
        #expect(plan.sections[0].context == column)
    }

    @Test(arguments: [CGFloat(-100), .nan, .infinity])
    func aViewportThatIsNotASizeFillsOneLineAndIsReported(viewport: CGFloat) {
        let recorder = LogRecorder()
        let cache = TableHeightCache(context: column, log: recorder.log())
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "Card", itemsAcross: 2)],
            geometries: [SkeletonItemGeometry(context: column, itemsAcross: 2, estimate: 100)], viewportLength: viewport)
        #expect(plan.numberOfItems(inSection: 0) == 2)
        #expect(recorder.problems.count == 1)
    }

    @Test func badItemsAcrossLengthsAndGeometriesAreSafeAndReported() {
        let recorder = LogRecorder()
        let cache = TableHeightCache(context: column, log: recorder.log())
        let plan = cache.skeletonItemPlan(
            sections: [CollectionSkeletonSection(identifier: "Card", itemsAcross: 0),
                       CollectionSkeletonSection(identifier: "Orphan")],
            geometries: [SkeletonItemGeometry(context: column, itemsAcross: 0, lineSpacing: .nan)], viewportLength: 200) { _, _ in .nan }
        // Across read as 1; the NaN placeholder falls through to the estimate (44 by
        // default), which fills 200 in 5 lines, plus one.
        #expect(plan.numberOfItems(inSection: 0) == 6)
        #expect(plan.numberOfItems(inSection: 1) == 0, "no geometry, no items")
        #expect(recorder.problems.count >= 3, "the geometry count, the items across, the NaN measurement: \(recorder.problems)")
    }

    @Test func anItemLengthIsRoundedDownSoTheColumnsFit() {
        let length = SkeletonItemGeometry.itemLength(available: 343, itemsAcross: 2, spacing: 10, scale: 3)
        #expect(length == (166.5 * 3).rounded(.down) / 3)
        #expect(2 * length + 10 <= 343)
        #expect(SkeletonItemGeometry.itemLength(available: 343, itemsAcross: 1, spacing: 10, scale: 2) == 343)
        #expect(SkeletonItemGeometry.itemLength(available: .nan, itemsAcross: 2, spacing: 10, scale: 3) == 0)
        #expect(SkeletonItemGeometry.itemLength(available: -5, itemsAcross: 2, spacing: 10, scale: 3) == 0)
        #expect(SkeletonItemGeometry.itemLength(available: 15, itemsAcross: 3, spacing: 10, scale: 3) == 0, "nothing fits")
        #expect(SkeletonItemGeometry.itemLength(available: 100, itemsAcross: 0, spacing: .nan, scale: .nan) == 100)
    }
}
