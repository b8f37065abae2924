import Foundation
import TemplateLayoutEngine

/// What a skeleton did on one table: each planned row beside the real row that replaced it.
///
/// The jump is what the user sees when the content comes: every row whose real height
/// differs from its skeleton moves the rows below it, and a different total moves the
/// scroll indicator. Both are 0 when every planned height was the real one.
struct SkeletonOutcome {
    /// One skeleton row: its planned height and source, and the real row's height (`nil`
    /// when the content has no row there).
    struct Row {
        let planned: SkeletonRowHeight
        let real: CGFloat?
        /// The entry of the real row, for the pictures; `nil` with ``real``.
        let entry: FeedEntry?

        /// How far this row's bottom edge moves: a missing real row takes its whole height away.
        var jump: CGFloat { abs((real ?? 0) - planned.height) }
    }

    let rows: [Row]
    /// Where the real rows were laid out, and with which cell: the pictures draw them so.
    let context: LayoutContext
    let template: FeedCellTemplate

    /// The sum over the rows of |skeleton height - real height|.
    var jump: CGFloat { rows.reduce(0) { $0 + $1.jump } }

    /// The real rows' total height minus the skeleton's: how much the content height changes.
    var totalDifference: CGFloat { rows.reduce(0) { $0 + ($1.real ?? 0) - $1.planned.height } }

    /// For each source that gave rows, in the engine's order: how many rows and their jump.
    var bySource: [(source: SkeletonHeightSource, rows: Int, jump: CGFloat)] {
        SkeletonHeightSource.allCases.compactMap { source in
            let rows = rows.filter { $0.planned.source == source }
            return rows.isEmpty ? nil : (source, rows.count, rows.reduce(0) { $0 + $1.jump })
        }
    }
}
