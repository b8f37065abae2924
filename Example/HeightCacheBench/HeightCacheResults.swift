import Foundation

/// Everything the height-cache measurements found, and the report sections that say so:
/// the comparison table, how it was measured, (b) on Foundation's classes, correctness,
/// an engine-bug section if (a) was ever wrong, the targets, and the summary's values.
struct HeightCacheResults {
    let options: BenchOptions
    let bytesPerHeight: ContenderValues
    let lookups: LookupTimes
    let insertAtTop: ContenderValues
    let mixedBatch: MixedBatchTimes
    let onFoundation: FoundationCollectionsTimes
    let survey: WrongHeightSurvey

    /// (a)'s lookup by section and row, ns: the headline.
    var lookupEngine: Double { lookups.bySectionAndRow.engine ?? .nan }
    /// (b)'s lookup time over (a)'s, both by section and row.
    var lookupRatio: Double { (lookups.bySectionAndRow.fdAlgorithm ?? .nan) / lookupEngine }
    /// (a)'s 1,000-call batch, ms.
    var batchEngine: Double { mixedBatch.milliseconds.engine ?? .nan }
    /// Whether (a) ever served a wrong height: an engine bug.
    var engineIsWrong: Bool { !survey.engineFailures.isEmpty || mixedBatch.engineCheck.wrong > 0 }

    /// The values of the last line.
    var summary: BenchSummary {
        BenchSummary(lookupNanoseconds: lookupEngine, fdRatio: lookupRatio, batchMilliseconds: batchEngine,
                     fdWrongBatchesPercent: survey.fdAlgorithm.wrongBatchPercent)
    }

    /// The sections, in the order they are printed.
    var sections: [ReportSection] {
        [table, method, foundation, correctness] + (engineIsWrong ? [engineBug] : []) + [targets]
    }

    private var rowsLabel: String { "\(SpeedMeasurements.rowCount / 1_000)k" }

    private var table: ReportSection {
        func survey(_ value: (SurveyTally) -> Double) -> ContenderValues {
            ContenderValues(engine: value(self.survey.engine), fdAlgorithm: value(self.survey.fdAlgorithm), handWritten: value(self.survey.handWritten))
        }
        return BenchReport.table("Results (medians; lower is better except rows still cached)", rows: [
            MetricRow(name: "lookup hit by (section, row), ns", values: lookups.bySectionAndRow, decimals: 2, showsRatio: true),
            MetricRow(name: "lookup hit by prebuilt IndexPath, ns", values: lookups.byIndexPath, decimals: 2, showsRatio: true),
            MetricRow(name: "lookup hit by (section, row), rows in order, ns", values: lookups.bySectionAndRowInOrder, decimals: 2, showsRatio: true),
            MetricRow(name: "insert 1 row at top of \(rowsLabel) rows, µs", values: insertAtTop, decimals: 2, showsRatio: true),
            MetricRow(name: "1,000-call batch on \(rowsLabel) rows, ms", values: mixedBatch.milliseconds, decimals: 2, showsRatio: true),
            MetricRow(name: "heap bytes per cached height", values: bytesPerHeight, decimals: 1, showsRatio: true),
            MetricRow(name: "batches leaving a wrong height, %", values: survey(\.wrongBatchPercent), decimals: 2, showsRatio: false),
            MetricRow(name: "batches that would crash, %", values: survey(\.crashedBatchPercent), decimals: 2, showsRatio: false),
            MetricRow(name: "rows still cached after a batch, %", values: survey(\.cachedRowPercent), decimals: 2, showsRatio: false),
        ])
    }

    private var method: ReportSection {
        ReportSection("How each was measured", lines: [
            "(a) lookups by height(section:row:) and height(at:); updates as one batch (beginUpdates, the calls, endUpdates).",
            "(b) lookups as FD's resolver made them: existsHeight then height, each building both storages first",
            "    (growing only what is missing: FD's own build walks rows 0...row on every call, O(row) per lookup);",
            "    updates applied at once, call by call, to both orientation storages, by FD's per-call rules.",
            "(c) [IndexPath: CGFloat] emptied (keeping capacity) on every update call: its insert and batch times are that emptying.",
            "lookups: \(options.lookupCount) seeded random rows of one fully cached \(rowsLabel)-row section, prebuilt keys;",
            "    at random the heights miss the processor's L2 cache (the headline); in row order, as scrolling reads them, they hit;",
            "    (a) at random: median \(Format.fixed(lookupEngine, 2)) ns, fastest repeat \(Format.fixed(lookups.engineFastest, 2)) ns"
                + " (a wide gap means other work shared the processor core).",
            "insert: insertRows at [0:0] of a fully cached \(rowsLabel)-row section, the new row cached again untimed between repeats;",
            "    (a) copies the section's heights and (b) moves both storages' pointers: both O(rows), so expect similar times.",
            "batch: \(mixedBatch.callCount) calls naming \(mixedBatch.indexPathCount) index paths (row deletes, inserts, reloads, moves)"
                + " on 10 sections of \(SpeedMeasurements.rowCount / 10) rows, valid per the reference model; a fresh filled instance per repeat.",
            "bytes: heap growth from filling \(SpeedMeasurements.rowCount) heights into a fresh instance, after a warm-up fill.",
        ])
    }

    private var foundation: ReportSection {
        ReportSection("(b) on Foundation's NSMutableArray and NSNumber, as FD's storage was specified", lines: [
            "lookup hit by (section, row): \(Format.fixed(onFoundation.lookupBySectionAndRow, 1)) ns;"
                + " by IndexPath: \(Format.fixed(onFoundation.lookupByIndexPath, 1)) ns"
                + " (\(Format.fixed(onFoundation.lookupBySectionAndRow / lookupEngine, 0))x (a)'s)",
            "insert at top: \(Format.fixed(onFoundation.insertAtTopMicroseconds, 2)) µs;"
                + " 1,000-call batch: \(Format.fixed(onFoundation.batchMilliseconds, 2)) ms;"
                + " heap bytes per height: \(Format.optional(onFoundation.bytesPerHeight, 1))",
            "same algorithm as (b), same results: the survey ran it too and it disagreed with (b)"
                + " on \(survey.foundationDisagreements) of \(survey.fdAlgorithm.batches) batches.",
            "Not used as (b): on Linux, swift-corelibs-foundation bridges every element NSArray returns (60-700 ns per",
            "objectAtIndex:, against ~2 ns in Objective-C), so these numbers measure Linux Foundation, not FD's algorithm.",
            "(b) runs the algorithm on Swift reference-counted arrays of boxed numbers instead: Objective-C's costs minus",
            "objc_msgSend, with an O(1) build step where FD's is O(row): a lower bound for FD on iOS, so the (b)/(a) ratios",
            "above understate the engine's lead rather than flatter it.",
        ])
    }

    private var correctness: ReportSection {
        let engineCheck = mixedBatch.engineCheck
        let fdCheck = mixedBatch.fdCheck
        var section = ReportSection("Correctness against the reference model", lines: [
            "survey: \(options.surveyTrials) seeded random valid batches (RandomBatchGenerator,"
                + " base seed 0x\(String(WrongHeightSurvey.baseSeed, radix: 16))) on small tables;",
            "  every row of the new table checked; a claimed height must be the true height of the item now there.",
            "  rows that could still be cached (same item, not reloaded): \(Format.fixed(survey.keepableRowPercent, 2))% of \(survey.rows);"
                + " (a) holds \(survey.engine.cachedRows), (b) holds \(survey.fdAlgorithm.cachedRows) of which \(survey.fdAlgorithm.wrongRows) wrong.",
            "1,000-call batch: (a) \(engineCheck.wrong) wrong of \(engineCheck.cached) cached, \(engineCheck.rows) rows;"
                + " (b) \(mixedBatch.fdCrashed ? "would crash" : "\(fdCheck.wrong) wrong of \(fdCheck.cached) cached").",
        ])
        if let example = survey.fdWrongExample {
            section.lines.append("(b) wrong, shortest example:")
            section.lines += example.lines.map { "  " + $0 }
        }
        if let example = survey.fdCrashExample {
            section.lines.append("(b) would crash, first example:")
            section.lines += example.lines.map { "  " + $0 }
        }
        return section
    }

    private var engineBug: ReportSection {
        var section = ReportSection("ENGINE BUG: (a) SERVED A WRONG HEIGHT; report this to the lead with the seeds below", lines: [
            "\(survey.engineFailures.count) survey batch(es) wrong; the first five:", SurveyCase.replayHint,
        ])
        for failure in survey.engineFailures.prefix(5) { section.lines += ["--"] + failure.lines }
        if let wrong = mixedBatch.engineCheck.firstWrong {
            section.lines.append("1,000-call batch: \(mixedBatch.engineCheck.wrong) wrong row(s); first: \(wrong)")
        }
        return section
    }

    private var targets: ReportSection {
        BenchReport.targets([
            TargetCheck(target: "lookup <= 10 ns", isMet: lookupEngine <= 10, measured: "\(Format.fixed(lookupEngine, 2)) ns"),
            TargetCheck(target: "lookup >= 5x faster than FD's algorithm", isMet: lookupRatio >= 5, measured: "\(Format.fixed(lookupRatio, 1))x"),
            TargetCheck(target: "1,000-call batch on \(rowsLabel) rows <= 2 ms", isMet: batchEngine <= 2, measured: "\(Format.fixed(batchEngine, 2)) ms"),
            TargetCheck(target: "(a) never serves a wrong height", isMet: !engineIsWrong,
                        measured: "\(survey.engine.wrongBatches) of \(survey.engine.batches) survey batches,"
                            + " \(mixedBatch.engineCheck.wrong) rows after the 1,000-call batch"),
        ])
    }
}
