import Foundation
import ScrollSimulation

/// Issue 20's scripted scroll session: the four strategies side by side on a simulated
/// frame clock (`ScrollReport`). Deterministic (simulated time), so `--quick` runs it whole.
enum ScrollSessionSection {
    /// The full benchmark's section: the model, then the session at 120 Hz with `costs`.
    static func section(costs: LayoutCostTable = LayoutCostTable()) -> ReportSection {
        let report = ScrollReport.standard(costs: costs)
        return ReportSection("Scroll session (issue 20, simulated clock)", lines: report.modelLines + [""] + report.tableLines)
    }

    /// `--scroll`: the model, the session at 120 Hz with `costs`, at four times those costs
    /// (rows that cost more than a frame: where strategies differ in hitches), and at 60 Hz.
    static func sections(costs: LayoutCostTable) -> [ReportSection] {
        let stress = LayoutCostTable(simple: costs.simple * 4, textHeavy: costs.textHeavy * 4, complex: costs.complex * 4)
        return [
            section(costs: costs),
            ReportSection("Scroll session at four times the layout costs", lines: ScrollReport.standard(costs: stress).tableLines),
            ReportSection("Scroll session at 60 Hz", lines: ScrollReport.standard(framesPerSecond: 60, costs: costs).tableLines),
            selfSizingSection(),
        ]
    }

    /// Issue 21: a self-sizing table's estimates, plain against recorded heights, on issue
    /// 20's script, launch 1 and launch 2 (`SelfSizingReport`).
    static func selfSizingSection() -> ReportSection {
        let lines = SelfSizingReport.modelLines + [""] + SelfSizingReport.run(.standard).tableLines
            + [""] + SelfSizingReport.run(SelfSizingReport.scrollBackScript).tableLines
        return ReportSection("Self-sizing estimates (issue 21)", lines: lines)
    }
}
