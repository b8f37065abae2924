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
