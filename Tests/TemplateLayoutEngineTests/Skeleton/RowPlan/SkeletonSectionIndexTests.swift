import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Review 20b, R20b-1: the section index of a table while its skeleton shows.
@Suite struct SkeletonSectionIndexTests {
    private static func plan(sections: Int) -> SkeletonRowPlan {
        SkeletonRowPlan(sections: Array(repeating: [SkeletonRowHeight(height: 44, source: .estimate)], count: sections))
    }

    @Test func theAppsTitlesAreKeptWhileThePlanHasSections() {
        #expect(Self.plan(sections: 3).sectionIndexTitles(appTitles: ["A", "B", "C"]) == ["A", "B", "C"])
        #expect(Self.plan(sections: 1).sectionIndexTitles(appTitles: ["A", "B", "C"]) == ["A", "B", "C"])
        #expect(Self.plan(sections: 3).sectionIndexTitles(appTitles: nil) == nil, "an app without an index gets none")
        #expect(Self.plan(sections: 3).sectionIndexTitles(appTitles: []) == [])
    }

    @Test func aPlanWithoutSectionsShowsNoIndex() {
        #expect(Self.plan(sections: 0).sectionIndexTitles(appTitles: ["A", "B"]) == nil)
    }

    @Test func aTapGoesToTheAppsSectionWhenTheSkeletonHasIt() {
        #expect(Self.plan(sections: 3).section(forIndexTitleAt: 0, appAnswer: 2) == 2)
        #expect(Self.plan(sections: 3).section(forIndexTitleAt: 2, appAnswer: 1) == 1)
    }

    @Test func withoutTheAppsAnswerATapGoesToTheTitlesPosition() {
        #expect(Self.plan(sections: 3).section(forIndexTitleAt: 1, appAnswer: nil) == 1)
    }

    @Test func aTapIsClampedToTheSkeletonsSections() {
        let plan = Self.plan(sections: 2)
        #expect(plan.section(forIndexTitleAt: 0, appAnswer: 25) == 1, "the app has more sections than the skeleton")
        #expect(plan.section(forIndexTitleAt: 5, appAnswer: nil) == 1, "more titles than skeleton sections")
        #expect(plan.section(forIndexTitleAt: -3, appAnswer: nil) == 0)
        #expect(plan.section(forIndexTitleAt: 0, appAnswer: Int.max - 1) == 1)
    }

    /// Review 20h: `NSNotFound` or a negative answer is the app's "no section" (the search
    /// index title, after the app scrolled to its search bar itself): passed on unchanged.
    @Test func theAppsNoSectionAnswerPassesUnchanged() {
        let plan = Self.plan(sections: 2)
        #expect(plan.section(forIndexTitleAt: 0, appAnswer: NSNotFound) == NSNotFound)
        #expect(plan.section(forIndexTitleAt: 0, appAnswer: -1) == -1)
        #expect(plan.section(forIndexTitleAt: 0, appAnswer: Int.min) == Int.min)
    }

    @Test func anEmptyPlanAnswersTheFirstSection() {
        #expect(Self.plan(sections: 0).section(forIndexTitleAt: 4, appAnswer: 7) == 0)
    }
}
