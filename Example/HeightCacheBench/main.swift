import Foundation

// `height-cache-bench [--quick]`: the engine's index-path height cache (a) against
// FDTemplateLayoutCell's algorithm re-implemented (b) and a hand-written dictionary (c),
// measured in one run. Build it in release:
//   swift build -c release --product height-cache-bench
// The report is a list of sections in order; the `summary:` line is always last.

// ProcessInfo, not CommandLine: older SDKs declare CommandLine.arguments as a global `var`.
guard let options = BenchOptions(arguments: Array(ProcessInfo.processInfo.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data((BenchOptions.usage + "\n").utf8))
    exit(2)
}

// `--scroll`: the simulated scroll session alone (simulated time: the same on any machine).
if options.scrollOnly {
    let costs = options.layoutCosts
    for section in ScrollSessionSection.sections(costs: costs) {
        print("== \(section.title)")
        for line in section.lines { print("  " + line) }
        print()
    }
    exit(0)
}

let started = TimingHarness.now()
let harness = TimingHarness()
let speed = SpeedMeasurements(options: options, harness: harness)

func progress(_ step: String) {
    FileHandle.standardError.write(Data("height-cache-bench: \(step)...\n".utf8))
}

// Memory first, while the heap holds nothing but the process's own start-up.
progress("heap bytes per height")
let bytesPerHeight = MemoryMeasurement.bytesPerHeight(rows: SpeedMeasurements.rowCount)
progress("lookups")
let lookups = speed.lookups()
progress("inserts at the top")
let insertAtTop = speed.insertAtTop()
progress("the 1,000-call batch")
let batchWorkload = SpeedMeasurements.makeMixedBatchWorkload()
let mixedBatch = speed.mixedBatch(batchWorkload)
progress("(b) on Foundation's NSMutableArray and NSNumber")
let onFoundation = speed.foundationCollections(mixedBatch: batchWorkload)
progress("wrong-height survey (\(options.surveyTrials) batches)")
let survey = WrongHeightSurvey.run(trials: options.surveyTrials)

progress("persisted heights and the preload planner")
let persistenceAndPreloading = PersistenceAndPreloading(options: options, harness: harness).run()

let results = HeightCacheResults(
    options: options, bytesPerHeight: bytesPerHeight, lookups: lookups, insertAtTop: insertAtTop,
    mixedBatch: mixedBatch, onFoundation: onFoundation, survey: survey)
if results.engineIsWrong {
    FileHandle.standardError.write(Data("height-cache-bench: ENGINE BUG: (a) served a wrong height; see the report\n".utf8))
}

// Sections print in the order appended; later measurements append theirs before "Run".
var report = BenchReport()
report.append(MachineDescription.section(options: options))
for section in results.sections { report.append(section) }
report.append(persistenceAndPreloading.section)
progress("scroll session (simulated clock)")
report.append(ScrollSessionSection.section(costs: options.layoutCosts))
let elapsed = Double(TimingHarness.now() - started) / 1e9
report.append(ReportSection("Run", lines: [
    "elapsed: \(Format.fixed(elapsed, 1)) s; checksum (keeps the timed work alive): \(Format.fixed(harness.checksum, 1))",
]))
report.print(summary: results.summary)
exit(results.engineIsWrong ? 1 : 0)
