import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct BatchFetchingPolicyTests {
    let policy = BatchFetchingPolicy()

    @Test func fetchesWithinTwoScreensOfTheEnd() {
        // 10,000 pt of content, 500 pt viewport: fetch once 1,000 pt or less remain.
        #expect(!policy.shouldFetch(contentLength: 10_000, viewportLength: 500, targetOffset: 8_000, direction: .towardEnd, isFetching: false))
        #expect(policy.shouldFetch(contentLength: 10_000, viewportLength: 500, targetOffset: 8_500, direction: .towardEnd, isFetching: false))
    }

    @Test func neverWhileFetchingOrScrollingTowardTheTop() {
        #expect(!policy.shouldFetch(contentLength: 10_000, viewportLength: 500, targetOffset: 9_500, direction: .towardEnd, isFetching: true))
        #expect(!policy.shouldFetch(contentLength: 10_000, viewportLength: 500, targetOffset: 9_500, direction: .towardStart, isFetching: false))
    }

    @Test func alwaysWhenTheContentIsShorterThanTheViewport() {
        #expect(policy.shouldFetch(contentLength: 300, viewportLength: 500, targetOffset: 0, direction: .still, isFetching: false))
    }

    @Test func zeroLeadingScreensAndBadNumbersNeverFetch() {
        #expect(!BatchFetchingPolicy(leadingScreens: 0).shouldFetch(contentLength: 300, viewportLength: 500, targetOffset: 0, direction: .still, isFetching: false))
        #expect(!policy.shouldFetch(contentLength: .nan, viewportLength: 500, targetOffset: 0, direction: .still, isFetching: false))
        #expect(!policy.shouldFetch(contentLength: 1_000, viewportLength: 0, targetOffset: 0, direction: .still, isFetching: false))
    }

    /// The seed article's fixed 70 % threshold drifts as pages accumulate; the screens rule
    /// does not. With 20-row pages of 80 pt and a 667 pt screen, after 50 pages the 70 % rule
    /// fires 15 pages (24,000 pt) before the end; the screens rule 2 screens (1,334 pt) before.
    @Test func theScreensRuleDoesNotDriftAsPagesAccumulateWhereARatioDoes() {
        let page: CGFloat = 20 * 80
        let viewport: CGFloat = 667
        for pages in [1, 5, 50] {
            let content = CGFloat(pages) * page
            let ratioTrigger = 0.7 * content - viewport  // offset where (offset + viewport) / content hits 0.7
            let screensTrigger = content - viewport - 2 * viewport
            let ratioDistance = content - viewport - ratioTrigger
            let screensDistance = content - viewport - screensTrigger
            #expect(screensDistance == 2 * viewport)
            if pages == 50 { #expect(ratioDistance == 0.3 * content) }
            #expect(policy.shouldFetch(contentLength: content, viewportLength: viewport, targetOffset: max(0, screensTrigger), direction: .towardEnd, isFetching: false))
        }
    }

    @Test func theRestingOffsetFollowsUIKitsDeceleration() {
        #expect(ScrollProjection.restingOffset(from: 100, velocity: 0) == 100)
        let projected = ScrollProjection.restingOffset(from: 100, velocity: 1_000)
        #expect(abs(projected - (100 + 0.998 / 0.002)) < 1e-9)
        #expect(ScrollProjection.restingOffset(from: 100, velocity: 1_000, decelerationRate: 1) == 100)
    }
}
