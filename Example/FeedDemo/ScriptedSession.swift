import Foundation
import TemplateLayoutEngine

/// One named step of the scripted session: what it does to a table, and when the table
/// asks heights meanwhile.
///
/// The session is a list of these, so a scenario is added by adding an element to
/// ``FeedScript/phases(firstNewID:)``: skeletons (`FeedScript+Skeletons.swift`) and later
/// launches (`FeedScript+Launches.swift`) are phases like the others.
struct SessionPhase {
    let name: String
    /// How the table asks heights during this phase.
    var mode: HeightQueryMode = .everyRow
    /// Whether the caches' debug log traces this phase; the report shows its first lines.
    var tracesDebugLog = false
    /// What the phase does; run once on each table, which all hold the same rows.
    let perform: (SimulatedTable) -> Void
}

/// The scripted session of the demo, in the order a user might live it.
enum FeedScript {
    /// Where the session starts: an iPhone 8 in portrait (375 x 667 points at @2x) at the
    /// default text size.
    static let startContext = LayoutContext(width: 375, displayScale: 2, contentSizeCategory: .large)
    /// The visible height of the table: one screen of scrolling.
    static let viewportHeight: CGFloat = 667
    /// The width of the "rotation or split view" phases: an iPhone Plus in portrait.
    static let otherWidth: CGFloat = 414
    /// The text size of the Dynamic Type phases.
    static let otherTextSize = LayoutContext.ContentSizeCategory.extraExtraLarge
    /// The estimate of the phases that run with one: about the feed's average cell.
    static let estimatedRowHeight: CGFloat = 300

    /// The phases, in order: the first launch's scrolling, updates and context changes,
    /// then its skeletons, then two more launches. Entries created during the session take
    /// ids from `firstNewID` up.
    static func phases(firstNewID: Int) -> [SessionPhase] {
        updatePhases(firstNewID: firstNewID) + skeletonPhases(firstNewID: firstNewID + 100)
            + launchPhases(firstNewID: firstNewID + 200)
    }

    /// Loading, scrolling, updates, rotation and Dynamic Type on a running app.
    static func updatePhases(firstNewID: Int) -> [SessionPhase] {
        let refreshed = (0..<20).map { FeedGenerator.entry(id: firstNewID + $0) }
        let batchInserted = (20..<22).map { FeedGenerator.entry(id: firstNewID + $0) }
        let width = startContext.width
        let textSize = startContext.contentSizeCategory
        return [
            SessionPhase(name: "first load, estimated heights", mode: .estimated(rowHeight: estimatedRowHeight)) {
                $0.reloadData()
            },
            SessionPhase(name: "first load, estimatedRowHeight 0") {
                $0.reloadData()
            },
            SessionPhase(name: "scroll down and back up") {
                $0.scrollToBottomAndBack()
            },
            SessionPhase(name: "pull to refresh: 20 new at top") { table in
                table.performBatchUpdates { $0.insertRows(at: (0..<20).map { path(0, $0) }, entries: refreshed) }
            },
            SessionPhase(name: "delete 6 rows in 3 sections") { table in
                table.performBatchUpdates {
                    $0.deleteRows(at: [path(0, 3), path(0, 8), path(2, 0), path(2, 14), path(5, 7), path(5, 8)])
                }
            },
            SessionPhase(name: "delete a section (3 days ago)") { table in
                table.performBatchUpdates { $0.deleteSections([3]) }
            },
            SessionPhase(name: "move a row to another section") { table in
                table.performBatchUpdates { $0.moveRow(at: path(4, 10), to: path(0, 0)) }
            },
            SessionPhase(name: "mixed batch: +2 -2, reload, move", tracesDebugLog: true) { table in
                // The author edits the post at [0:4], so its row is reloaded with the new text.
                let edited = FeedGenerator.edited(table.entry(at: path(0, 4)))
                table.performBatchUpdates { batch in
                    batch.insertRows(at: [path(0, 0), path(0, 3)], entries: batchInserted)
                    batch.deleteRows(at: [path(0, 2), path(2, 5)])
                    batch.reloadRows(at: [path(0, 4)], entries: [edited])
                    batch.moveRow(at: path(0, 1), to: path(1, 0))
                }
            },
            SessionPhase(name: "width \(points(width)) -> \(points(otherWidth)) pt") { $0.changeContext(width: otherWidth) },
            SessionPhase(name: "width \(points(otherWidth)) -> \(points(width)) pt") { $0.changeContext(width: width) },
            SessionPhase(name: "text size \(textSize) -> \(otherTextSize)") { $0.changeContext(contentSizeCategory: otherTextSize) },
            SessionPhase(name: "text size \(otherTextSize) -> \(textSize)") { $0.changeContext(contentSizeCategory: textSize) },
        ]
    }

    static func path(_ section: Int, _ row: Int) -> IndexPath {
        IndexPath(indexes: [section, row])
    }

    private static func points(_ width: CGFloat) -> String {
        String(Int(width.rounded()))
    }
}

/// What a table noted during one phase besides its counts.
struct PhaseNotes {
    /// The skeleton it showed and the real rows that replaced it, if it showed one.
    var skeleton: SkeletonOutcome?
    /// How the launch began, if the phase relaunched the app.
    var launch: LaunchRecord?
    /// The first rows asked in the phase, beside FD's answers, on a table that replays FD's
    /// algorithm: what `--write-pictures` draws.
    var servedRows: [ServedRow] = []
    /// How many rows ``servedRows`` keeps: a few screens' worth, enough for a picture.
    static let servedRowLimit = 12
}

/// What one phase did on one table.
struct PhaseResult {
    let name: String
    let mode: HeightQueryMode
    let counts: TableCounts
    let notes: PhaseNotes

    var skeleton: SkeletonOutcome? { notes.skeleton }
    var launch: LaunchRecord? { notes.launch }
}

/// One table as the session drives it, with a title for the report and its log collector.
struct SessionTable {
    let title: String
    let table: SimulatedTable
    let log: DebugLogCollector
}

/// The session's record of one table: a result per phase, what its log kept, and its check.
struct TableRun {
    let title: String
    let caching: HeightCaching
    let results: [PhaseResult]
    /// The first lines the table's debug log wrote, and how many it wrote in all.
    let logLines: [String]
    let logLineCount: Int
    let verifier: HeightVerifier
    /// Bad inputs the caches reported; the script makes none, so any is a bug.
    let cacheProblems: Int
    /// How the launch the session starts in began; later ones are in the phases' notes.
    let firstLaunch: LaunchRecord
    /// Problems the height stores reported, for a table whose heights persist: the first
    /// lines and how many in all. Only discarded stale files are expected.
    let storeProblems: (lines: [String], total: Int)?

    /// The sum of all phases.
    var totals: TableCounts { results.reduce(TableCounts()) { $0 + $1.counts } }
}

/// Runs the phases in order, each on every table before the next, and measures each
/// phase on each table as the difference of its counts before and after.
struct FeedSession {
    let phases: [SessionPhase]
    let tables: [SessionTable]

    func run() -> [TableRun] {
        var results = Array(repeating: [PhaseResult](), count: tables.count)
        for phase in phases {
            for (index, session) in tables.enumerated() {
                let table = session.table
                table.mode = phase.mode
                if phase.tracesDebugLog { table.cache.log.isEnabled = true }
                let before = table.counts
                _ = table.takeNotes()
                phase.perform(table)
                results[index].append(PhaseResult(
                    name: phase.name, mode: phase.mode, counts: table.counts - before, notes: table.takeNotes()))
                if phase.tracesDebugLog { table.cache.log.isEnabled = false }
            }
        }
        return zip(tables, results).map { session, results in
            let table = session.table
            let collected = session.log.collected
            return TableRun(
                title: session.title, caching: table.caching, results: results, logLines: collected.lines, logLineCount: collected.total,
                verifier: table.verifier, cacheProblems: table.cacheProblems, firstLaunch: table.firstLaunch,
                storeProblems: table.disk?.problems.collected)
        }
    }
}
