import Foundation
import TemplateLayoutEngine

/// When the simulated table asks for row heights: `UITableView`'s two regimes.
enum HeightQueryMode: Equatable {
    /// `estimatedRowHeight = 0`, what FDTemplateLayoutCell recommended: every row's height
    /// on `reloadData` and after each update (the table needs its full content height), and
    /// again for each row it scrolls into view.
    case everyRow
    /// `estimatedRowHeight > 0`: only the rows in view plus a screen above and below, on
    /// load, after updates and while scrolling; the others count as the estimate.
    case estimated(rowHeight: CGFloat)

    /// A short label for the report.
    var label: String {
        switch self {
        case .everyRow: return "all rows"
        case .estimated: return "estimated"
        }
    }
}

/// Which of the table's caches holds its heights.
enum HeightCaching {
    /// By index path, kept aligned by forwarding every update to the cache.
    case byIndexPath
    /// By entry id; updates need no forwarding, only edited entries are forgotten.
    case byEntryID
}

/// What a table has done so far; a phase's share is the difference of two of these.
struct TableCounts {
    var queries = 0
    var hits = 0
    var layouts = 0
    var measuringTime: TimeInterval = 0

    static func - (after: TableCounts, before: TableCounts) -> TableCounts {
        TableCounts(
            queries: after.queries - before.queries, hits: after.hits - before.hits,
            layouts: after.layouts - before.layouts, measuringTime: after.measuringTime - before.measuringTime)
    }

    static func + (lhs: TableCounts, rhs: TableCounts) -> TableCounts {
        TableCounts(
            queries: lhs.queries + rhs.queries, hits: lhs.hits + rhs.hits,
            layouts: lhs.layouts + rhs.layouts, measuringTime: lhs.measuringTime + rhs.measuringTime)
    }

    /// Hits over queries, from 0 to 1.
    var hitRate: Double { queries == 0 ? 0 : Double(hits) / Double(queries) }
}

/// A stand-in for `UITableView` with FDTemplateLayoutCell's height delegate: it holds the
/// feed's sections, asks row heights when `UITableView` would (see ``HeightQueryMode``),
/// answers each from its ``TableHeightCache`` through the template, applies updates to its
/// own data and forwards them to the cache, as the UIKit layer will.
///
/// A class, like the view it stands for: the session and the phases share one instance.
final class SimulatedTable {
    /// The table's caches; the session reads their statistics and toggles their log.
    let cache: TableHeightCache
    let caching: HeightCaching
    /// When heights are asked; each phase sets it.
    var mode: HeightQueryMode = .everyRow
    /// The visible height in points, one "screen" of scrolling.
    let viewportHeight: CGFloat
    private var sections: [TableSection]
    private(set) var context: LayoutContext
    /// Checks every cached height against the template; see ``HeightVerifier``.
    private(set) var verifier: HeightVerifier
    private let template: FeedCellTemplate
    private var queries = 0
    /// The first visible row, counted across sections.
    private var topRow = 0

    /// Creates a table showing `feed` in `context`; nothing is asked until ``reloadData()``.
    init(feed: Feed, caching: HeightCaching, template: FeedCellTemplate, context: LayoutContext, viewportHeight: CGFloat, log: DebugLog) {
        self.sections = feed.sections.map(TableSection.init)
        self.caching = caching
        self.template = template
        self.context = context
        self.viewportHeight = viewportHeight
        self.verifier = HeightVerifier(template: template.withoutSimulatedCost)
        self.cache = TableHeightCache(context: context, log: log)
    }

    /// Queries, hits, layouts and measuring time so far.
    var counts: TableCounts {
        let statistics = cache.statistics
        return TableCounts(queries: queries, hits: statistics.hits, layouts: statistics.layouts, measuringTime: statistics.measuringTime)
    }


    /// The entry shown at `indexPath`.
    func entry(at indexPath: IndexPath) -> FeedEntry {
        sections[indexPath[0]].rows[indexPath[1]].entry
    }

    // MARK: Data

    /// `reloadData()`: forgets all geometry (and the index-path cache, as FD's swizzled
    /// `reloadData` did), then asks heights as ``mode`` says.
    func reloadData() {
        if caching == .byIndexPath { cache.indexPaths.reloadData() }
        forgetGeometry()
        askHeightsAfterChange()
    }

    /// `performBatchUpdates(_:)`: applies the batch `body` describes to the table's data,
    /// tells the cache the same updates inside one batch, then asks heights.
    func performBatchUpdates(_ body: (inout TableBatch) -> Void) {
        var batch = TableBatch()
        body(&batch)
        sections = batch.applied(to: sections)
        switch caching {
        case .byIndexPath:
            cache.indexPaths.performBatchUpdates {
                for update in batch.updates { forward(update) }
            }
        case .byEntryID:
            // Keys follow entries wherever they move; only changed content must be forgotten
            // (FD's invalidateHeightForKey:).
            for entry in batch.reloadedEntries { cache.keys.invalidateHeight(forKey: entry.id) }
        }
        askHeightsAfterChange()
    }

    /// Tells the index-path cache one update, in UIKit's spelling, as the UIKit layer does
    /// from its `UITableView` overrides.
    private func forward(_ update: TableUpdate) {
        let cache = cache.indexPaths
        switch update {
        case .insertSections(let sections): cache.insertSections(sections)
        case .deleteSections(let sections): cache.deleteSections(sections)
        case .reloadSections(let sections): cache.reloadSections(sections)
        case .moveSection(let section, let newSection): cache.moveSection(section, toSection: newSection)
        case .insertRows(let paths): cache.insertRows(at: paths)
        case .deleteRows(let paths): cache.deleteRows(at: paths)
        case .reloadRows(let paths): cache.reloadRows(at: paths)
        case .moveRow(let path, let newPath): cache.moveRow(at: path, to: newPath)
        }
    }

    // MARK: Layout context

    /// A new content width (rotation, split view) or text size: the cache switches context
    /// and the table lays its rows out again.
    func changeContext(width: CGFloat? = nil, contentSizeCategory: ContentSizeCategory? = nil) {
        context = LayoutContext(
            width: width ?? context.width, displayScale: context.displayScale,
            contentSizeCategory: contentSizeCategory ?? context.contentSizeCategory)
        cache.switchContext(to: context)
        forgetGeometry()
        askHeightsAfterChange()
    }

    // MARK: Scrolling

    /// Scrolls from the top to the bottom one screen at a time, then back up, asking each
    /// row as it enters the prepared area (the screen plus a screen above and below).
    func scrollToBottomAndBack() {
        let paths = flatIndexPaths()
        guard !paths.isEmpty else { return }
        topRow = 0
        var prepared = preparedRows(top: topRow, paths: paths)
        while visibleRows(top: topRow, paths: paths).upperBound < paths.count - 1 {
            topRow = visibleRows(top: topRow, paths: paths).upperBound + 1
            let next = preparedRows(top: topRow, paths: paths)
            for index in stride(from: prepared.upperBound + 1, through: next.upperBound, by: 1) { askHeight(at: paths[index]) }
            prepared = next
        }
        while topRow > 0 {
            topRow = rowsAbove(topRow, filling: viewportHeight, paths: paths)
            let next = preparedRows(top: topRow, paths: paths)
            // Going up, rows enter from the top: nearest first.
            for index in stride(from: prepared.lowerBound - 1, through: next.lowerBound, by: -1) { askHeight(at: paths[index]) }
            prepared = next
        }
    }

    // MARK: Asking heights

    /// Asks heights after a load, an update or a context change, as ``mode`` says.
    private func askHeightsAfterChange() {
        let paths = flatIndexPaths()
        guard !paths.isEmpty else { return }
        topRow = min(topRow, paths.count - 1)
        switch mode {
        case .everyRow:
            for path in paths { askHeight(at: path) }
        case .estimated:
            for index in preparedRows(top: topRow, paths: paths) { askHeight(at: paths[index]) }
        }
    }

    /// `tableView(_:heightForRowAt:)` with FD's cached lookup, plus the correctness check.
    private func askHeight(at path: (section: Int, row: Int)) {
        let entry = sections[path.section].rows[path.row].entry
        let key: HeightCacheKey = switch caching {
        case .byIndexPath: .indexPath(IndexPath(indexes: [path.section, path.row]))
        case .byEntryID: .key(entry.id)
        }
        var measuredNow = false
        let height = cache.height(cachedBy: key) {
            measuredNow = true
            return template.height(for: entry, in: context)
        }
        queries += 1
        // A fresh measurement is the template's own answer; only remembered ones can be stale.
        if !measuredNow { verifier.check(height, for: entry, at: path, in: context) }
        sections[path.section].rows[path.row].displayedHeight = height
    }

    private func forgetGeometry() {
        for section in sections.indices {
            for row in sections[section].rows.indices { sections[section].rows[row].displayedHeight = nil }
        }
    }

    // MARK: Geometry

    /// Every row's section and row, top to bottom.
    private func flatIndexPaths() -> [(section: Int, row: Int)] {
        sections.indices.flatMap { section in sections[section].rows.indices.map { (section, $0) } }
    }

    /// A row's height as the table knows it: the last answer, else the estimate.
    private func knownHeight(_ path: (section: Int, row: Int)) -> CGFloat {
        if let height = sections[path.section].rows[path.row].displayedHeight { return height }
        if case .estimated(let rowHeight) = mode { return rowHeight }
        return 44
    }

    /// The rows on screen when `top` is the first visible one.
    private func visibleRows(top: Int, paths: [(section: Int, row: Int)]) -> ClosedRange<Int> {
        var bottom = top
        var filled = knownHeight(paths[top])
        while filled < viewportHeight && bottom + 1 < paths.count {
            bottom += 1
            filled += knownHeight(paths[bottom])
        }
        return top...bottom
    }

    /// The rows on screen plus a screen above and below: what the table prepares.
    private func preparedRows(top: Int, paths: [(section: Int, row: Int)]) -> ClosedRange<Int> {
        let visible = visibleRows(top: top, paths: paths)
        let lower = rowsAbove(visible.lowerBound, filling: viewportHeight, paths: paths)
        var upper = visible.upperBound
        var filled: CGFloat = 0
        while filled < viewportHeight && upper + 1 < paths.count {
            upper += 1
            filled += knownHeight(paths[upper])
        }
        return lower...upper
    }

    /// The first row of the stretch of `height` points that ends just above `row`.
    private func rowsAbove(_ row: Int, filling height: CGFloat, paths: [(section: Int, row: Int)]) -> Int {
        var first = row
        var filled: CGFloat = 0
        while filled < height && first > 0 {
            first -= 1
            filled += knownHeight(paths[first])
        }
        return first
    }
}
