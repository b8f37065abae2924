import Foundation

/// UITableView's own picture of a self-sizing table (`automaticDimension` rows with
/// estimates): one height per row, real for the rows it has sized since its last refresh,
/// a guess (the row's estimate) for the others; and its content offset.
///
/// Rules, each from UIKitCore's code (iOS 26.1 `UITableView.mm`, `UISectionRowData.mm`; the
/// row-height refresh is the same in 18.2), read for issue 21:
/// - **Guesses are refreshed eagerly.** `reloadData`, every batch update (a diffable
///   `apply` included) and every width change ask `estimatedHeightForRowAt` for every row,
///   and every height becomes a guess again: sized heights survive only until then.
/// - **Rows are sized when displayed.** Preparing a cell for display measures it
///   (`_configureCellForDisplay:forIndexPath:`) and stores the real height; the rows below
///   move, the content size changes, the content offset does not.
/// - **Rows exposed at the top are anchored.** When the visible bounds move up, the rows of
///   the newly exposed strip are sized first and the content offset moves by the content
///   size's change, so the rows already shown stay still (`_updateVisibleCellsNow:`).
/// - **A refresh restores the first visible row.** After `reloadData` or a batch update,
///   with estimates on and the table not at its top, the offset is set so that the first
///   visible row (by global row index) keeps its place on screen
///   (`_storePreReloadStateForRestoringContentOffsetWithFirstVisibleIndexPath:`). Assumed
///   for a width change too (a rotation): Apple documents neither.
/// - **`scrollToRow` sizes around its target first**, then computes the offset, so an
///   unanimated scroll lands on its target.
///
/// So guesses do not move what the user looks at; they move the content offset (UIKit's
/// corrections, which the scroll indicator shows as jumps and which restart nothing of a
/// deceleration) and make the scroll indicator lie about where the user is. A correction is
/// zero exactly when the guesses it replaces were right.
struct EstimatedRows {
    /// Each row's height as UIKit holds it: real once sized, else the guess.
    private(set) var heights: [CGFloat]
    /// Whether each row was sized since the last refresh.
    private(set) var isSized: [Bool]
    private(set) var tops: RowTops
    var offset: CGFloat = 0

    init(guesses: [CGFloat]) {
        heights = guesses
        isSized = Array(repeating: false, count: guesses.count)
        tops = RowTops(heights: guesses)
    }

    var count: Int { heights.count }
    var contentHeight: CGFloat { tops.contentHeight }

    func maximumOffset(viewportHeight: CGFloat) -> CGFloat { max(0, contentHeight - viewportHeight) }

    /// The rows on screen at the current offset.
    func visibleRows(viewportHeight: CGFloat) -> Range<Int> {
        tops.rows(from: offset, to: offset + viewportHeight)
    }

    /// A refresh: every row becomes a guess, with `guesses` (one per row, the rows as they
    /// are now). Returns how far the offset moved to keep the first visible row in place:
    /// `before` is that row's index and top before the refresh, `nil` at the top.
    mutating func refresh(guesses: [CGFloat], keeping before: (row: Int, top: CGFloat)?, viewportHeight: CGFloat) -> CGFloat {
        heights = guesses
        isSized = Array(repeating: false, count: guesses.count)
        tops = RowTops(heights: guesses)
        guard let before, before.row < count else {
            offset = min(offset, maximumOffset(viewportHeight: viewportHeight))
            return 0
        }
        let moved = tops.tops[before.row] - before.top
        offset = max(0, offset + moved)
        return moved
    }

    /// The first visible row and its top, for ``refresh(guesses:keeping:viewportHeight:)``;
    /// `nil` at the top, where UIKit restores nothing.
    func firstVisibleRow(viewportHeight: CGFloat) -> (row: Int, top: CGFloat)? {
        guard offset > 0, let row = visibleRows(viewportHeight: viewportHeight).first else { return nil }
        return (row, tops.tops[row])
    }

    /// Sizes `row` with its real `height`. Returns the change from the guess (0 if it was
    /// sized already).
    mutating func size(_ row: Int, height: CGFloat) -> CGFloat {
        guard !isSized[row] else { return 0 }
        isSized[row] = true
        let change = height - heights[row]
        heights[row] = height
        if change != 0 { tops = RowTops(heights: heights) }
        return change
    }

    /// Rows inserted at `index` with their guesses (before the refresh the update makes).
    mutating func insert(_ guesses: [CGFloat], at index: Int) {
        heights.insert(contentsOf: guesses, at: index)
        isSized.insert(contentsOf: Array(repeating: false, count: guesses.count), at: index)
        tops = RowTops(heights: heights)
    }
}
