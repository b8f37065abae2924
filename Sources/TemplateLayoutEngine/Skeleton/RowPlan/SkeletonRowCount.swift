import Foundation

/// How many skeleton rows to show: enough to fill the visible area, unless the app gives
/// a count.
///
/// Filling is the smallest count of rows whose heights add up to the viewport height, plus
/// one for the row a small scroll or bounce brings in, at least 1 and at most a limit. The
/// heights are the rows' own (real heights, see ``TableHeightCache/skeletonHeight(at:identifier:key:measurePlaceholder:)``),
/// so tall rows give fewer skeleton rows than short ones.
package enum SkeletonRowCount {
    /// The most rows one section fills with: 100, a screenful of the shortest sensible
    /// rows on the tallest screen several times over.
    package static let defaultLimit = 100
    /// The height used for a row whose height is 0, negative, NaN or infinite: 44, UIKit's
    /// default row height. Such a row would otherwise cover nothing and make filling run to
    /// the limit.
    package static let fallbackRowHeight: CGFloat = 44

    /// The rows one section needs to fill `viewportHeight`.
    ///
    /// Bad input: a viewport height that is 0, negative, NaN or infinite (a table not laid
    /// out yet) gives 1 row; a row height that is not a positive finite number counts as
    /// ``fallbackRowHeight``; both are reported to `log` once per call. A limit below 1
    /// is 1.
    ///
    /// - Parameters:
    ///   - viewportHeight: The visible height of the table, in points.
    ///   - limit: The most rows returned.
    ///   - log: Where bad input is reported.
    ///   - rowHeight: The height of row `i`; called for rows in order, at most once each.
    /// - Returns: A count from 1 to `limit`.
    /// - Complexity: O(*n*) calls of `rowHeight` for the *n* rows returned.
    package static func filling(
        viewportHeight: CGFloat, limit: Int = defaultLimit, log: DebugLog = DebugLog(), rowHeight: (Int) -> CGFloat
    ) -> Int {
        guard viewportHeight.isFinite && viewportHeight > 0 else {
            log.problem("skeleton rows: the viewport height \(HeightFormat.string(viewportHeight)) is not a positive size; showing 1 row")
            return 1
        }
        var invalid = 0
        let count = fill(viewportHeight, limit: max(1, limit), invalid: &invalid, rowHeight: rowHeight).count
        reportInvalidHeights(invalid, to: log)
        return count
    }

    /// The rows of each section: sections with a ``SkeletonSection/rowCount`` get it, and
    /// the others fill what is left of `viewportHeight` after the sections, headers and
    /// footers before them; a filling section with nothing left to fill gets 1 row.
    ///
    /// Bad input: as for ``filling(viewportHeight:limit:log:rowHeight:)``, except that a
    /// viewport height of exactly 0 (a table not laid out yet) is traced, not reported; a
    /// negative row count is 0 and is reported; invalid header and footer heights count as 0.
    ///
    /// - Parameters:
    ///   - viewportHeight: The visible height of the table, in points.
    ///   - sections: The sections, in order.
    ///   - limit: The most rows of one section.
    ///   - log: Where bad input is reported.
    ///   - rowHeight: The height of a row; called for rows in order, at most once each.
    /// - Returns: One count per section.
    /// - Complexity: O(*n*) calls of `rowHeight` for the *n* rows returned.
    package static func counts(
        viewportHeight: CGFloat, sections: [SkeletonSection], limit: Int = defaultLimit,
        log: DebugLog = DebugLog(), rowHeight: (IndexPath) -> CGFloat
    ) -> [Int] {
        let limit = max(1, limit)
        let viewportIsUsable = viewportHeight.isFinite && viewportHeight > 0
        if !viewportIsUsable && sections.contains(where: { $0.rowCount == nil }) {
            if viewportHeight == 0 {
                // A table not laid out yet (a skeleton shown from viewDidLoad): usual, and the
                // UIKit layer plans again once it has a size (SkeletonReplanDecision).
                log.trace("skeleton rows: the viewport has no height yet; filling sections get 1 row until it has")
            } else {
                log.problem("skeleton rows: the viewport height \(HeightFormat.string(viewportHeight)) is not a positive size; filling sections get 1 row")
            }
        }
        var remaining = viewportIsUsable ? viewportHeight : 0
        var invalid = 0
        var counts: [Int] = []
        counts.reserveCapacity(sections.count)
        for (index, section) in sections.enumerated() {
            remaining -= usable(section.headerHeight)
            // A local function, not a closure value: it may use the non-escaping `rowHeight`.
            func height(_ row: Int) -> CGFloat { rowHeight(IndexPath(indexes: [index, row])) }
            if let requested = section.rowCount {
                if requested < 0 {
                    log.problem("skeleton rows: section \(index) asks for \(requested) rows; showing none")
                }
                let count = min(max(requested, 0), limit)
                for row in 0..<count { remaining -= rowHeightOrFallback(height(row), invalid: &invalid) }
                counts.append(count)
            } else if remaining > 0 {
                let filled = fill(remaining, limit: limit, invalid: &invalid, rowHeight: { height($0) })
                remaining -= filled.covered
                counts.append(filled.count)
            } else {
                counts.append(1)
            }
            remaining -= usable(section.footerHeight)
        }
        reportInvalidHeights(invalid, to: log)
        return counts
    }

    /// The smallest count covering `viewport`, plus one, within `limit`; and the height
    /// those rows cover.
    private static func fill(
        _ viewport: CGFloat, limit: Int, invalid: inout Int, rowHeight: (Int) -> CGFloat
    ) -> (count: Int, covered: CGFloat) {
        var covered: CGFloat = 0
        var row = 0
        while row < limit {
            covered += rowHeightOrFallback(rowHeight(row), invalid: &invalid)
            row += 1
            if covered >= viewport {
                // One more for the row a small scroll brings in.
                if row < limit {
                    covered += rowHeightOrFallback(rowHeight(row), invalid: &invalid)
                    row += 1
                }
                break
            }
        }
        return (max(row, 1), covered)
    }

    private static func rowHeightOrFallback(_ height: CGFloat, invalid: inout Int) -> CGFloat {
        if height.isFinite && height > 0 { return height }
        invalid += 1
        return fallbackRowHeight
    }

    private static func usable(_ height: CGFloat) -> CGFloat {
        height.isFinite && height > 0 ? height : 0
    }

    private static func reportInvalidHeights(_ count: Int, to log: DebugLog) {
        guard count > 0 else { return }
        log.problem("skeleton rows: \(count) row height(s) were 0, negative, NaN or infinite; counted as \(HeightFormat.string(fallbackRowHeight)) to fill the viewport")
    }
}
