import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 19: precache and batch fetching on either axis. A horizontal chip row passes its
/// widths, its left and right insets and its `contentOffset.x` where a table passes heights,
/// top and bottom insets and `contentOffset.y`, and gets the same plans.
@Suite struct HorizontalScrollTests {
    /// A chip row 390 points wide with a 16-point left and a 24-point right inset, scrolling
    /// 2,000 points of chips 80 points wide: 25 of them in one section.
    let chipRow = ScrollGeometry(contentLength: 2_000, boundsLength: 390, insetTop: 16, insetBottom: 24)
    let shape = TableShape(rowCounts: [25])
    let chipWidth: (RowPosition) -> CGFloat = { _ in 80 }
    let nothingCached: (RowPosition) -> Bool = { _ in false }

    func chip(_ item: Int) -> RowPosition { RowPosition(section: 0, row: item) }

    @Test func scrollingRightwardsPlansTheChipsToTheRightFirst() {
        let direction = ScrollDirection(from: 400, to: 460)
        #expect(direction == .towardEnd)
        let plan = PreloadPlanner(range: .full).plan(
            visible: chip(10)...chip(14), direction: direction, viewportHeight: chipRow.visibleLength,
            shape: shape, height: chipWidth, isCached: nothingCached)
        // 2.5 visible widths (875 pt) of 80-pt chips to the right: 11 chips; 1.5 (525 pt) to the left: 7.
        #expect(chipRow.visibleLength == 350)
        #expect(plan == (15...24).map(chip) + (3...9).reversed().map(chip))
    }

    @Test func scrollingLeftwardsPlansTheChipsToTheLeftFirst() {
        let direction = ScrollDirection(from: 460, to: 400)
        #expect(direction == .towardStart)
        let plan = PreloadPlanner(range: .full).plan(
            visible: chip(10)...chip(14), direction: direction, viewportHeight: chipRow.visibleLength,
            shape: shape, height: chipWidth, isCached: nothingCached)
        // Every chip to the left (10 of them cover less than 875 pt), then 7 to the right.
        #expect(plan == (0...9).reversed().map(chip) + (15...21).map(chip))
    }

    @Test func aChipRowFetchesWithinTwoVisibleWidthsOfItsRightEnd() {
        let policy = BatchFetchingPolicy()
        #expect(chipRow.offsetRange == -16...1_634, "at rest on the first chip the offset is minus the left inset")
        #expect(policy.shouldFetch(in: chipRow, targetOffset: 1_634 - 700, direction: .towardEnd, isFetching: false))
        #expect(!policy.shouldFetch(in: chipRow, targetOffset: 1_634 - 701, direction: .towardEnd, isFetching: false))
        #expect(!policy.shouldFetch(in: chipRow, targetOffset: 1_634, direction: .towardStart, isFetching: false),
                "scrolling leftwards never fetches")
        var session = BatchFetchingSession()
        let began = session.begin(in: chipRow, targetOffset: 1_600, direction: .towardEnd, trigger: .request)
        #expect(began && session.isFetching)
        #expect(ScrollProjection.restingOffset(from: 1_500, velocity: 50_000, in: chipRow) == 1_634)
        #expect(ScrollProjection.restingOffset(from: 100, velocity: -50_000, in: chipRow) == -16)
    }

    @Test func aRightToLeftChipRowMirrorsItsOffsets() {
        // Flipped for right-to-left: the first chip at the right, so the right inset starts the content.
        let row = ScrollGeometry(contentLength: 2_000, boundsLength: 390, insetTop: 24, insetBottom: 16)
        let atFirstChip: CGFloat = 2_000 + 24 - 390 // UIKit's contentOffset.x at rest on the first chip
        let atLastChip: CGFloat = -16
        #expect(row.mirroredOffset(atFirstChip) == -24)
        #expect(row.contentPosition(atOffset: row.mirroredOffset(atFirstChip)) == 0)
        #expect(row.mirroredOffset(atLastChip) == row.offsetRange.upperBound)
        // Scrolling leftwards (x shrinking) reads on, toward the end, and fetches near the left end.
        let direction = ScrollDirection(from: row.mirroredOffset(400), to: row.mirroredOffset(340))
        #expect(direction == .towardEnd)
        let policy = BatchFetchingPolicy()
        #expect(policy.shouldFetch(in: row, targetOffset: row.mirroredOffset(atLastChip), direction: direction, isFetching: false))
        #expect(!policy.shouldFetch(in: row, targetOffset: row.mirroredOffset(atFirstChip), direction: direction, isFetching: false))
    }
}
