import Foundation

/// Issue 20's comparison: one script played by every strategy on the same session, the
/// table of its rows and the goals' verdicts. The benchmark prints ``tableLines``; the feed
/// demo prints ``verdictLines`` first.
package struct ScrollReport {
    /// The feed's seed, printed with the table so a run can be replayed.
    package static let seed: UInt64 = 0x5C20_11_F1EE

    package let session: ScrollSession
    package let script: ScrollScript
    /// One result per strategy, in `ScrollStrategy.allCases` order.
    package let results: [ScrollMetrics]

    /// Plays `script` with every strategy.
    package init(session: ScrollSession, script: ScrollScript = .standard) {
        self.session = session
        self.script = script
        results = ScrollStrategy.allCases.map { session.run(script, strategy: $0) }
    }

    /// The standard session: 3,000 entries from ``seed``, at `framesPerSecond`, with `costs`.
    package static func standard(framesPerSecond: Int = 120, costs: LayoutCostTable = LayoutCostTable()) -> ScrollReport {
        ScrollReport(session: .standard(framesPerSecond: framesPerSecond, costs: costs))
    }

    package func result(_ strategy: ScrollStrategy) -> ScrollMetrics { results[strategy.rawValue] }

    // MARK: Goals

    /// Layouts inside frames, during flicks up to 5,000 pt/s, of rows the preload range
    /// covered when the flick began, with precache (goal: 0).
    package var slowFlickLayoutsInRange: Int {
        result(.enginePrecache).layoutsInFramesPerStep.filter { step in
            step.step.hasPrefix("flick ") && (Int(step.step.dropFirst(6)) ?? .max) <= 5_000
        }.map(\.withinPreloadRange).reduce(0, +)
    }

    /// The whole script's hitch time ratio with precache (goal: under 1 ms/s).
    package var precacheHitchRatio: Double { result(.enginePrecache).hitchRatio(on: session.clock) }

    /// Hitch milliseconds: FD's algorithm's over the precache's (goal: 10 or more). `nil`
    /// when FD's are 0, so no ratio exists; infinity when only the precache's are 0.
    package var hitchReductionAgainstFD: Double? {
        let fd = Double(result(.fdAlgorithm).hitchNanoseconds)
        let ours = Double(result(.enginePrecache).hitchNanoseconds)
        guard fd > 0 else { return nil }
        return ours > 0 ? fd / ours : .infinity
    }

    /// Whether every goal is met.
    package var meetsGoals: Bool {
        slowFlickLayoutsInRange == 0 && precacheHitchRatio < 1 && (hitchReductionAgainstFD.map { $0 >= 10 } ?? false)
    }

    // MARK: Lines

    /// The demo's verdict: two lines.
    package var verdictLines: [String] {
        let clock = session.clock
        let fd = result(.fdAlgorithm)
        let ours = result(.enginePrecache)
        let reduction = hitchReductionAgainstFD.map { $0.isInfinite ? "all of" : Self.fixed($0, 0) + "x less than" } ?? "as much as"
        return [
            "scroll session (\(script.steps.count) steps, simulated \(clock.framesPerSecond) Hz): hitches "
                + "\(Self.fixed(ours.hitchRatio(on: clock), 2)) ms/s with idle precache, \(reduction) FD's algorithm's "
                + "\(Self.fixed(fd.hitchRatio(on: clock), 2)) ms/s; \(ours.layoutsInFrames) template layouts in frames (FD: \(fd.layoutsInFrames))",
            "  goals: \(slowFlickLayoutsInRange) layouts in frames within the preload range at flicks up to 5,000 pt/s; "
                + "under 1 ms/s; 10x less than FD: " + (meetsGoals ? "all met" : "NOT all met (height-cache-bench --scroll)"),
        ]
    }

    /// The benchmark's table: a header, the rows, layouts in frames per step.
    package var tableLines: [String] {
        let clock = session.clock
        let costs = session.costs
        let width = 20
        func row(_ name: String, _ value: (ScrollMetrics) -> String) -> String {
            var line = name.padding(toLength: 44, withPad: " ", startingAt: 0)
            for result in results {
                let text = value(result)
                line += String(repeating: " ", count: max(0, width - text.count)) + text
            }
            return line
        }
        func ms(_ nanoseconds: UInt64) -> String { Self.fixed(Double(nanoseconds) / 1e6, 2) }
        let seedText = "0x" + String(session.feed.seed, radix: 16, uppercase: true)
        let estimates = session.requests.usesEstimatedHeights ? "estimated heights" : "no estimated heights"
        var lines = [
            "script: \(script.name), \(script.steps.count) steps; \(session.feed.count) entries, seed \(seedText); "
                + "\(Int(session.screen.tableWidth)) x \(Int(session.screen.viewportHeight)) pt; \(clock.framesPerSecond) Hz "
                + "(budget \(ms(clock.frameNanoseconds)) ms); layouts \(ms(costs.simple))/\(ms(costs.textHeavy))/\(ms(costs.complex)) ms "
                + "(simple/text/complex); \(estimates)",
            row("", { $0.strategy.title }),
            row("template layouts inside frames", { "\($0.layoutsInFrames)" }),
            row("frames over budget / due", { "\($0.framesOverBudget) / \($0.animatingFrames)" }),
            row("hitch time ratio (ms/s)", { Self.fixed($0.hitchRatio(on: clock), 2) }),
            row("hitch time (ms)", { ms($0.hitchNanoseconds) }),
            row("worst due frame (ms)", { ms($0.worstFrameNanoseconds) }),
            row("layouts done in idle time", { "\($0.layoutsInIdle)" }),
            row("layouts wasted (measured, never shown)", { "\($0.layoutsWasted)" }),
            row("stale heights answered", { "\($0.staleHeights)" }),
            row("memory for heights, most held (bytes)", { "\($0.heightBytes)" }),
            "per step: layouts inside frames (of rows within the preload range when the step began), hitch ms:",
        ]
        for (index, step) in script.steps.enumerated() {
            if case .pause = step { continue }
            lines.append(row("  \(index + 1). \(step.name)", {
                let step = $0.layoutsInFramesPerStep[index]
                return "\(step.count) (\(step.withinPreloadRange)) " + ms(step.hitchNanoseconds)
            }))
        }
        let reduction = hitchReductionAgainstFD.map { $0.isInfinite ? "FD hitches, precache 0" : Self.fixed($0, 1) + "x" }
        lines.append("goals: flicks <= 5,000 pt/s lay out \(slowFlickLayoutsInRange) rows of the preload range in frames ("
            + (slowFlickLayoutsInRange == 0 ? "met" : "MISSED") + "); hitch ratio with precache "
            + "\(Self.fixed(precacheHitchRatio, 2)) ms/s < 1 (" + (precacheHitchRatio < 1 ? "met" : "MISSED") + "); "
            + "FD's hitch ms / precache's: " + (reduction ?? "FD hitches 0 ms")
            + " >= 10x (" + (hitchReductionAgainstFD.map { $0 >= 10 ? "met" : "MISSED" } ?? "not measurable") + ")")
        return lines
    }

    /// `value` with `digits` decimals and thousands separators, the same on every platform.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "-" }
        let scaled = (abs(value) * pow(10, Double(digits))).rounded()
        let whole = Int(scaled / pow(10, Double(digits)))
        let fraction = Int(scaled) - whole * Int(pow(10, Double(digits)))
        var digitsText = String(whole)
        var grouped = ""
        while digitsText.count > 3 {
            grouped = "," + digitsText.suffix(3) + grouped
            digitsText.removeLast(3)
        }
        let sign = value < 0 && scaled > 0 ? "-" : ""
        let fractionText = digits > 0 ? "." + String(repeating: "0", count: digits - String(fraction).count) + String(fraction) : ""
        return sign + digitsText + grouped + fractionText
    }
}
