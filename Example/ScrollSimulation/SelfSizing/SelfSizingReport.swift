import Foundation

/// Issue 21's table: plain self-sizing against recorded heights, launch 1 and launch 2, on
/// one script; the model's assumptions; the goals.
package struct SelfSizingReport {
    package let script: ScrollScript
    package let feed: ScrollFeed
    /// Per strategy (``EstimateStrategy/allCases`` order), one metrics value per launch.
    package let results: [[SelfSizingMetrics]]

    /// Plays `script` on a 3,000-entry feed of issue 20's seed for each strategy, twice.
    package static func run(_ script: ScrollScript, feedSeed: UInt64 = ScrollReport.seed) -> SelfSizingReport {
        let feed = ScrollFeed(seed: feedSeed)
        let session = SelfSizingSession(feed: feed)
        return SelfSizingReport(
            script: script, feed: feed, results: EstimateStrategy.allCases.map { session.run(script, strategy: $0, launches: 2) })
    }

    /// Where plain guesses cost most: scroll down, jump to the end (`scrollToRow`), a batch
    /// update there (an empty page of load more), then the status-bar tap back to the top
    /// over rows that became guesses again.
    package static let scrollBackScript = ScrollScript(name: "jump to the end, update there, scroll back to top", steps: [
        .launch, .pause(seconds: 1), .flick(velocity: 5_000), .pause(seconds: 1), .flick(velocity: 8_000), .pause(seconds: 1),
        .loadMore(rows: 0), .pause(seconds: 1), .scrollToTop, .pause(seconds: 1),
    ])

    /// The model's assumptions, for the benchmark's header.
    package static let modelLines: [String] = [
        "model (Example/ScrollSimulation/SelfSizing; UIKit's rules read in UIKitCore 26.1, see EstimatedRows):",
        "- rows are self-sizing (automaticDimension) with estimates; reloadData, batch updates and width changes make every height a guess again",
        "- a row is sized when shown; rows exposed at the top while scrolling up are anchored: UIKit moves the content offset, not the rows",
        "- after a refresh UIKit keeps the first visible row in place by moving the offset (assumed for rotations too)",
        "- an offset jump is such a correction: shown rows stay still, the scroll indicator jumps; a table that knew every height makes none",
        "- plain: every guess is estimatedRowHeight (150 pt); recorded: the height UIKit gave the entry on that screen (persisted), else the cell kind's median, else 150 pt",
        "- launch 2 plays the same script again after the app quit: UIKit forgot everything; recorded heights were read from disk",
    ]

    /// The table: one column per strategy and launch.
    package var tableLines: [String] {
        let columns = EstimateStrategy.allCases.indices.flatMap { strategy in results[strategy].indices.map { (strategy, $0) } }
        let header = columns.map { "\(EstimateStrategy.allCases[$0.0].name), \($0.1 + 1)" }
        func row(_ title: String, _ value: (SelfSizingMetrics) -> String) -> String {
            title.padding(toLength: 44, withPad: " ", startingAt: 0)
                + columns.map { value(results[$0.0][$0.1]).leftPadded(to: 24) }.joined()
        }
        var lines = [
            "script: \(script.name), \(script.steps.count) steps; \(feed.count) entries, seed 0x\(String(feed.seed, radix: 16, uppercase: true)); launch 1 and launch 2",
            String(repeating: " ", count: 44) + header.map { $0.leftPadded(to: 24) }.joined(),
            row("offset jumps (pt)") { points($0.offsetJumps) },
            row("  of which from rows seen before (pt)") { points($0.offsetJumpsFromSeenRows) },
            row("  corrections") { "\($0.jumpCount)" },
            row("  the scroll indicator's jumps (% of track)") { String(format: "%.2f", $0.indicatorJumps) },
            row("scroll indicator error, mean (% of track)") { String(format: "%.2f", $0.meanIndicatorError) },
            row("scroll indicator error, worst (%)") { String(format: "%.2f", $0.worstIndicatorError) },
            row("scrollToRow misses (pt)") { points($0.scrollToRowMiss) },
            row("seen rows estimated exactly") {
                $0.seenRowEstimates == 0 ? "-" : String(format: "%.1f%%", 100 * Double($0.exactSeenRowEstimates) / Double($0.seenRowEstimates))
            },
        ]
        lines.append("  offset jumps per step (pt):")
        let steps = Set(results.flatMap { $0.flatMap { $0.jumpsPerStep.map(\.step) } })
        for step in script.steps.map(\.name) where steps.contains(step) {
            lines.append(row("    \(step)") { metrics in
                points(metrics.jumpsPerStep.filter { $0.step == step }.reduce(0) { $0 + $1.points })
            })
        }
        lines.append(goalLine)
        return lines
    }

    /// Two lines for feed-demo's verdict: this report's launch 2 and goals, and `scrollBack`'s
    /// launch 2 (the script where plain guesses cost most).
    package func verdictLines(scrollBack: SelfSizingReport) -> [String] {
        guard let plain = results.first?.last, let recorded = results.last?.last,
              let plainBack = scrollBack.results.first?.last, let recordedBack = scrollBack.results.last?.last else { return [] }
        func exact(_ metrics: SelfSizingMetrics) -> String {
            metrics.seenRowEstimates == 0 ? "-" : String(format: "%.1f%%", 100 * Double(metrics.exactSeenRowEstimates) / Double(metrics.seenRowEstimates))
        }
        return [
            "self-sizing rows, launch 2 of the same script: UIKit's offset jumps \(points(plain.offsetJumps)) pt with plain estimates, "
                + "\(points(recorded.offsetJumps)) pt with recorded heights; seen rows estimated exactly: \(exact(plain)) vs \(exact(recorded))",
            "  \(goalLine); a scroll back after a jump to the end: \(points(plainBack.offsetJumps)) pt vs \(points(recordedBack.offsetJumps)) pt, "
                + "the indicator moved \(String(format: "%.2f", plainBack.indicatorJumps))% vs \(String(format: "%.2f", recordedBack.indicatorJumps))%",
        ]
    }

    /// Issue 21's goals, met or not, as measured.
    package var goalLine: String {
        guard let plain = results.first, let recorded = results.last, plain.count > 1, recorded.count > 1 else { return "goals: -" }
        let seen = recorded.map(\.offsetJumpsFromSeenRows).max() ?? 0
        let plainTotal = plain[1].offsetJumps
        let recordedTotal = recorded[1].offsetJumps
        let ratio: String
        if plainTotal == 0 {
            ratio = "plain jumps 0 pt (not measurable)"
        } else if recordedTotal == 0 {
            ratio = "\(points(plainTotal)) pt -> 0 pt (met)"
        } else {
            let factor = Double(plainTotal / recordedTotal)
            ratio = String(format: "%.1fx", factor) + (factor >= 10 ? " (met)" : " (MISSED)")
        }
        return "goals: 0 pt of jump from seen rows with recorded heights: \(points(seen)) pt (\(seen == 0 ? "met" : "MISSED")); launch 2, plain's jumps / recorded's >= 10x: \(ratio)"
    }
}

private func points(_ value: CGFloat) -> String {
    String(format: "%.0f", Double(value))
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
