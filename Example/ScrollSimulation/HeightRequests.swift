import Foundation

/// Which row heights UITableView asks its delegate for, and when.
///
/// Sources, per rule:
/// - `tableView(_:heightForRowAt:)` (Apple): "Before it appears onscreen, the table view
///   calls this method for the items in the visible portion of the table. As the user
///   scrolls, the table view calls the method for items only when they move onscreen."
///   So each time a row comes into view its height is asked again, whatever was asked
///   before (also in shared/reviews/2026-11-23-uikit-behaviour.md Q4: `_configureCellForDisplay`
///   asks `heightForRow` for each cell it prepares).
/// - `tableView(_:estimatedHeightForRowAt:)` (Apple): estimates "defer some of the cost of
///   geometry calculation from load time to scrolling time": with estimates, `reloadData`
///   asks only the rows it shows.
/// - Without estimates, `reloadData` asks every row's height (the same review, table after
///   Q7: "all rows, not only visible ones", from `_updateContentSize`).
/// - Overscan: Apple documents none; the review finds exact heights asked "mainly [for] the
///   visible rows", so the default is 0 points, and a caller may widen it.
package struct HeightRequests: Hashable, Sendable {
    /// Whether the table has estimated heights (`estimatedRowHeight` > 0, or the delegate's
    /// estimate). Self-sizing cells need them to be measured at all.
    package var usesEstimatedHeights: Bool
    /// Points beyond each edge of the viewport whose rows are asked too.
    package var overscan: CGFloat

    package init(usesEstimatedHeights: Bool = true, overscan: CGFloat = 0) {
        self.usesEstimatedHeights = usesEstimatedHeights
        self.overscan = overscan.isFinite && overscan > 0 ? overscan : 0
    }

    /// The rows the table lays out at `offset`: those in the viewport plus the overscan.
    package func displayedRows(in rows: RowTops, offset: CGFloat, viewportHeight: CGFloat) -> Range<Int> {
        rows.rows(from: offset - overscan, to: offset + viewportHeight + overscan)
    }

    /// The rows whose heights `reloadData` asks, in order.
    package func rowsAskedAtReload(in rows: RowTops, offset: CGFloat, viewportHeight: CGFloat) -> Range<Int> {
        usesEstimatedHeights ? displayedRows(in: rows, offset: offset, viewportHeight: viewportHeight) : 0..<rows.count
    }

    /// The rows whose heights the end of a batch of updates asks, in order: with
    /// estimates, the rows it shows (the guesses are refreshed for every row; exact heights
    /// only where a row's rect is needed, "mainly the visible rows"); without, every row,
    /// synchronously inside `endUpdates` (shared/reviews/2026-11-23-uikit-behaviour.md Q7:
    /// `_endCellAnimationsWithContext:` refreshes every section, even for an empty batch;
    /// Apple's `beginUpdates()`: the pair animates "the change in the row heights without
    /// reloading the cell", so shown rows are asked again).
    package func rowsAskedAtUpdate(in rows: RowTops, offset: CGFloat, viewportHeight: CGFloat) -> Range<Int> {
        rowsAskedAtReload(in: rows, offset: offset, viewportHeight: viewportHeight)
    }

    /// The rows asked when the table moves from `previous` displayed rows to `current`: the
    /// ones that came into view.
    package func rowsAsked(movingFrom previous: Range<Int>, to current: Range<Int>) -> [Int] {
        current.filter { !previous.contains($0) }
    }
}
