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
        let ratio = precacheHitchRatio
        let againstFD = hitchReductionAgainstFD.map { $0 >= 10 ? "met" : "MISSED" }
            ?? "not measurable, FD's algorithm does not hitch at these costs either"
        return [
            "scroll session (\(script.steps.count) steps, simulated \(clock.framesPerSecond) Hz): template layouts inside frames: "
                + "\(ours.layoutsInFrames) with idle precache, \(result(.engine).layoutsInFrames) without, \(fd.layoutsInFrames) for "
                + "FD's algorithm; hitches \(Self.fixed(ratio, 2)) ms/s (FD: \(Self.fixed(fd.hitchRatio(on: clock), 2)))",
            "  goals: rows of the preload range laid out in flicks up to 5,000 pt/s: \(slowFlickLayoutsInRange) ("
                + (slowFlickLayoutsInRange == 0 ? "met" : "MISSED") + "); under 1 ms/s: " + (ratio < 1 ? "met" : "MISSED")
                + "; 10x fewer hitch ms than FD: \(againstFD)",
        ]
    }

    /// The model's assumptions, with the figures the session plays with; each rule's source
    /// is in the code it names.
    package var modelLines: [String] {
        let screen = session.screen
        let frame = Self.fixed(Double(session.clock.frameNanoseconds) / 1e6, 2)
        return [
            "model (Example/ScrollSimulation; simulated time, the same figures on every machine):",
            "- screen \(Int(screen.tableWidth)) x \(Int(screen.viewportHeight)) pt (iPhone 15), the table fills it; "
                + "\(session.clock.framesPerSecond) Hz, a frame's budget \(frame) ms",
            "- a template layout costs its cell kind's time; nothing else costs anything (lookups, cells shown, drawing, "
                + "disk): every strategy shows the same cells",
            "- UIKit asks a row's height when it comes into view; with estimated heights (\(Int(session.estimatedRowHeight)) pt) "
                + "reloadData and updates ask the rows shown, without every row (HeightRequests)",
            "- flicks decelerate at UIScrollView's normal rate (0.998 per ms) and stop below "
                + "\(Int(Deceleration.stoppingSpeed)) pt/s (Deceleration)",
            "- the precache runs in the default run-loop mode only: at launch, after updates, in pauses and while "
                + "Core Animation alone animates; never during a drag or a deceleration (ScrollSession)",
            "- a frame is due (can hitch) while the main thread must commit one; the hitch time ratio divides "
                + "hitches by the seconds of due frames",
            "- the engine caches by entry per layout context and persists; FD caches by index path per orientation "
                + "and keeps nothing across launches; no cache re-measures every row shown",
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

    /// `value` with `digits` decimals, as the benchmark's other tables print; `-` when it is
    /// not finite.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "-"
    }
}
