import Foundation

/// How far along the scroll axis an item takes the content beyond the item before it: what
/// the preload planner sums to cover its screens when items share lines (a grid's columns,
/// the lines of a horizontal flow).
///
/// Summing each item's own length would count a two-column grid's lines twice, and plan
/// half the screens asked for; the advance counts each line once: the second item of a line
/// ends where the first does, and advances 0.
package enum ItemAdvance {
    /// The advance of an item ending at `end` (along the reading direction) after an item
    /// ending at `previousEnd`: the difference, never negative. Without a previous item (the
    /// first of its section, or none known) the item's own `length`.
    ///
    /// Bad input: non-finite or negative values give 0.
    package static func length(end: CGFloat, previousEnd: CGFloat?, length: CGFloat) -> CGFloat {
        guard let previousEnd else { return length.isFinite && length > 0 ? length : 0 }
        let advance = end - previousEnd
        return advance.isFinite && advance > 0 ? advance : 0
    }
}
