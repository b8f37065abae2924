import Foundation

/// How skeleton items fill the scroll axis: in lines of ``across`` items side by side, each
/// line as long as its longest item, lines apart by ``lineSpacing``, as a flow layout lays
/// out items of one fixed length across.
package struct SkeletonItemLines: Hashable, Sendable {
    /// Items per line; at least 1.
    package var across: Int
    /// The space between lines; 0 unless positive and finite.
    package var lineSpacing: CGFloat

    /// Creates the lines; `across` below 1 is 1, a spacing that is not positive and finite 0.
    package init(across: Int, lineSpacing: CGFloat = 0) {
        self.across = max(1, across)
        self.lineSpacing = lineSpacing.isFinite && lineSpacing > 0 ? lineSpacing : 0
    }

    /// The smallest count of whole lines covering `viewport`, plus one line for a small
    /// scroll or bounce, in items: at least one line, at most `limit` items (the last line
    /// may then be partial).
    ///
    /// Bad input: a viewport that is not positive and finite fills one line; an item length
    /// that is not positive and finite counts as ``SkeletonRowCount/fallbackRowHeight``
    /// (``length(ofItems:invalid:itemLength:)`` counts those).
    ///
    /// - Complexity: O(*n*) calls of `itemLength` for the *n* items returned.
    package func filling(_ viewport: CGFloat, limit: Int, itemLength: (Int) -> CGFloat) -> Int {
        let limit = max(1, limit)
        var invalid = 0
        var covered: CGFloat = 0
        var count = 0
        var extraLine = false
        while count < limit {
            let line = lineLength(from: count, limit: limit, invalid: &invalid, itemLength: itemLength)
            covered += (count > 0 ? lineSpacing : 0) + line.length
            count = line.end
            if extraLine || !(viewport.isFinite && viewport > 0) { break }
            if covered >= viewport { extraLine = true }
        }
        return max(count, 1)
    }

    /// The length along the scroll axis of the first `count` items laid out in lines; item
    /// lengths that are not positive and finite count as ``SkeletonRowCount/fallbackRowHeight``
    /// and are added to `invalid`.
    ///
    /// - Complexity: O(`count`) calls of `itemLength`.
    package func length(ofItems count: Int, invalid: inout Int, itemLength: (Int) -> CGFloat) -> CGFloat {
        var covered: CGFloat = 0
        var start = 0
        while start < count {
            let line = lineLength(from: start, limit: count, invalid: &invalid, itemLength: itemLength)
            covered += (start > 0 ? lineSpacing : 0) + line.length
            start = line.end
        }
        return covered
    }

    /// The line starting at item `start`: its length (its longest item's) and where the
    /// next one starts.
    private func lineLength(from start: Int, limit: Int, invalid: inout Int, itemLength: (Int) -> CGFloat) -> (length: CGFloat, end: Int) {
        let end = min(start + across, limit)
        var longest: CGFloat = 0
        for item in start..<end {
            let length = itemLength(item)
            if length.isFinite && length > 0 {
                longest = max(longest, length)
            } else {
                invalid += 1
                longest = max(longest, SkeletonRowCount.fallbackRowHeight)
            }
        }
        return (longest, end)
    }
}
