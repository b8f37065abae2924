import Foundation
import ScrollSimulation
import TemplateLayoutEngine

// `swift run feed-demo [--explain] [--write-pictures DIR]`: the height cache at work on a
// simulated feed, beside FDTemplateLayoutCell's algorithm. See ReportPrinter for the output and ScriptedSession
// for the phases.

// ProcessInfo, not CommandLine: older SDKs declare CommandLine.arguments as a global `var`.
var arguments = Array(ProcessInfo.processInfo.arguments.dropFirst())
var picturesDirectory: String?
if let flag = arguments.firstIndex(of: "--write-pictures"), flag + 1 < arguments.count {
    picturesDirectory = arguments[flag + 1]
    arguments.removeSubrange(flag...flag + 1)
}
guard arguments.allSatisfy({ $0 == "--explain" }) else {
    FileHandle.standardError.write(Data("""
        usage: feed-demo [--explain] [--write-pictures DIR]
          --explain               also print what is simulated, what the columns mean, and the details
          --write-pictures DIR    also write the session's pictures (SVG, the same bytes every run) into DIR

        """.utf8))
    exit(2)
}
let explains = arguments.contains("--explain")
let started = DispatchTime.now().uptimeNanoseconds

let feed = FeedGenerator.feed(entryCount: 3_000)
let template = FeedCellTemplate(cost: .autoLayoutPass)
// Where the keyed table's heights persist between the session's launches.
let disk = HeightDisk()

func makeTable(
    _ title: String, caching: HeightCaching, logLines: Int, disk: HeightDisk? = nil, fdReplay: FDReplay? = nil
) -> SessionTable {
    let collector = DebugLogCollector(capacity: logLines)
    // Tracing starts off (the session turns it on for one phase); problems are always kept.
    let log = DebugLog(isEnabled: false, reportsProblems: true, sink: collector.sink)
    let table = SimulatedTable(
        feed: feed, caching: caching, template: template, context: FeedScript.startContext,
        viewportHeight: FeedScript.viewportHeight, log: log, disk: disk, fdReplay: fdReplay)
    return SessionTable(title: title, table: table, log: collector)
}

let phases = FeedScript.phases(firstNewID: feed.largestID + 1)
let session = FeedSession(phases: phases, tables: [
    // FD's algorithm rides along the index-path table: the same updates, the same rows asked.
    makeTable("Cached by index path", caching: .byIndexPath, logLines: 10, fdReplay: FDReplay()),
    makeTable("Cached by key (entry id)", caching: .byEntryID, logLines: 5, disk: disk),
])
let printer = ReportPrinter(feed: feed, layoutCost: template.cost, phases: phases)

let runs = ReportPrinter.Runs(session.run())
// The last launch quits too, so `--explain` can show what it left on disk.
disk.quit()
let diskAtExit = disk.usage()
disk.remove()
printer.printVerdict(
    of: runs, scroll: ScrollReport.standard(),
    selfSizing: SelfSizingReport.run(.standard), selfSizingScrollBack: SelfSizingReport.run(SelfSizingReport.scrollBackScript))
printer.printStrategies(of: runs)
let verified = printer.printVerification(of: runs)
// Heights that follow an @Observable model (ObservedEditDemo.swift).
let followedEdit = ObservedEditDemo.run(template: template)
// A collection view's grid and chips on the same engine (GridDemo.swift).
let gridHeld = GridDemo.run(template: template)
printer.printClosing(elapsed: TimeInterval(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
if explains { printer.printExplanation(of: runs, diskAtExit: diskAtExit) }
if let picturesDirectory {
    do {
        for path in try PictureWriter.write(runs, to: URL(fileURLWithPath: picturesDirectory, isDirectory: true)) {
            print("wrote \(path)")
        }
    } catch {
        FileHandle.standardError.write(Data("feed-demo: cannot write the pictures into \(picturesDirectory): \(error)\n".utf8))
        exit(1)
    }
}
exit(verified && followedEdit && gridHeld ? 0 : 1)
