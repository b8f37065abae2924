import Foundation
import TemplateLayoutEngine

// `swift run feed-demo`: the height cache at work on a simulated feed. See ReportPrinter
// for what the output means and ScriptedSession for the phases.

let started = DispatchTime.now().uptimeNanoseconds

let feed = FeedGenerator.feed(entryCount: 3_000)
let template = FeedCellTemplate(cost: .autoLayoutPass)
// Where the keyed table's heights persist between the session's launches.
let disk = HeightDisk()

func makeTable(_ title: String, caching: HeightCaching, logLines: Int, disk: HeightDisk? = nil) -> SessionTable {
    let collector = DebugLogCollector(capacity: logLines)
    // Tracing starts off (the session turns it on for one phase); problems are always kept.
    let log = DebugLog(isEnabled: false, reportsProblems: true, sink: collector.sink)
    let table = SimulatedTable(
        feed: feed, caching: caching, template: template, context: FeedScript.startContext,
        viewportHeight: FeedScript.viewportHeight, log: log, disk: disk)
    return SessionTable(title: title, table: table, log: collector)
}

let phases = FeedScript.phases(firstNewID: feed.largestID + 1)
let session = FeedSession(phases: phases, tables: [
    makeTable("Cached by index path", caching: .byIndexPath, logLines: 10),
    makeTable("Cached by key (entry id)", caching: .byEntryID, logLines: 5, disk: disk),
])
let printer = ReportPrinter(feed: feed, layoutCost: template.cost)

printer.printHeader()
let runs = session.run()
// The last launch quits too, so the report can show what it left on disk.
disk.quit()
let diskAtExit = disk.usage()
disk.remove()
for run in runs { printer.printPhases(of: run) }
printer.printSkeletons(of: runs)
printer.printLaunches(of: runs, diskAtExit: diskAtExit)
let tracedPhase = phases.first(where: \.tracesDebugLog)?.name ?? "traced"
for run in runs { printer.printDebugLog(of: run, phase: tracedPhase) }
let verified = printer.printVerification(of: runs)
// Heights that follow an @Observable model (ObservedEditDemo.swift).
print()
let followedEdit = ObservedEditDemo.run(template: template)
printer.printClosing(for: runs[0], elapsed: TimeInterval(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
exit(verified && followedEdit ? 0 : 1)
