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

/// A stand-in for `UITableView` with FDTemplateLayoutCell's height delegate: it holds the
/// feed's sections, asks row heights when `UITableView` would (see ``HeightQueryMode``),
/// answers each from its ``TableHeightCache`` through the template, applies updates to its
/// own data and forwards them to the cache, as the UIKit layer will.
///
/// It also lives through app launches (``relaunch(template:)``: new caches, and a new store
/// on the same ``HeightDisk`` when its keyed heights persist) and shows skeletons while
/// content loads (`SimulatedTable+Skeleton.swift`).
///
/// A class, like the view it stands for: the session and the phases share one instance.
final class SimulatedTable {
    /// The table's caches, replaced at each launch; the session reads their statistics and
    /// toggles their log.
    private(set) var cache: TableHeightCache
    let caching: HeightCaching
    /// When heights are asked; each phase sets it. The estimate is also the skeleton's last
    /// source, as the UIKit layer takes it from the table's `estimatedRowHeight`.
    var mode: HeightQueryMode = .everyRow {
        didSet { applyFallbackHeight() }
    }
    /// The visible height in points, one "screen" of scrolling.
    let viewportHeight: CGFloat
    /// Where keyed heights persist between launches; `nil` keeps them in memory only.
    let disk: HeightDisk?
    /// FD's algorithm, told the same updates and asked the same heights, if it replays.
    let fdReplay: FDReplay?
    /// How the launch the session starts in began.
    private(set) var firstLaunch: LaunchRecord
    /// The skeleton shown while content loads, from `showSkeleton` until `contentArrived`.
    var skeleton: SkeletonRowPlan?
    /// What happened in the current phase besides counts; the session takes it after each.
    var notes = PhaseNotes()
    private var sections: [TableSection]
    private(set) var context: LayoutContext
    /// Checks every cached height against the template; see ``HeightVerifier``.
    private(set) var verifier: HeightVerifier
    /// The cell's template; a launch may ship another layout.
    private(set) var template: FeedCellTemplate
    private var queries = 0
    /// The first visible row, counted across sections.
    private var topRow = 0
    /// What the caches of earlier launches counted, and the problems they reported.
    private var earlierCaches = TableCounts()
    private var earlierProblems = 0
    /// Entries measured in each layout context by this launch and by earlier ones.
    private var measuredThisLaunch = Set<MeasuredEntry>()
    private var measuredEarlier = Set<MeasuredEntry>()
    private var layoutsOfSeenEntries = 0
    private var launchCount = 1

    /// An entry measured in a layout context.
    private struct MeasuredEntry: Hashable {
        let id: Int
        let context: LayoutContext
    }

    /// Creates a table showing `feed` in `context`; nothing is asked until ``reloadData()``.
    /// With a `disk`, its keyed heights persist there from this first launch on.
    init(
        feed: Feed, caching: HeightCaching, template: FeedCellTemplate, context: LayoutContext, viewportHeight: CGFloat,
        log: DebugLog, disk: HeightDisk? = nil, fdReplay: FDReplay? = nil
    ) {
        self.sections = feed.sections.map(TableSection.init)
        self.caching = caching
        self.template = template
        self.context = context
        self.viewportHeight = viewportHeight
        self.disk = disk
        self.fdReplay = fdReplay
        self.verifier = HeightVerifier(template: template.withoutSimulatedCost)
        self.cache = TableHeightCache(context: context, log: log)
        // Set twice: attaching the disk needs the whole of `self`.
        self.firstLaunch = LaunchRecord(number: 1, store: nil, contentVersion: template.contentVersion, cellLayoutChanged: false)
        firstLaunch = LaunchRecord(number: 1, store: attachDisk(), contentVersion: template.contentVersion, cellLayoutChanged: false)
        applyFallbackHeight()
    }

    /// Queries, hits, layouts and measuring time so far, over every launch.
    var counts: TableCounts {
        let statistics = cache.statistics
        return earlierCaches + TableCounts(
            queries: queries, hits: statistics.hits + statistics.persistedHits, persistedHits: statistics.persistedHits,
            layouts: statistics.layouts, layoutsOfSeenEntries: layoutsOfSeenEntries, measuringTime: statistics.measuringTime,
            fd: fdReplay?.counts ?? FDCounts())
    }

    /// Bad inputs the caches of every launch reported.
    var cacheProblems: Int {
        earlierProblems + cache.statistics.indexPath.problems + cache.statistics.keyed.problems
    }

    /// What the table shows, as the feed's sections.
    var content: [FeedSection] {
        sections.map { FeedSection(title: $0.title, entries: $0.rows.map(\.entry)) }
    }

    /// Hands over what happened in this phase besides counts, and starts afresh.
    func takeNotes() -> PhaseNotes {
        defer { notes = PhaseNotes() }
        return notes
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
        fdReplay?.reloadData()
        forgetGeometry()
        askHeightsAfterChange()
    }

    /// The data source has other content: the table shows `content` from the top and
    /// reloads, as an app does when a response arrives.
    func reloadData(with content: [FeedSection]) {
        sections = content.map(TableSection.init)
        topRow = 0
        reloadData()
    }

    /// `performBatchUpdates(_:)`: applies the batch `body` describes to the table's data,
    /// tells the cache the same updates inside one batch, then asks heights.
    func performBatchUpdates(_ body: (inout TableBatch) -> Void) {
        var batch = TableBatch()
        body(&batch)
        sections = batch.applied(to: sections)
        fdReplay?.apply(batch.updates)
        switch caching {
        case .byIndexPath:
            cache.indexPaths.performBatchUpdates {
                for update in batch.updates { forward(update) }
            }
        case .byEntryID:
            // Keys follow entries wherever they move; only changed content must be forgotten
            // (FD's invalidateHeightForKey:).
            // Through the table's cache, not `cache.keys`: a persisted height must go too.
            for entry in batch.reloadedEntries { cache.invalidateHeight(forKey: entry.id) }
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
    func changeContext(width: CGFloat? = nil, contentSizeCategory: LayoutContext.ContentSizeCategory? = nil) {
        context = LayoutContext(
            width: width ?? context.width, displayScale: context.displayScale,
            contentSizeCategory: contentSizeCategory ?? context.contentSizeCategory)
        cache.switchContext(to: context)
        forgetGeometry()
        askHeightsAfterChange()
    }

    // MARK: Launches

    /// Quits the app and launches it again: the caches of this launch are gone (keyed
    /// heights flushed to the disk first, if they persist), new ones start empty, and with
    /// a disk a new store opens on its directory. `template` is the cell of the new app
    /// version, if its layout changed; its content version then changes too.
    ///
    /// The table keeps its content (the app restores the feed it showed) but no geometry.
    func relaunch(template newTemplate: FeedCellTemplate? = nil) {
        disk?.quit()
        // What the table and the replay count themselves goes on; only the caches start again.
        earlierCaches = counts - TableCounts(queries: queries, layoutsOfSeenEntries: layoutsOfSeenEntries, fd: fdReplay?.counts ?? FDCounts())
        fdReplay?.relaunch()
        earlierProblems = cacheProblems
        measuredEarlier.formUnion(measuredThisLaunch)
        measuredThisLaunch.removeAll()
        let layoutChanged = newTemplate.map { $0.layoutVersion != template.layoutVersion } ?? false
        if let newTemplate {
            template = newTemplate
            verifier.cellLayoutChanged(to: newTemplate.withoutSimulatedCost)
        }
        cache = TableHeightCache(context: context, log: cache.log)
        let load = attachDisk()
        applyFallbackHeight()
        forgetGeometry()
        topRow = 0
        launchCount += 1
        notes.launch = LaunchRecord(
            number: launchCount, store: load, contentVersion: template.contentVersion, cellLayoutChanged: layoutChanged)
    }

    /// Opens a store on ``disk`` for the template's content version and links the cache to it.
    private func attachDisk() -> StoreLoad? {
        guard let disk else { return nil }
        let launched = disk.launch(contentVersion: template.contentVersion)
        cache.persistence = launched.persistence
        return launched.load
    }

    /// The skeleton's last source: the table's estimate, by `UITableView`'s rules.
    private func applyFallbackHeight() {
        let estimate: CGFloat = if case .estimated(let rowHeight) = mode { rowHeight } else { 0 }
        // -1 is UITableView.automaticDimension, the row height of self-sizing tables.
        cache.fallbackHeight = SizingRules.fallbackRowHeight(estimatedRowHeight: estimate, rowHeight: -1)
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
        // Looked up, then measured with the identifier, as the UIKit layer does: the
        // measurement is also a sample for the identifier's skeleton median.
        let height = cache.cachedHeight(for: key) ?? cache.measuredHeight(for: key, identifier: FeedCellTemplate.identifier) {
            measuredNow = true
            noteLayout(of: entry)
            return template.height(for: entry, in: context)
        }
        queries += 1
        // A fresh measurement is the template's own answer; only remembered ones can be stale.
        let freshHeight = measuredNow ? height : verifier.check(height, for: entry, at: path, in: context)
        let fdHeight = fdReplay?.askHeight(at: IndexPath(indexes: [path.section, path.row]), freshHeight: freshHeight)
        if fdReplay != nil && notes.servedRows.count < PhaseNotes.servedRowLimit {
            notes.servedRows.append(ServedRow(
                section: path.section, row: path.row, entry: entry, context: context,
                height: height, fdHeight: fdHeight, freshHeight: freshHeight))
        }
        sections[path.section].rows[path.row].displayedHeight = height
    }

    /// The height the row at `section`, `row` shows: its last answer, or asked now (a row
    /// on screen is always asked); `nil` if the table has no such row.
    func heightOnScreen(section: Int, row: Int) -> CGFloat? {
        guard sections.indices.contains(section), sections[section].rows.indices.contains(row) else { return nil }
        if sections[section].rows[row].displayedHeight == nil { askHeight(at: (section, row)) }
        return sections[section].rows[row].displayedHeight
    }

    private func noteLayout(of entry: FeedEntry) {
        let measured = MeasuredEntry(id: entry.id, context: context)
        if measuredEarlier.contains(measured) { layoutsOfSeenEntries += 1 }
        measuredThisLaunch.insert(measured)
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
