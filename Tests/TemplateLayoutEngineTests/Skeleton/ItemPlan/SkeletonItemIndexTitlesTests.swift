import Foundation
import Testing
@testable import TemplateLayoutEngine

/// A collection skeleton keeps the app's index titles, and a tap goes to an item it has
/// (review 20d, R20d-2; the tables' twin is SkeletonSectionIndexTests).
@Suite struct SkeletonItemIndexTitlesTests {
    /// A plan whose sections hold `counts` items.
    static func plan(_ counts: [Int]) -> SkeletonItemPlan {
        SkeletonItemPlan(sections: counts.map { count in
            SkeletonItemPlan.Section(
                context: LayoutContext(width: 320),
                items: Array(repeating: SkeletonRowHeight(height: 100, source: .placeholderMeasurement), count: count))
        })
    }

    static func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

    @Test func theAppsTitlesAreKeptWhileThePlanHasItems() {
        #expect(Self.plan([3, 2]).indexTitles(appTitles: ["A", "B"]) == ["A", "B"])
        #expect(Self.plan([3, 2]).indexTitles(appTitles: nil) == nil, "an app without an index gets none")
        #expect(Self.plan([0, 0]).indexTitles(appTitles: ["A", "B"]) == nil, "no item for a tap to go to")
        #expect(Self.plan([]).indexTitles(appTitles: ["A"]) == nil)
    }

    @Test func theAppsAnswerIsUsedWhereThePlanHasIt() {
        #expect(Self.plan([3, 2]).indexPath(forIndexTitleAt: 0, appAnswer: Self.path(1, 1)) == Self.path(1, 1))
    }

    @Test func withoutAnAnswerTheTitlesPositionNamesTheSection() {
        #expect(Self.plan([3, 2]).indexPath(forIndexTitleAt: 1, appAnswer: nil) == Self.path(1, 0))
        #expect(Self.plan([3, 2]).indexPath(forIndexTitleAt: 1, appAnswer: IndexPath(indexes: [7])) == Self.path(1, 0),
                "a one-index answer counts as none")
    }

    @Test func answersAreMovedToAnItemThePlanHas() {
        let plan = Self.plan([3, 0, 2])
        #expect(plan.indexPath(forIndexTitleAt: 0, appAnswer: Self.path(0, 9)) == Self.path(0, 2), "past the items: the last")
        #expect(plan.indexPath(forIndexTitleAt: 0, appAnswer: Self.path(9, 0)) == Self.path(2, 0), "past the sections: the last")
        #expect(plan.indexPath(forIndexTitleAt: 0, appAnswer: Self.path(-1, -4)) == Self.path(0, 0))
        #expect(plan.indexPath(forIndexTitleAt: 0, appAnswer: Self.path(1, 0)) == Self.path(0, 2), "an empty section: the item before")
        #expect(Self.plan([0, 2]).indexPath(forIndexTitleAt: 0, appAnswer: nil) == Self.path(1, 0), "none before: the item after")
        #expect(Self.plan([0, 0]).indexPath(forIndexTitleAt: 1, appAnswer: nil) == Self.path(0, 0))
        #expect(Self.plan([]).indexPath(forIndexTitleAt: 3, appAnswer: Self.path(2, 2)) == Self.path(0, 0))
    }
}
