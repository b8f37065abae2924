import Foundation
import PeerAlgorithms
import ReferenceTableModel
import TemplateLayoutEngine

/// What a cache holds for a table, row by row: how many rows it claims a height for, and
/// how many of those heights belong to a different item than the one now there.
struct CacheCheck: Equatable {
    /// Rows in the table.
    var rows = 0
    /// Rows the cache claims a height for.
    var cached = 0
    /// Rows whose claimed height is not the true height of the item now there.
    var wrong = 0
    /// The first wrong row, described, if any.
    var firstWrong: String?

    init() {}

    /// Checks every row of `table`; `claimed` is the cache's height for a section and row.
    init(of table: ReferenceTable, claimed: (Int, Int) -> CGFloat?) {
        for (section, items) in table.sections.enumerated() {
            for (row, item) in items.enumerated() {
                rows += 1
                guard let height = claimed(section, row) else { continue }
                cached += 1
                let truth = ReferenceTable.trueHeight(of: item, in: Contenders.context)
                // Heights are stored and returned bit for bit, so any difference is a wrong row.
                if height != truth {
                    wrong += 1
                    if firstWrong == nil { firstWrong = "row [\(section):\(row)] (\(item)) got \(height), true height \(truth)" }
                }
            }
        }
    }
}

/// One contender's tally over the survey's batches.
struct SurveyTally {
    /// Batches applied.
    var batches = 0
    /// Batches after which at least one row had a wrong height.
    var wrongBatches = 0
    /// Batches FD would have crashed on (`NSRangeException`); not checked for heights.
    var crashedBatches = 0
    /// Rows in the tables after the batches (crashed batches excluded).
    var rows = 0
    /// Of those, rows the contender claimed a height for.
    var cachedRows = 0
    /// Of those, rows whose height was wrong.
    var wrongRows = 0

    mutating func add(_ check: CacheCheck) {
        rows += check.rows
        cachedRows += check.cached
        wrongRows += check.wrong
        if check.wrong > 0 { wrongBatches += 1 }
    }

    /// `part` as a percentage of `whole`, 0 for an empty whole.
    static func percent(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 0 : Double(part) * 100 / Double(whole)
    }

    var wrongBatchPercent: Double { Self.percent(wrongBatches, of: batches) }
    var crashedBatchPercent: Double { Self.percent(crashedBatches, of: batches) }
    var cachedRowPercent: Double { Self.percent(cachedRows, of: rows) }
}

/// A batch the survey saw a contender get wrong, with what it takes to replay it.
struct SurveyCase {
    /// The trial's seed: `SeededRandom(seed:)`, then `randomTable`, then `batch(for:)`.
    let seed: UInt64
    let table: ReferenceTable
    let batch: ReferenceBatch
    /// What went wrong.
    let detail: String

    /// Several lines to print.
    var lines: [String] {
        ["seed 0x\(String(seed, radix: 16)): table \(table.debugDescription)", "batch \(batch)", detail]
    }

    /// How to make the table and batch of a seed again, e.g. in a test.
    static let replayHint = "replay: var random = SeededRandom(seed: <seed>); let table = RandomBatchGenerator().randomTable(using: &random);"
        + " let batch = RandomBatchGenerator().batch(for: table, using: &random)"
}

/// Measurement 5: how often each contender serves a wrong height after a random valid
/// batch, checked against the reference model of `UITableView`.
///
/// Each trial makes a random table, caches the true height of every row in all three
/// contenders, applies a random valid batch to the model and to each ((a) as one batch,
/// (b) call by call as FD saw them, (c) emptied on each call), then checks every row
/// of the new table: a height claimed for a row must be the true height of the item now
/// there.
struct WrongHeightSurvey {
    /// (a), applied as one batch.
    var engine = SurveyTally()
    /// (b), on the stand-in collections, call by call.
    var fdAlgorithm = SurveyTally()
    /// (c), emptied on every call.
    var handWritten = SurveyTally()
    /// Rows after the batches whose item was in the table before, unchanged: the most
    /// any cache could still hold.
    var keepableRows = 0
    /// Rows in the tables after all the batches.
    var rows = 0
    /// Every batch the engine got wrong: an engine bug, to report.
    var engineFailures: [SurveyCase] = []
    /// The shortest batch FD got wrong, as an illustration.
    var fdWrongExample: SurveyCase?
    /// The first batch FD would have crashed on.
    var fdCrashExample: SurveyCase?

    /// The seed trial seeds derive from.
    static let baseSeed: UInt64 = 0x5EED_FD

    /// Batches on which FD's algorithm on Foundation's own collections ended differently
    /// from (b) (another crash, other heights): a bug in one of the two storages. Every
    /// trial runs both.
    var foundationDisagreements = 0

    static func run(trials: Int) -> WrongHeightSurvey {
        var survey = WrongHeightSurvey()
        let generator = RandomBatchGenerator()
        for trial in 0..<trials {
            survey.runTrial(seed: SeededRandom.mix(baseSeed &+ UInt64(trial)), generator: generator)
        }
        return survey
    }

    private mutating func runTrial(seed: UInt64, generator: RandomBatchGenerator) {
        var random = SeededRandom(seed: seed)
        let table = generator.randomTable(using: &random)
        let batch = generator.batch(for: table, using: &random)
        guard let tableAfter = try? table.applying(batch) else {
            fatalError("height-cache-bench: the reference model refused a generated batch (seed \(seed)): \(batch)")
        }
        let itemsBefore = Set(table.sections.joined())
        rows += tableAfter.numberOfRows
        keepableRows += tableAfter.sections.joined().filter(itemsBefore.contains).count

        let engineCache = Contenders.makeEngine()
        let handWrittenCache = HandWrittenHeightCache()
        Self.fill(table) { height, path in
            engineCache.store(height, at: path)
            handWrittenCache.store(height, at: path)
        }
        engineCache.performBatchUpdates { for update in batch.updates { engineCache.apply(update) } }
        for _ in batch.updates { handWrittenCache.tableDidChange() }

        let engineCheck = CacheCheck(of: tableAfter) { engineCache.height(section: $0, row: $1) }
        engine.batches += 1
        engine.add(engineCheck)
        if let wrong = engineCheck.firstWrong {
            engineFailures.append(SurveyCase(seed: seed, table: table, batch: batch, detail: "\(engineCheck.wrong) wrong row(s); first: \(wrong)"))
        }

        handWritten.batches += 1
        handWritten.add(CacheCheck(of: tableAfter) { handWrittenCache.height(at: IndexPath(benchSection: $0, row: $1)) })

        let fdOutcome = Self.fdOutcome(on: ObjectiveCLikeCollections.self, table: table, batch: batch, tableAfter: tableAfter)
        if Self.fdOutcome(on: FoundationCollections.self, table: table, batch: batch, tableAfter: tableAfter) != fdOutcome {
            foundationDisagreements += 1
        }
        fdAlgorithm.batches += 1
        switch fdOutcome {
        case .crashed(let exception):
            fdAlgorithm.crashedBatches += 1
            if fdCrashExample == nil { fdCrashExample = SurveyCase(seed: seed, table: table, batch: batch, detail: "would raise \(exception)") }
        case .checked(let fdCheck):
            fdAlgorithm.add(fdCheck)
            if let wrong = fdCheck.firstWrong, batch.updates.count < (fdWrongExample?.batch.updates.count ?? .max) {
                fdWrongExample = SurveyCase(seed: seed, table: table, batch: batch, detail: "\(fdCheck.wrong) wrong row(s); first: \(wrong)")
            }
        }
    }

    /// What FD's algorithm ends up with after a batch: a crash, or its heights checked.
    private enum FDOutcome: Equatable {
        case crashed(String)
        case checked(CacheCheck)
    }

    /// Caches every row of `table` in FD's algorithm on `collections`, applies `batch`
    /// call by call as FD saw it, and checks the result against `tableAfter`.
    private static func fdOutcome<Collections: FDCollections>(
        on collections: Collections.Type, table: ReferenceTable, batch: ReferenceBatch, tableAfter: ReferenceTable
    ) -> FDOutcome {
        let cache = FDAlgorithmHeightCache<Collections>()
        fill(table) { height, path in cache.cacheHeight(height, at: path) }
        for update in batch.updates { cache.apply(update) }
        if let exception = cache.rangeException { return .crashed(exception.description) }
        return .checked(CacheCheck(of: tableAfter) { cache.cachedHeight(section: $0, row: $1) })
    }

    /// Calls `store` with the true height and index path of every row of `table`.
    private static func fill(_ table: ReferenceTable, store: (CGFloat, IndexPath) -> Void) {
        for (section, items) in table.sections.enumerated() {
            for (row, item) in items.enumerated() {
                store(ReferenceTable.trueHeight(of: item, in: Contenders.context), IndexPath(benchSection: section, row: row))
            }
        }
    }

    var keepableRowPercent: Double { SurveyTally.percent(keepableRows, of: rows) }
}
