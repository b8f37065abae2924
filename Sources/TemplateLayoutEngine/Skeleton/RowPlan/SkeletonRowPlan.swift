import Foundation

/// The rows of a skeleton table and their heights, decided once when the skeleton is
/// shown and read by the table's data source and delegate while it shows.
///
/// Deciding up front matters for source 1 (``SkeletonHeightSource/previousLoad``): the
/// index-path cache holds the previous load's heights only until the table reloads, and
/// showing the skeleton is itself a reload. The UIKit layer makes the plan first, then
/// reloads, then answers `numberOfRowsInSection` and `heightForRowAt` from the plan.
package struct SkeletonRowPlan: Hashable, Sendable {
    /// Each section's rows, in order.
    package var sections: [[SkeletonRowHeight]]
    /// The layout context the heights were planned in (width, text size, editing), `nil`
    /// when not known; see ``isPlanned(for:)``.
    package var context: LayoutContext?
    /// The visible height the plan's filling sections fill, in points: the viewport it was
    /// planned for, or the height its rows, headers and footers cover if that is more (the
    /// extra row for a bounce). `nil` when no section fills (every count was given), so that
    /// no viewport needs planning again; see ``replanning(in:viewportHeight:isResizingInteractively:)``.
    package var filledHeight: CGFloat?

    /// Creates a plan from rows as given.
    package init(sections: [[SkeletonRowHeight]], context: LayoutContext? = nil, filledHeight: CGFloat? = nil) {
        self.sections = sections
        self.context = context
        self.filledHeight = filledHeight
    }

    /// Whether the plan's heights hold in `context`: `false` once the table's layout context
    /// changed while the skeleton shows (a rotation, an iPad window resized, a text-size
    /// change), whose rows then need planning again at the new width. A plan of unknown
    /// context holds everywhere, and so does any plan in an unmeasurable context (a table
    /// with no width, as when it leaves its window), where nothing could be planned better.
    package func isPlanned(for context: LayoutContext) -> Bool {
        guard let planned = self.context, context.isMeasurable else { return true }
        return planned == context
    }

    /// How many sections the plan has.
    package var numberOfSections: Int { sections.count }

    /// How many rows `section` has; 0 for a section the plan does not have.
    ///
    /// - Complexity: O(1).
    package func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    /// The row at `indexPath`, or `nil` if the plan has none there (including index paths
    /// that are not section-and-row).
    ///
    /// - Complexity: O(1).
    package func row(at indexPath: IndexPath) -> SkeletonRowHeight? {
        guard indexPath.count == 2, sections.indices.contains(indexPath[0]),
              sections[indexPath[0]].indices.contains(indexPath[1]) else { return nil }
        return sections[indexPath[0]][indexPath[1]]
    }

    /// The height of the row at `indexPath`, or `nil` if the plan has none there.
    ///
    /// - Complexity: O(1).
    package func height(at indexPath: IndexPath) -> CGFloat? {
        row(at: indexPath)?.height
    }

    /// The height of all rows (headers and footers not included).
    ///
    /// - Complexity: O(*n*) in the rows.
    package var totalHeight: CGFloat {
        sections.joined().reduce(0) { $0 + $1.height }
    }

    /// How many rows each source gave, for a log line or a test.
    ///
    /// - Complexity: O(*n*) in the rows.
    package var rowsBySource: [SkeletonHeightSource: Int] {
        sections.joined().reduce(into: [:]) { $0[$1.source, default: 0] += 1 }
    }
}
