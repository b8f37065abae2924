import Foundation
import ScrollSimulation
import TemplateLayoutEngine

/// Prints the demo's report: a verdict of a few lines, one table of layouts per phase with
/// a column per cache strategy, the verification lines and the run time. `--explain` adds
/// what is simulated, what the columns mean, and the details (`ReportPrinter+Explain.swift`,
/// `+Skeletons`, `+Launches`).
///
/// Everything but the timings is a pure function of the session, so two runs print the
/// same report apart from milliseconds.
struct ReportPrinter {
    /// The feed the tables showed at the start.
    let feed: Feed
    let layoutCost: SimulatedLayoutCost
    /// The session's phases, in order.
    let phases: [SessionPhase]

    /// The two tables' runs by strategy; the session runs one of each.
    struct Runs {
        let indexPath: TableRun
        let key: TableRun

        init(_ runs: [TableRun]) {
            guard let indexPath = runs.first(where: { $0.caching == .byIndexPath }),
                  let key = runs.first(where: { $0.caching == .byEntryID }) else {
                preconditionFailure("the session runs a table of each strategy")
            }
            self.indexPath = indexPath
            self.key = key
        }

        var all: [TableRun] { [indexPath, key] }
    }

    /// At most twelve lines: the work saved, the wrong heights and what "checked" means, FD's
    /// algorithm (its fewer layouts are stale heights, not savings), a relaunch, the skeleton
    /// jump, `scroll`'s verdict (issue 20's scroll session: hitches, its goals) and
    /// `selfSizing`'s (issue 21: a self-sizing table's offset jumps, its goals).
    func printVerdict(of runs: Runs, scroll: ScrollReport, selfSizing: SelfSizingReport, selfSizingScrollBack: SelfSizingReport) {
        let key = runs.key.totals
        let indexPath = runs.indexPath.totals
        let fd = indexPath.fd
        // No cache lays out every height asked; the tables ask the same rows, their heights being right.
        let noCache = indexPath.queries
        let checked = runs.all.reduce(0) { $0 + $1.verifier.checked }
        let wrong = runs.all.reduce(0) { $0 + $1.verifier.mismatchCount }
        let saved = noCache == 0 ? 0 : 1 - Double(key.layouts) / Double(noCache)
        let launches = runs.key.launches.count
        print("""
        feed-demo: \(Self.number(feed.entryCount)) feed entries, \(phases.count) phases over \(launches) launches, \
        \(Self.number(noCache)) heights asked (--explain: what and how)
          layouts: \(Self.number(key.layouts)) cached by key, \(Self.number(indexPath.layouts)) by index path, \
        \(Self.number(noCache)) with no cache (\(Self.percent(saved)) saved)
          wrong heights: \(Self.number(wrong)) from this engine, \(Self.number(checked)) checked (each cached height against \
        a fresh layout of its row)
          FDTemplateLayoutCell's algorithm: \(Self.number(fd.wrong)) wrong\(fd.crashes > 0 ? ", \(Self.number(fd.crashes)) crash(es)" : ""); \
        its \(Self.number(fd.layouts)) layouts are fewer only because it serves stale
            heights instead of measuring again (after width and text size changes): not a win
        """)
        if let line = relaunchLine(runs) { print("  " + line) }
        if let line = skeletonLine(runs) { print("  " + line) }
        // Issue 20's scroll session on its simulated frame clock (height-cache-bench --scroll
        // prints its table); a missed goal shows in its second line, it does not fail the demo.
        for line in scroll.verdictLines { print("  " + line) }
        for line in selfSizing.verdictLines(scrollBack: selfSizingScrollBack) { print("  " + line) }
        print()
    }

    /// The first relaunch: layouts with persisted heights (key) against without (index path).
    private func relaunchLine(_ runs: Runs) -> String? {
        guard runs.key.launches.count > 1, runs.indexPath.launches.count > 1 else { return nil }
        let keyed = runs.key.launches[1]
        let unpersisted = runs.indexPath.launches[1]
        let load = keyed.record.store.map {
            " (\(Self.number($0.report.heights)) read in \(Self.milliseconds($0.duration)))"
        } ?? ""
        return "relaunch: launch \(keyed.record.number) laid out \(Self.number(keyed.counts.layouts)) rows with persisted heights\(load), "
            + "\(Self.number(unpersisted.counts.layouts)) without (index path)"
    }

    /// The skeleton jump of the first relaunch's skeleton, and over all skeletons.
    private func skeletonLine(_ runs: Runs) -> String? {
        func jumps(_ run: TableRun) -> [CGFloat] { run.results.compactMap { $0.skeleton?.jump } }
        let keyJumps = jumps(runs.key)
        let indexPathJumps = jumps(runs.indexPath)
        guard !keyJumps.isEmpty else { return nil }
        func relaunched(_ run: TableRun) -> CGFloat? {
            run.launches.dropFirst().first?.phases.lazy.compactMap { $0.skeleton?.jump }.first
        }
        var line = "skeleton jump (how far rows move when content replaces a skeleton), \(keyJumps.count) skeletons:\n    "
            + "\(Self.points(keyJumps.reduce(0, +))) by key, "
            + "\(Self.points(indexPathJumps.reduce(0, +))) by index path"
        if let key = relaunched(runs.key), let indexPath = relaunched(runs.indexPath) {
            line += " (relaunch: \(Self.points(key)) vs \(Self.points(indexPath)))"
        }
        return line
    }

    /// One table: a row per phase, a column of layouts per strategy, and FD's wrong heights.
    func printStrategies(of runs: Runs) {
        func cells(_ name: String, _ indexPath: TableCounts, _ key: TableCounts) -> [String] {
            // No cache lays out every height asked: the index-path table's queries.
            [name, Self.number(indexPath.queries), Self.number(indexPath.fd.layouts),
             Self.number(indexPath.fd.wrong) + (indexPath.fd.crashes > 0 ? " (crash)" : ""),
             Self.number(indexPath.layouts), Self.number(key.layouts)]
        }
        var lines = zip(runs.indexPath.results, runs.key.results).map { cells($0.name, $0.counts, $1.counts) }
        let total = cells("total", runs.indexPath.totals, runs.key.totals)
        // Strategies over their columns (FD's algorithm spans two), then what each column counts.
        let strategies = ["", "no cache", "FD's algorithm", "index path", "key"]
        let titles = ["phase", "layouts", "layouts", "wrong", "layouts", "layouts"]
        // The strategy of each column.
        let strategyOfColumn = [0, 1, 2, 2, 3, 4]
        var widths = titles.indices.map { column in ([titles] + lines + [total]).map { $0[column].count }.max() ?? 0 }
        for column in [1, 4, 5] { widths[column] = max(widths[column], strategies[strategyOfColumn[column]].count) }
        widths[3] = max(widths[3], strategies[2].count - 2 - widths[2])
        let columns = widths.enumerated().map { Column(title: titles[$0.offset], width: $0.element, alignsLeft: $0.offset == 0) }
        let spanned = [columns[0], columns[1], Column(title: "", width: widths[2] + 2 + widths[3]), columns[4], columns[5]]
        print(Self.line(strategies, spanned))
        print(Self.line(titles, columns))
        lines.append(columns.map { String(repeating: "-", count: $0.width) })
        lines.append(total)
        for line in lines { print(Self.line(line, columns)) }
        print("""
        no cache: a layout per height asked. wrong: heights FD's algorithm, told the same updates and asked
        the same rows, returned that differ from a fresh layout of the entry now at that row (this engine's: below).
        """)
        print()
    }

    /// Prints the check's outcome and returns whether every height matched, and every
    /// launch that should have served its seen entries from disk did.
    func printVerification(of runs: Runs) -> Bool {
        let checked = runs.all.reduce(0) { $0 + $1.verifier.checked }
        let mismatches = runs.all.reduce(0) { $0 + $1.verifier.mismatchCount }
        let problems = runs.all.reduce(0) { $0 + $1.cacheProblems }
        var verified = true
        if mismatches == 0 && problems == 0 {
            print("verified: \(Self.number(checked)) cached heights, from memory or disk, match a fresh layout of the entry now at their row")
        } else {
            verified = false
            print("FAILED: \(Self.number(mismatches)) of \(Self.number(checked)) cached heights differ from the template; \(problems) cache problem(s) reported")
            for run in runs.all {
                for mismatch in run.verifier.mismatches { print("  \(run.title): \(mismatch)") }
            }
        }
        return printLaunchVerification(of: runs.all) && verified
    }

    func printClosing(elapsed: TimeInterval) {
        print("Ran in \(Self.seconds(elapsed)); timings vary between runs, everything else is deterministic.")
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
        }.joined(separator: "  ").trailingSpacesRemoved
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

extension String {
    /// The string without the spaces a left-aligned last column pads it with.
    var trailingSpacesRemoved: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
