import Foundation
import ReferenceTableModel

/// A seeded one-section feed: each row's cell kind and true height, and where rows sit.
///
/// Not FeedDemo's `FeedGenerator` (it lives in that executable); the same idea, reduced to
/// what the frame model needs: a kind (its layout cost) and a height (how many rows a
/// screen holds). Every strategy sees the same heights, so rows sit at the same offsets
/// whatever measured them: the model leaves out estimate errors moving content.
package struct ScrollFeed: Sendable {
    /// Each row's cell kind.
    package let kinds: [CellKind]
    /// Each row's true height in points.
    package let heights: [CGFloat]
    /// `tops[i]` is row *i*'s top; `tops[count]` the content height.
    package let tops: [CGFloat]
    /// The seed the feed was made from.
    package let seed: UInt64

    /// A feed of `rowCount` rows: 40 % simple (44-88 pt), 40 % text-heavy (88-300 pt),
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
        var tops: [CGFloat] = [0]
        tops.reserveCapacity(heights.count + 1)
        for height in heights { tops.append(tops[tops.count - 1] + height) }
        self.kinds = kinds
        self.heights = heights
        self.tops = tops
        self.seed = seed
    }

    /// How many rows.
    package var count: Int { heights.count }

    /// The content height.
    package var contentHeight: CGFloat { tops[tops.count - 1] }

    /// The rows any part of which lies in `top..<bottom`; empty when none does.
    package func rows(from top: CGFloat, to bottom: CGFloat) -> Range<Int> {
        guard count > 0, bottom > top, bottom > 0, top < contentHeight else { return 0..<0 }
        return rowIndex(containing: max(0, top))..<(rowIndex(containing: min(bottom, contentHeight) - 0.001) + 1)
    }

    /// The row whose span `top..<bottom` holds `y` (binary search over ``tops``).
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
