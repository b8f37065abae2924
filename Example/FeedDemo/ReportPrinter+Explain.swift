import Foundation
import TemplateLayoutEngine

/// `--explain`: what the demo simulates and how to read the report, then the details the
/// main report leaves out: the skeletons row by row source, the persisting table's launches
/// and excerpts of the debug log.
extension ReportPrinter {
    /// Prints the explanation and the details after the main report.
    func printExplanation(of runs: Runs, diskAtExit: (files: Int, bytes: Int)?) {
        let context = FeedScript.startContext
        let estimated = phases.filter { $0.mode != .everyRow }.map(\.name)
        print("""

        == What is simulated

        No UIKit here. A deterministic text-layout template stands in for the Auto Layout
        pass of FDTemplateLayoutCell's off-screen cell: it wraps each entry by word with
        per-character advances at the Dynamic Type size, adds paddings, an image block and
        a footer, rounds to the pixel, and takes at least \(layoutCost.minimumNanoseconds / 1_000) µs per layout.
        A simulated table asks for heights the way UITableView does: with estimatedRowHeight 0
        (FD's advice), every row on reloadData and after each update, and each row again as it
        scrolls into view; with estimatedRowHeight \(Self.number(Int(FeedScript.estimatedRowHeight))), only the rows on screen and a screen
        above and below. Phases with the estimate:
        \(Self.wrapped(estimated.joined(separator: "; "), width: 88, indent: "  "))
        Feed: \(Self.number(feed.entryCount)) entries in \(feed.sections.count) sections, one per day. \
        Screen: \(Self.number(Int(context.width))) x \(Self.number(Int(FeedScript.viewportHeight))) pt \
        at @\(Self.number(Int(context.displayScale)))x, text size \(context.contentSizeCategory).

        The columns, each the same session:
          no cache        every height asked is a layout.
          FD's algorithm  FDTemplateLayoutCell's index-path cache (re-implemented in the
                          PeerAlgorithms target, which the benchmark times too), told every
                          update call by call as its swizzled UITableView methods saw them,
                          emptied by reloadData and by a relaunch, asked the rows the index-path
                          table asks. It keys heights by orientation only, so after a width change
                          within portrait (split view) or a text size change it serves the old
                          heights; it swaps rows on a move and applies a batch in call order.
                          A height it returns that differs from a fresh layout of the entry now
                          at that row is counted wrong; the table is never shown it.
          index path      this engine's index-path cache, every update forwarded (as the UIKit
                          layer does), heights per layout context (width, text size).
          key             this engine's keyed cache (entry id): nothing forwarded, edited entries
                          invalidated; its heights persist across launches.

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
        printSkeletons(of: runs.all)
        printLaunches(of: runs.all, diskAtExit: diskAtExit)
        let tracedPhase = phases.first(where: \.tracesDebugLog)?.name ?? "traced"
        for run in runs.all { printDebugLog(of: run, phase: tracedPhase) }
    }

    /// `text` broken at spaces into lines of at most `width` characters after `indent`.
    static func wrapped(_ text: String, width: Int, indent: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines.joined(separator: "\n")
    }

    func printDebugLog(of run: TableRun, phase: String) {
        print("Debug log during \"\(phase)\", \(run.title.lowercased()): first \(run.logLines.count) of \(Self.number(run.logLineCount)) lines")
        for line in run.logLines { print("  \(line)") }
        print()
    }
}
