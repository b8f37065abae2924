import Foundation
import Testing
@testable import TemplateLayoutEngine

/// A horizontal axis read from its right end (items laid out right to left), and the advance
/// of items that share lines.
@Suite struct ScrollGeometryReversedTests {
    /// A 390 pt wide carousel of 2,000 pt of content, 16 pt inset on the left, 24 on the right.
    let geometry = ScrollGeometry(contentLength: 2_000, boundsLength: 390, insetTop: 16, insetBottom: 24)

    @Test func theReversedRangeIsTheImageOfTheRangeWithEndsSwapped() {
        let reversed = geometry.reversed
        #expect(geometry.offsetRange == -16...1_634)
        #expect(reversed.offsetRange == -24...1_626)
        #expect(geometry.reversedOffset(-16) == reversed.offsetRange.upperBound)
        #expect(geometry.reversedOffset(1_634) == reversed.offsetRange.lowerBound)
        #expect(reversed.visibleLength == geometry.visibleLength)
    }

    @Test func readingTwiceGivesTheGeometryAndTheOffsetBack() {
        #expect(geometry.reversed.reversed == geometry)
        #expect(geometry.reversed.reversedOffset(geometry.reversedOffset(700)) == 700)
    }

    /// At rest at the left end of right-to-left content the user has scrolled to its end:
    /// batch fetching fires there, and not at the right end, where the content starts.
    @Test func batchFetchingReadsARightToLeftAxisFromItsRightEnd() {
        let reversed = geometry.reversed
        let policy = BatchFetchingPolicy(leadingScreens: 1)
        let leftEnd = geometry.reversedOffset(geometry.offsetRange.lowerBound)
        let rightEnd = geometry.reversedOffset(geometry.offsetRange.upperBound)
        #expect(policy.shouldFetch(in: reversed, targetOffset: leftEnd, direction: .towardEnd, isFetching: false))
        #expect(!policy.shouldFetch(in: reversed, targetOffset: rightEnd, direction: .towardEnd, isFetching: false))
    }

    @Test func aReversedOffsetOfBadInputStaysBad() {
        #expect(!geometry.reversedOffset(.nan).isFinite)
        #expect(!BatchFetchingPolicy().shouldFetch(in: geometry.reversed, targetOffset: geometry.reversedOffset(.infinity),
                                                   direction: .towardEnd, isFetching: false))
    }

    /// Two columns of 100 pt lines: each line advances once, by its length.
    @Test func itemsSharingALineAdvanceOnce() {
        #expect(ItemAdvance.length(end: 100, previousEnd: nil, length: 100) == 100)
        #expect(ItemAdvance.length(end: 100, previousEnd: 100, length: 100) == 0)
        #expect(ItemAdvance.length(end: 210, previousEnd: 100, length: 100) == 110, "a line after 10 pt of spacing")
    }

    @Test func badAdvancesCountAsZero() {
        #expect(ItemAdvance.length(end: 50, previousEnd: 100, length: 40) == 0, "an item ending before the one before it")
        #expect(ItemAdvance.length(end: .nan, previousEnd: 100, length: 40) == 0)
        #expect(ItemAdvance.length(end: 0, previousEnd: nil, length: .infinity) == 0)
        #expect(ItemAdvance.length(end: 0, previousEnd: nil, length: -3) == 0)
    }
}
