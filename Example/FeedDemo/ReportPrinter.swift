import Foundation
import TemplateLayoutEngine

/// Prints the demo's report: a header saying what is simulated, a table of phases per
/// cache, the skeletons (`ReportPrinter+Skeletons.swift`), the launches
/// (`ReportPrinter+Launches.swift`), the debug log excerpts, the verification and a
/// closing comparison.
///
/// Everything but the timings is a pure function of the session, so two runs print the
/// same report apart from milliseconds.
struct ReportPrinter {
    /// The feed the tables showed at the start.
    let feed: Feed
    let layoutCost: SimulatedLayoutCost

    func printHeader() {
        let context = FeedScript.startContext
        print("""
        feed-demo: the TemplateLayoutEngine height cache on a simulated feed

        No UIKit here. A deterministic text-layout template stands in for the Auto Layout
        pass of FDTemplateLayoutCell's off-screen cell: it wraps each entry by word with
        per-character advances at the Dynamic Type size, adds paddings, an image block and
        a footer, rounds to the pixel, and takes at least \(layoutCost.minimumNanoseconds / 1_000) µs per layout.
        A simulated table asks for heights the way UITableView does:
          all rows   estimatedRowHeight 0 (FD's advice): every row on reloadData and after
                     each update, and each row again as it scrolls into view
          estimated  estimatedRowHeight \(Self.number(Int(FeedScript.estimatedRowHeight))): the rows on screen and a screen above and below
        Feed: \(Self.number(feed.entryCount)) entries in \(feed.sections.count) sections, one per day. \
        Screen: \(Self.number(Int(context.width))) x \(Self.number(Int(FeedScript.viewportHeight))) pt \
        at @\(Self.number(Int(context.displayScale)))x, text size \(context.contentSizeCategory).
        The session runs on two tables: one caches by index path and forwards every update
        to the cache; the other caches by key (entry id) and forwards nothing.
        Skeletons: while a request is in flight, a table shows placeholder rows whose heights
        come from the first source that has one: the previous load (index-path cache), the
        keyed cache (ids the app names), a placeholder measurement (the template with sample
        text), the median of the heights measured for the cell identifier, the estimate.
        When the content comes, the rows jump by what the plan got wrong.
        Launches: "launch N" phases quit the app and start it again with empty caches. The
        keyed table's heights persist in a temporary directory (removed at exit): flushed at
        quit, read back by a new PersistentHeightStore at launch. Launch 3 ships a changed
        cell layout, so its content version changes and no older height may be served.

        """)
    }

    func printPhases(of run: TableRun) {
        let nameWidth = run.results.map(\.name.count).max() ?? 0
        let columns = [
            Column(title: "phase", width: max(nameWidth, 5), alignsLeft: true), Column(title: "mode", width: 9, alignsLeft: true),
            Column(title: "queries", width: 7), Column(title: "hits", width: 7), Column(title: "layouts", width: 7),
            Column(title: "hit rate", width: 8), Column(title: "measuring", width: 9),
        ]
        func row(_ name: String, _ mode: String, _ counts: TableCounts) -> [String] {
            [name, mode, Self.number(counts.queries), Self.number(counts.hits), Self.number(counts.layouts),
             Self.percent(counts.hitRate), Self.milliseconds(counts.measuringTime)]
        }
        print(run.title)
        print(Self.line(columns.map(\.title), columns))
        for result in run.results {
            print(Self.line(row(result.name, result.mode.label, result.counts), columns))
        }
        print(Self.line(row("total", "", run.totals), columns))
        print()
    }

    func printDebugLog(of run: TableRun, phase: String) {
        print("Debug log during \"\(phase)\", \(run.title.lowercased()): first \(run.logLines.count) of \(Self.number(run.logLineCount)) lines")
        for line in run.logLines { print("  \(line)") }
        print()
    }

    /// Prints the check's outcome and returns whether every height matched, and every
    /// launch that should have served its seen entries from disk did.
    func printVerification(of runs: [TableRun]) -> Bool {
        let checked = runs.reduce(0) { $0 + $1.verifier.checked }
        let mismatches = runs.reduce(0) { $0 + $1.verifier.mismatchCount }
        let problems = runs.reduce(0) { $0 + $1.cacheProblems }
        var verified = true
        if mismatches == 0 && problems == 0 {
            print("verified: \(Self.number(checked)) heights match (every cached height, from memory or from disk, against a fresh layout of the entry now at its row)")
        } else {
            verified = false
            print("FAILED: \(Self.number(mismatches)) of \(Self.number(checked)) cached heights differ from the template; \(problems) cache problem(s) reported")
            for run in runs {
                for mismatch in run.verifier.mismatches { print("  \(run.title): \(mismatch)") }
            }
        }
        return printLaunchVerification(of: runs) && verified
    }

    func printClosing(for run: TableRun, elapsed: TimeInterval) {
        let totals = run.totals
        let perLayout = totals.layouts == 0 ? 0 : totals.measuringTime / Double(totals.layouts)
        let share = totals.queries == 0 ? 0 : Double(totals.layouts) / Double(totals.queries)
        print("""

        \(run.title): \(Self.number(totals.layouts)) layouts for \(Self.number(totals.queries)) height queries (\(Self.percent(share))).
        Without a cache every query is a layout: \(Self.number(totals.queries)) layouts, about \(Self.seconds(perLayout * Double(totals.queries))) \
        at the measured
        \(Self.number(Int((perLayout * 1e6).rounded()))) µs per layout, against \(Self.seconds(totals.measuringTime)) here.
        Ran in \(Self.seconds(elapsed)); timings vary between runs, everything else is deterministic.
        """)
    }

    // MARK: Formatting

    /// A column of the report's tables.
    struct Column {
        let title: String
        let width: Int
        var alignsLeft = false
    }

    static func line(_ cells: [String], _ columns: [Column]) -> String {
        zip(cells, columns).map { cell, column in
            let padding = String(repeating: " ", count: max(column.width - cell.count, 0))
            return column.alignsLeft ? cell + padding : padding + cell
        }.joined(separator: "  ")
    }

    /// `12,345`, with the grouping written out so the output never depends on a locale.
    static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// `1,234.5 pt`: heights are on the pixel grid, so one decimal is exact at @2x.
    static func points(_ value: CGFloat) -> String {
        let tenths = Int((value.magnitude * 10).rounded())
        let fraction = tenths % 10 == 0 ? "" : ".\(tenths % 10)"
        return (value < 0 && tenths > 0 ? "-" : "") + number(tenths / 10) + fraction + " pt"
    }

    /// `+12.5 pt`, `-300 pt` or `0 pt`: a change.
    static func signedPoints(_ value: CGFloat) -> String {
        (value > 0 && (value * 10).rounded() > 0 ? "+" : "") + points(value)
    }

    /// `3 files, 70,912 bytes`.
    static func files(_ count: Int, bytes: Int) -> String {
        "\(number(count)) file\(count == 1 ? "" : "s"), \(number(bytes)) bytes"
    }

    static func percent(_ fraction: Double) -> String {
        String(format: "%.1f%%", fraction * 100)
    }

    static func milliseconds(_ seconds: TimeInterval) -> String {
        String(format: "%.1f ms", seconds * 1_000)
    }

    static func seconds(_ seconds: TimeInterval) -> String {
        String(format: "%.2f s", seconds)
    }
}
