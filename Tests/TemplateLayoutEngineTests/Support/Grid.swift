import Foundation
@testable import TemplateLayoutEngine

/// A table of heights written as nested arrays, `nil` for "no height", so that a test
/// states the whole before and after of an update at a glance.
typealias Grid = [[CGFloat?]]

extension IndexPathHeightCache {
    /// A cache in a 320-point context holding `grid`.
    static func holding(_ grid: Grid, context: LayoutContext = LayoutContext(width: 320)) -> IndexPathHeightCache {
        let cache = IndexPathHeightCache(context: context, log: DebugLog(reportsProblems: false))
        cache.fill(with: grid)
        return cache
    }

    /// Stores every height of `grid` in the active context.
    func fill(with grid: Grid) {
        for (section, rows) in grid.enumerated() {
            for (row, height) in rows.enumerated() {
                if let height { store(height, at: IndexPath(row: row, section: section)) }
            }
        }
    }

    /// The active context's heights as a grid, trailing absences trimmed the way the
    /// storage trims them.
    var grid: Grid { grid(of: slots.active) }

    /// The heights of every kept context, the active one first.
    var grids: [Grid] { slots.values.map(grid(of:)) }

    private func grid(of matrix: HeightMatrix) -> Grid {
        matrix.sections.map { section in section.rows.map { $0.isNaN ? nil : $0 } }
    }
}

extension IndexPath {
    /// `IndexPath(row:section:)` is UIKit's; Foundation on Linux lacks it.
    init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }
}

/// Index paths from `(section, row)` pairs.
func paths(_ pairs: (Int, Int)...) -> [IndexPath] {
    pairs.map { IndexPath(row: $0.1, section: $0.0) }
}

/// One index path.
func path(_ section: Int, _ row: Int) -> IndexPath {
    IndexPath(row: row, section: section)
}
