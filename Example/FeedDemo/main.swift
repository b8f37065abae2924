import Foundation
import TemplateLayoutEngine

// `swift run feed-demo`: the height cache at work on a simulated feed. See ReportPrinter
// for what the output means and ScriptedSession for the phases.

let started = DispatchTime.now().uptimeNanoseconds

let feed = FeedGenerator.feed(entryCount: 3_000)
let template = FeedCellTemplate(cost: .autoLayoutPass)

func makeTable(_ title: String, caching: HeightCaching, logLines: Int) -> SessionTable {
    let collector = DebugLogCollector(capacity: logLines)
    // Tracing starts off (the session turns it on for one phase); problems are always kept.
    let log = DebugLog(isEnabled: false, reportsProblems: true, sink: collector.sink)
    let table = SimulatedTable(
        feed: feed, caching: caching, template: template, context: FeedScript.startContext, viewportHeight: FeedScript.viewportHeight, log: log)
    return SessionTable(title: title, table: table, log: collector)
}

let phases = FeedScript.phases(firstNewID: feed.largestID + 1)
let session = FeedSession(phases: phases, tables: [
    makeTable("Cached by index path", caching: .byIndexPath, logLines: 10),
    makeTable("Cached by key (entry id)", caching: .byEntryID, logLines: 5),
])
let printer = ReportPrinter(feed: feed, layoutCost: template.cost)

printer.printHeader()
let runs = session.run()
for run in runs { printer.printPhases(of: run) }
let tracedPhase = phases.first(where: \.tracesDebugLog)?.name ?? "traced"
for run in runs { printer.printDebugLog(of: run, phase: tracedPhase) }
let verified = printer.printVerification(of: runs)
printer.printClosing(for: runs[0], elapsed: TimeInterval(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
exit(verified ? 0 : 1)
