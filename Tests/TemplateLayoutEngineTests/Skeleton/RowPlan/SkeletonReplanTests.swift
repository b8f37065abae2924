import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 14, item 3: a width change while a skeleton shows (a rotation, an iPad window
/// resized while loading) plans the rows again in the new context, from that context's
/// heights.
@Suite struct SkeletonReplanTests {
    let portrait = LayoutContext(width: 375, displayScale: 3)
    let landscape = LayoutContext(width: 750, displayScale: 3)

    @Test func aPlanRecordsTheContextItWasMadeIn() {
        let table = TableHeightCache(context: portrait)
        let plan = table.skeletonPlan(sections: [SkeletonSection(identifier: "Post", rowCount: 2)], viewportHeight: 400)
        #expect(plan.context == portrait)
        #expect(plan.isPlanned(for: portrait))
        #expect(!plan.isPlanned(for: landscape), "a new width needs a new plan")
        #expect(!plan.isPlanned(for: LayoutContext(width: 375, displayScale: 3, contentSizeCategory: .extraLarge)),
                "so does a new text size")
    }

    /// Review 19b, P1: the placeholder's code switched the cache to another width (a
    /// rotation in a run of the loop it spun); the plan is of the width it began in, so the
    /// table's new width plans again.
    @Test func aPlanRecordsTheContextItBeganInWhenThePlaceholderSwitchedIt() {
        let table = TableHeightCache(context: portrait)
        let plan = table.skeletonPlan(sections: [SkeletonSection(identifier: "Post", rowCount: 2)], viewportHeight: 400) { _ in
            table.switchContext(to: self.landscape)
            return 80
        }
        #expect(table.context == landscape, "precondition: the placeholder switched the context")
        #expect(plan.context == portrait)
        #expect(!plan.isPlanned(for: table.context), "the new width plans again")
    }

    @Test func aTableWithoutWidthOrAPlanOfUnknownContextKeepsThePlan() {
        let table = TableHeightCache(context: portrait)
        let plan = table.skeletonPlan(sections: [SkeletonSection(identifier: "Post", rowCount: 2)], viewportHeight: 400)
        #expect(plan.isPlanned(for: .unmeasured), "a table that left its window keeps what it shows")
        #expect(SkeletonRowPlan(sections: []).isPlanned(for: landscape))
    }

    @Test func planningAgainInTheNewContextUsesThatContextsHeights() {
        let table = TableHeightCache(context: portrait)
        table.store(120, for: .indexPath(path(0, 0)))
        table.switchContext(to: landscape)
        table.store(60, for: .indexPath(path(0, 0)))
        table.switchContext(to: portrait)
        let sections = [SkeletonSection(identifier: "Post", rowCount: 1)]
        let first = table.skeletonPlan(sections: sections, viewportHeight: 400)
        #expect(first.height(at: path(0, 0)) == 120)

        table.switchContext(to: landscape)
        #expect(!first.isPlanned(for: table.context))
        let again = table.skeletonPlan(sections: sections, viewportHeight: 400)
        #expect(again.height(at: path(0, 0)) == 60, "the landscape row's own height")
        #expect(again.isPlanned(for: landscape))
    }
}

/// Extras review C1 and L3: a skeleton shown before its table is laid out, or at another
/// width than it is displayed at, is planned again once the table has a measurable context
/// and whenever the rows no longer fill its visible height; never in the middle of an
/// interactive window resize.
@Suite struct SkeletonReplanDecisionTests {
    let phone = LayoutContext(width: 390, displayScale: 3)
    let filling = [SkeletonSection(identifier: "Post")]

    /// A table in `viewDidLoad` with Auto Layout: zero bounds, no width, no viewport.
    func planBeforeLayout() -> SkeletonRowPlan {
        let table = TableHeightCache()
        table.switchContext(to: .unmeasured)
        return table.skeletonPlan(sections: filling, viewportHeight: 0)
    }

    @Test func aPlanMadeBeforeLayoutIsPlannedAgainOnceTheTableHasAWidth() {
        let plan = planBeforeLayout()
        #expect(plan.numberOfRows(inSection: 0) == 1, "precondition: one row of the fallback height")
        #expect(plan.replanning(in: .unmeasured, viewportHeight: 0, isResizingInteractively: false) == .keep,
                "still nothing to measure in")
        #expect(plan.replanning(in: phone, viewportHeight: 700, isResizingInteractively: false) == .replan)
    }

    @Test func aPlanAtTheRightWidthButAZeroViewportIsPlannedAgainWhenTheViewportGrows() {
        let table = TableHeightCache(context: phone)
        let plan = table.skeletonPlan(sections: filling, viewportHeight: 0)
        #expect(plan.filledHeight == 44, "one fallback row")
        #expect(plan.replanning(in: phone, viewportHeight: 44, isResizingInteractively: false) == .keep)
        #expect(plan.replanning(in: phone, viewportHeight: 700, isResizingInteractively: false) == .replan)
    }

    @Test func aPlanMadeAtAnotherWidthIsPlannedAgain() {
        let plan = TableHeightCache(context: LayoutContext(width: 1024, displayScale: 2))
            .skeletonPlan(sections: filling, viewportHeight: 700)
        #expect(plan.replanning(in: LayoutContext(width: 320, displayScale: 2), viewportHeight: 700,
                                isResizingInteractively: false) == .replan)
    }

    @Test func aSmallerOrSlightlyLargerViewportKeepsAFillingPlan() {
        let table = TableHeightCache(context: phone)
        let plan = table.skeletonPlan(sections: filling, viewportHeight: 700)
        let filled = try! #require(plan.filledHeight)
        #expect(filled >= 700 + 44, "the rows cover the viewport and one row more")
        #expect(plan.replanning(in: phone, viewportHeight: 400, isResizingInteractively: false) == .keep, "a keyboard")
        #expect(plan.replanning(in: phone, viewportHeight: filled, isResizingInteractively: false) == .keep)
        #expect(plan.replanning(in: phone, viewportHeight: filled + 0.25, isResizingInteractively: false) == .keep,
                "less than a pixel")
        #expect(plan.replanning(in: phone, viewportHeight: filled + 10, isResizingInteractively: false) == .replan)
    }

    @Test func aPlanOfGivenCountsIgnoresTheViewport() {
        let table = TableHeightCache(context: phone)
        let plan = table.skeletonPlan(sections: [SkeletonSection(identifier: "Post", rowCount: 2)], viewportHeight: 0)
        #expect(plan.filledHeight == nil)
        #expect(plan.replanning(in: phone, viewportHeight: 2000, isResizingInteractively: false) == .keep)
    }

    @Test func aPlanCutAtTheRowLimitIsNotPlannedAgainForTheSameViewport() {
        let table = TableHeightCache(context: phone)
        let plan = table.skeletonPlan(sections: filling, viewportHeight: 10_000, rowLimit: 3)
        #expect(plan.numberOfRows(inSection: 0) == 3)
        #expect(plan.filledHeight == 10_000, "the viewport it was planned for, which the limit kept it from covering")
        #expect(plan.replanning(in: phone, viewportHeight: 10_000, isResizingInteractively: false) == .keep,
                "planning again would hit the same limit, and reload at every layout")
    }

    @Test func aChangeDuringAnInteractiveResizeWaitsForItsEnd() {
        let plan = planBeforeLayout()
        #expect(plan.replanning(in: phone, viewportHeight: 700, isResizingInteractively: true) == .replanAfterResize)
        let planned = TableHeightCache(context: phone).skeletonPlan(sections: filling, viewportHeight: 700)
        #expect(planned.replanning(in: phone, viewportHeight: 700, isResizingInteractively: true) == .keep)
        #expect(planned.replanning(in: LayoutContext(width: 500, displayScale: 3), viewportHeight: 700,
                                   isResizingInteractively: true) == .replanAfterResize)
    }

    @Test func headersAndFootersCountInTheFilledHeight() {
        let table = TableHeightCache(context: phone)
        let plan = table.skeletonPlan(sections: [SkeletonSection(identifier: "Post", headerHeight: 30, footerHeight: 20)],
                                      viewportHeight: 100)
        #expect(plan.filledHeight == plan.totalHeight + 50)
    }
}
