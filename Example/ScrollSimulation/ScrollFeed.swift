import Foundation
import ReferenceTableModel

/// A seeded feed: each entry's cell kind and true height on each screen the script plays.
///
/// Not FeedDemo's `FeedGenerator` (it lives in that executable); the same idea, reduced to
/// what the frame model needs: a kind (its layout cost) and a height (how many rows a
/// screen holds). Every strategy sees the same heights, so rows sit at the same offsets
/// whatever measured them: the model leaves out estimate errors moving content, and draws
/// the true heights even where a strategy answers a stale one (it counts those instead).
package struct ScrollFeed: Sendable {
    /// Each entry's cell kind.
    package let kinds: [CellKind]
    /// Each entry's height in portrait at the default text size, in points.
    package let heights: [CGFloat]
    /// `tops[i]` is entry *i*'s top when every entry is shown, portrait, default text size;
    /// `tops[count]` the content height.
    package var tops: [CGFloat] { portrait.tops }
    /// The seed the feed was made from.
    package let seed: UInt64
    private let portrait: RowTops

    /// A feed of `rowCount` entries: 40 % simple (44-88 pt), 40 % text-heavy (88-300 pt),
    /// 20 % complex (240-560 pt, a picture).
    package init(rowCount: Int = 3_000, seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var kinds: [CellKind] = []
        var heights: [CGFloat] = []
        for _ in 0..<max(0, rowCount) {
            let kind = CellKind(rawValue: random.weightedIndex([0.4, 0.4, 0.2]) ?? 0) ?? .simple
            let range: ClosedRange<Int> = switch kind {
            case .simple: 44...88
            case .textHeavy: 88...300
            case .complex: 240...560
            }
            kinds.append(kind)
            heights.append(CGFloat(random.int(in: range)))
        }
        self.kinds = kinds
        self.heights = heights
        self.seed = seed
        portrait = RowTops(heights: heights)
    }

    /// How many entries.
    package var count: Int { heights.count }

    /// Where the entries sit with every entry shown, portrait, default text size.
    package var rowTops: RowTops { portrait }

    /// The content height with every entry shown, portrait, default text size.
    package var contentHeight: CGFloat { portrait.contentHeight }

    /// The entries any part of which lies in `top..<bottom` (every entry shown, portrait,
    /// default text size).
    package func rows(from top: CGFloat, to bottom: CGFloat) -> Range<Int> {
        portrait.rows(from: top, to: bottom)
    }

    /// Entry `entry`'s height on `screen`.
    ///
    /// A model, not a measurement: a cell has a fixed part (24 pt of margins; a complex
    /// cell's 200 pt picture, which keeps its height) and text, whose height scales with the
    /// line count. Landscape lines are about twice as long (812 pt of text width against
    /// 358), so the text takes half the height; Dynamic Type's XXL sets text about 1.35
    /// times as tall as the default L. Never below 44 points (UIKit's default row height).
    package func height(of entry: Int, on screen: ScreenLayout) -> CGFloat {
        let base = heights[entry]
        let fixed: CGFloat = kinds[entry] == .complex ? 200 : 24
        var text = max(0, base - fixed)
        if screen.isLandscape { text *= 0.5 }
        if screen.isLargeText { text *= 1.35 }
        return max(44, (fixed + text).rounded())
    }
}

/// Where the rows of a table sit: prefix sums of their heights.
package struct RowTops: Sendable {
    /// `tops[i]` is row *i*'s top; `tops[count]` the content height.
    package let tops: [CGFloat]

    /// Rows of `heights`, top to bottom.
    package init(heights: [CGFloat]) {
        var tops: [CGFloat] = [0]
        tops.reserveCapacity(heights.count + 1)
        for height in heights { tops.append(tops[tops.count - 1] + height) }
        self.tops = tops
    }

    /// How many rows.
    package var count: Int { tops.count - 1 }

    /// The content height.
    package var contentHeight: CGFloat { tops[tops.count - 1] }

    /// The rows any part of which lies in `top..<bottom`; empty when none does.
    ///
    /// - Complexity: O(log *n*).
    package func rows(from top: CGFloat, to bottom: CGFloat) -> Range<Int> {
        guard count > 0, bottom > top, bottom > 0, top < contentHeight else { return 0..<0 }
        return rowIndex(containing: max(0, top))..<(rowIndex(containing: min(bottom, contentHeight) - 0.001) + 1)
    }

    /// The row whose span holds `y` (binary search over ``tops``).
    private func rowIndex(containing y: CGFloat) -> Int {
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if tops[middle] <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
