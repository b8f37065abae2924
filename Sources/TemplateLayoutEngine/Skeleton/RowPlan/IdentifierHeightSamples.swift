import Foundation

/// The last few heights measured for each cell identifier in each layout context, and their
/// median: the fourth source of a skeleton row's height (``SkeletonHeightSource/identifierMedian``).
///
/// The UIKit layer feeds it on every measurement (``TableHeightCache`` does it in
/// ``TableHeightCache/measuredHeight(for:identifier:measure:)``). When a skeleton row has no
/// cached height of its own, "what rows of this kind usually measure here" is a far better
/// guess than one estimated height for every row.
///
/// Bounded memory: at most ``capacity`` heights per identifier and context (a ring: the
/// oldest is overwritten), and at most ``keyLimit`` identifier-and-context pairs (the one
/// recorded into least recently goes). Contexts matter because a height measured at one
/// width or text size says nothing about another.
///
/// Invariants (checked by ``checkInvariants()`` under `TEMPLATE_LAYOUT_INTERNAL_CHECKS`):
/// - every ring holds 1 to ``capacity`` heights, all finite and not negative, and its
///   write position is inside it; its median is settled once it is full, and only then;
/// - at most ``keyLimit`` rings, with distinct recency stamps below the clock.
///
/// A value type; not synchronised. Use it from one thread, like the table it belongs to.
package struct IdentifierHeightSamples: Sendable {
    struct Key: Hashable, Sendable {
        var identifier: String
        var context: LayoutContext
    }

    struct Ring: Sendable {
        var heights: [CGFloat] = []
        /// Where the next height goes once the ring is full.
        var next = 0
        /// The clock value of the last record into this ring, for evicting the oldest.
        var lastUse: UInt64 = 0
        /// The median when the ring first filled, kept from then on
        /// (``IdentifierHeightSamples/settledMedian(identifier:context:)``).
        var settled: CGFloat?
    }

    /// The most heights kept per identifier and context.
    package let capacity: Int
    /// The most identifier-and-context pairs kept.
    package let keyLimit: Int
    private(set) var rings: [Key: Ring] = [:]
    private(set) var clock: UInt64 = 0

    /// Creates empty samples.
    ///
    /// - Parameters:
    ///   - capacity: Heights kept per identifier and context: 32 by default, enough for a
    ///     stable median and a screenful or two of history. Clamped to 1...1024.
    ///   - keyLimit: Identifier-and-context pairs kept: 64 by default. At least 1.
    package init(capacity: Int = 32, keyLimit: Int = 64) {
        self.capacity = min(max(capacity, 1), 1024)
        self.keyLimit = max(keyLimit, 1)
    }

    /// Records a measured height for `identifier` in `context`.
    ///
    /// Bad input: a height that is negative, NaN or infinite, or a context without a width
    /// (whose heights are fallbacks, not measurements), is not recorded; the result says so
    /// and the caller reports it if it wants to.
    ///
    /// - Returns: Whether the height was recorded.
    /// - Complexity: O(1), or O(``keyLimit``) when a new pair evicts the oldest.
    @discardableResult
    package mutating func record(_ height: CGFloat, identifier: String, context: LayoutContext) -> Bool {
        guard height.isFinite && height >= 0 && context.isMeasurable else { return false }
        let key = Key(identifier: identifier, context: context)
        clock &+= 1
        if rings[key] == nil && rings.count >= keyLimit, let oldest = rings.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            rings[oldest] = nil
        }
        rings[key, default: Ring()].add(height, capacity: capacity, stamp: clock)
        if rings[key]?.settled == nil, let ring = rings[key], ring.heights.count == capacity {
            rings[key]?.settled = ring.heights.sorted()[(ring.heights.count - 1) / 2]
        }
        checkInvariants()
        return true
    }

    /// The median of the heights recorded for `identifier` in `context`, or `nil` if none
    /// are. With an even count, the lower of the two middle heights: a height some row
    /// really had, rather than an average no row has.
    ///
    /// Bad input: none; an unknown identifier or context has no median.
    ///
    /// - Complexity: O(*k* log *k*) for the *k* ≤ ``capacity`` heights kept.
    package func median(identifier: String, context: LayoutContext) -> CGFloat? {
        guard let heights = rings[Key(identifier: identifier, context: context)]?.heights, !heights.isEmpty else { return nil }
        return heights.sorted()[(heights.count - 1) / 2]
    }

    /// The median of the first ``capacity`` heights recorded for `identifier` in `context`,
    /// kept from then on; `nil` until the ring first fills.
    ///
    /// For estimates: UIKit asks every row's estimate again at each reload, batch update and
    /// width change, and keeps its first visible row in place by moving the content offset
    /// by however much the estimates above it changed. A live median, moving a little with
    /// every row shown, would move the offset by that little times every unseen row above
    /// (thousands of points after a jump to the end); a settled one changes an unseen row's
    /// estimate once.
    ///
    /// - Complexity: O(1) on average.
    package func settledMedian(identifier: String, context: LayoutContext) -> CGFloat? {
        rings[Key(identifier: identifier, context: context)]?.settled
    }

    /// How many heights are kept for `identifier` in `context`.
    ///
    /// - Complexity: O(1) on average.
    package func count(identifier: String, context: LayoutContext) -> Int {
        rings[Key(identifier: identifier, context: context)]?.heights.count ?? 0
    }

    /// Forgets every height.
    ///
    /// - Complexity: O(*n*) to release the storage.
    package mutating func removeAll() {
        rings.removeAll()
    }
}

extension IdentifierHeightSamples.Ring {
    mutating func add(_ height: CGFloat, capacity: Int, stamp: UInt64) {
        if heights.count < capacity {
            heights.append(height)
        } else {
            heights[next] = height
            next = (next + 1) % capacity
        }
        lastUse = stamp
    }
}
