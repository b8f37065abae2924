import Foundation
import TemplateLayoutEngine

/// The demo's correctness check: every height the cache answers from memory must equal
/// what the template measures, right now, for the entry the table shows at that row.
///
/// It calls the template directly, never through the cache, and its layouts are not
/// counted in the statistics. A cache that fell out of step with the table's updates
/// would hand one row another row's height, and this catches it.
struct HeightVerifier {
    /// The template without its simulated cost: the same heights, only the arithmetic.
    private var reference: FeedCellTemplate
    /// Heights checked so far.
    private(set) var checked = 0
    /// How many did not match.
    private(set) var mismatchCount = 0
    /// The first few mismatches, described.
    private(set) var mismatches: [String] = []

    init(template: FeedCellTemplate) {
        reference = template
    }

    /// From now on, checks against `template`: a launch shipped another cell layout, so a
    /// height remembered from the old one (from disk, say) must now fail the check.
    mutating func cellLayoutChanged(to template: FeedCellTemplate) {
        reference = template
    }

    /// Checks one cached `height` given for `entry` shown at `path` in `context`, and
    /// returns the fresh layout it was checked against.
    @discardableResult
    mutating func check(_ height: CGFloat, for entry: FeedEntry, at path: (section: Int, row: Int), in context: LayoutContext) -> CGFloat {
        checked += 1
        let expected = reference.height(for: entry, in: context)
        guard height != expected else { return expected }
        mismatchCount += 1
        if mismatches.count < 5 {
            mismatches.append("row [\(path.section):\(path.row)] (entry \(entry.id)) in \(context): cached \(Self.points(height)), template measures \(Self.points(expected))")
        }
        return expected
    }

    private static func points(_ height: CGFloat) -> String {
        String(format: "%.2f pt", Double(height))
    }
}
