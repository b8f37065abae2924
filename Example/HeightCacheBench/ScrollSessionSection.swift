import Foundation
import ScrollSimulation

/// Issue 20's scripted scroll session: the four strategies side by side on a simulated
/// frame clock (`ScrollReport`). Deterministic (simulated time), so `--quick` runs it whole.
enum ScrollSessionSection {
    static func section(framesPerSecond: Int = 120, costs: LayoutCostTable = LayoutCostTable()) -> ReportSection {
        let report = ScrollReport.standard(framesPerSecond: framesPerSecond, costs: costs)
        return ReportSection("Scroll session (issue 20, simulated clock)", lines: report.tableLines)
    }
}
