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
    var grid: Grid { grid(of: core.active) }

    /// The heights of every kept context, the active one first.
    var grids: [Grid] { core.slots.values.map(grid(of:)) }

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

/// `grid` as the storage holds it: no trailing absent rows, no trailing empty sections.
func trimmed(_ grid: Grid) -> Grid {
    var result = grid.map { rows -> [CGFloat?] in
        var rows = rows
        while let last = rows.last, last == nil { rows.removeLast() }
        return rows
    }
    while let last = result.last, last.isEmpty { result.removeLast() }
    return result
}

/// A log that keeps its lines, for tests that read what was reported.
final class LogRecorder: @unchecked Sendable {
    // The only mutable state, behind the lock: sinks may be called from any thread.
    private let lock = NSLock()
    private var stored: [String] = []

    var lines: [String] { lock.withLock { stored } }

    var sink: DebugLogSink { DebugLogSink { [self] line in lock.withLock { stored.append(line) } } }

    /// A log writing trace lines (if `tracing`) and problems to this recorder.
    func log(tracing: Bool = false) -> DebugLog {
        DebugLog(isEnabled: tracing, reportsProblems: true, sink: sink)
    }

    var problems: [String] { lines.filter { $0.contains("warning:") } }
}
