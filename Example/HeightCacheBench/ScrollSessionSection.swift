import Foundation
import ScrollSimulation

/// Issue 20's scripted scroll session: the four strategies side by side on a simulated
/// 120 Hz frame clock. Deterministic (simulated time), so `--quick` runs it whole.
enum ScrollSessionSection {
    /// The feed's seed, printed with the table so a run can be replayed.
    static let seed: UInt64 = 0x5C20_11_F1EE

    static func section(framesPerSecond: Int = 120, costs: LayoutCostTable = LayoutCostTable()) -> ReportSection {
        var session = ScrollSession(feed: ScrollFeed(rowCount: 3_000, seed: seed))
        session.clock = FrameClock(framesPerSecond: framesPerSecond)
        session.costs = costs
        let script = ScrollScript.first
        let results = ScrollStrategy.allCases.map { session.run(script, strategy: $0) }
        let clock = session.clock
        let width = 16
        let fd = results[ScrollStrategy.fdAlgorithm.rawValue].hitchNanoseconds
        let precached = results[ScrollStrategy.enginePrecache.rawValue]
        func row(_ name: String, _ value: (ScrollMetrics) -> String) -> String {
            name.padding(toLength: 40, withPad: " ", startingAt: 0)
                + results.map { String(repeating: " ", count: max(0, width - value($0).count)) + value($0) }.joined()
        }
        func ms(_ nanoseconds: UInt64) -> String { Format.fixed(Double(nanoseconds) / 1e6, 2) }
        var lines = [
            "script: \(script.name); \(session.feed.count) rows, seed 0x\(String(seed, radix: 16, uppercase: true)), "
                + "\(Int(session.viewportWidth)) x \(Int(session.viewportHeight)) pt, \(framesPerSecond) Hz (budget \(ms(clock.frameNanoseconds)) ms), "
                + "layout \(ms(costs.simple))/\(ms(costs.textHeavy))/\(ms(costs.complex)) ms (simple/text/complex), estimated heights, overscan 0",
            row("", { $0.strategy.title }),
            row("template layouts inside frames", { "\($0.layoutsInFrames)" }),
            row("frames over budget", { "\($0.framesOverBudget) / \($0.animatingFrames)" }),
            row("hitch time ratio (ms/s of motion)", { Format.fixed($0.hitchRatio(on: clock), 2) }),
            row("hitch time (ms)", { ms($0.hitchNanoseconds) }),
            row("worst due frame (ms)", { ms($0.worstFrameNanoseconds) }),
            row("layouts in idle time", { "\($0.layoutsInIdle)" }),
            row("layouts wasted (never shown)", { "\($0.layoutsWasted)" }),
            row("memory for heights (bytes)", { "\($0.heightBytes)" }),
        ]
        for (index, step) in (results.first?.layoutsInFramesPerStep ?? []).enumerated() where !step.step.hasPrefix("pause") {
            lines.append(row("  in frames: \(step.step) (in range)", {
                "\($0.layoutsInFramesPerStep[index].count) (\($0.layoutsInFramesPerStep[index].withinPreloadRange))"
            }))
        }
        let ratio = precached.hitchRatio(on: clock)
        lines.append("goals: flicks <= 5000 pt/s lay out 0 rows of the preload range in frames: "
            + (precached.layoutsInFramesPerStep.filter { ["flick 2000", "flick 5000"].contains($0.step) }.allSatisfy { $0.withinPreloadRange == 0 } ? "met" : "MISSED")
            + "; hitch ratio < 1 ms/s with precache: " + (ratio < 1 ? "met" : "MISSED") + " (\(Format.fixed(ratio, 2)))"
            + "; >= 10x fewer hitch ms than FD: "
            + (fd == 0 ? "not measurable (FD hitches 0 ms)" : precached.hitchNanoseconds * 10 <= fd ? "met" : "MISSED"))
        return ReportSection("Scroll session (issue 20, simulated clock)", lines: lines)
    }
}
