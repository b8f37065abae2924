import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct ScrollGeometryTests {
    /// A 600 pt table under a 100 pt navigation bar and over a 34 pt home indicator inset.
    let geometry = ScrollGeometry(contentLength: 5_000, boundsLength: 600, insetTop: 100, insetBottom: 34)

    @Test func insetsAreNotVisibleContent() {
        #expect(geometry.visibleLength == 466)
        #expect(geometry.offsetRange == -100...4_434)
        #expect(geometry.contentPosition(atOffset: -100) == 0)
    }

    @Test func batchFetchingCountsScreensOfVisibleContent() {
        let policy = BatchFetchingPolicy()
        // At the last offset nothing is left below; two visible screens (932 pt) before it, fetch.
        #expect(policy.shouldFetch(in: geometry, targetOffset: 4_434 - 932, direction: .towardEnd, isFetching: false))
        #expect(!policy.shouldFetch(in: geometry, targetOffset: 4_434 - 933, direction: .towardEnd, isFetching: false))
    }

    @Test func aRestingOffsetStaysWithinTheScrollableRange() {
        #expect(ScrollProjection.restingOffset(from: 4_000, velocity: 100_000, in: geometry) == 4_434)
        #expect(ScrollProjection.restingOffset(from: 0, velocity: -100_000, in: geometry) == -100)
        let short = ScrollGeometry(contentLength: 200, boundsLength: 600, insetTop: 100)
        #expect(short.offsetRange == -100 ... -100)
    }

    @Test func badLengthsCountAsZero() {
        let bad = ScrollGeometry(contentLength: .nan, boundsLength: -5, insetTop: .infinity)
        #expect(bad.visibleLength == 0)
        #expect(bad.offsetRange == 0...0)
    }
}
