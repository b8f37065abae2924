import Foundation
import ReferenceTableModel
@testable import TemplateLayoutEngine

/// A failed comparison of the engine with the model, with everything needed to replay it.
struct ModelFailure: Error, CustomStringConvertible {
    let description: String
}

/// Drives an ``IndexPathHeightCache`` and a ``ReferenceTable`` through the same random
/// batches, as a table view and its data source would, and compares them after each.
///
/// The comparison is exact. The test stores a height only for a row it has just seen
/// missing, and it knows which items those were (``KnownHeights``), so after every batch
/// the cache must hold, in each context, exactly the heights of the known items that
/// survived (not deleted, not reloaded, context not evicted), each at the item's new
/// index path, and nothing else.
struct CacheModelHarness {
    /// Five widths and two text sizes: ten contexts for a cache keeping three, so
    /// contexts are evicted and come back.
    static let contexts: [LayoutContext] = [320, 375, 414, 768, 1024].flatMap { width in
        [LayoutContext.ContentSizeCategory.large, .accessibilityMedium].map { LayoutContext(width: width, contentSizeCategory: $0) }
    }
    /// A collection view's contexts: widths for cards and heights for chips, two of each
    /// pair the same length (a height of 320 must never serve a width of 320), at two scales.
    static let collectionContexts: [LayoutContext] = [
        LayoutContext(width: 160, displayScale: 2), LayoutContext(width: 320, displayScale: 2), LayoutContext(width: 375, displayScale: 3),
        LayoutContext(height: 32, displayScale: 2), LayoutContext(height: 320, displayScale: 2), LayoutContext(height: 375, displayScale: 3),
        LayoutContext(height: 44, displayScale: 3, contentSizeCategory: .accessibilityMedium),
    ]
    static let contextLimit = 3

    /// Which view's updates a harness sends.
    enum Vocabulary {
        /// A table's: row spellings, `apply`, `beginUpdates()`/`endUpdates()` (``BatchDelivery``).
        case table
        /// A collection view's: item spellings, `performBatchUpdates` only, reconfigures,
        /// contexts alternating between fixed widths and fixed heights, and every kept
        /// context checked after every batch (``CollectionBatchDelivery``).
        case collection
    }

    let seed: UInt64
    let vocabulary: Vocabulary
    /// The contexts the run switches between.
    let contexts: [LayoutContext]
    let cache: IndexPathHeightCache
    let generator = RandomBatchGenerator()
    private(set) var random: SeededRandom
    private(set) var table: ReferenceTable
    private(set) var known: KnownHeights
    /// The number of the step under way, for failure messages.
    private(set) var step = 0
    /// What the current step did so far, for failure messages.
    private var stepLog: [String] = []

    init(seed: UInt64, vocabulary: Vocabulary = .table) {
        self.seed = seed
        self.vocabulary = vocabulary
        contexts = vocabulary == .table ? Self.contexts : Self.collectionContexts
        var random = SeededRandom(seed: seed)
        let context = random.element(of: contexts)!
        cache = IndexPathHeightCache(context: context, contextLimit: Self.contextLimit, log: DebugLog(isEnabled: false, reportsProblems: false))
        table = generator.randomTable(using: &random)
        known = KnownHeights(context: context, limit: Self.contextLimit)
        self.random = random
    }

    // MARK: Steps

    /// One step: now and then a context switch or a `reloadData`, then a random valid
    /// batch delivered a random way, the checks, and lookups that fill misses.
    mutating func runStep() throws(ModelFailure) {
        step += 1
        stepLog = []
        if random.chance(0.004) {
            reloadData()
        } else {
            switch vocabulary {
            case .table:
                if random.chance(0.08) {
                    try switchContext(to: random.element(of: contexts)!)
                }
            case .collection:
                // Mostly to the other dimension, so widths and heights alternate.
                if random.chance(0.25) {
                    let other = random.chance(0.75)
                    let candidates = contexts.filter { ($0.fixedDimension != known.active.fixedDimension) == other }
                    try switchContext(to: random.element(of: candidates)!)
                }
            }
            let batch = generator.batch(for: table, using: &random)
            try apply(batch)
        }
        if vocabulary == .collection {
            try verifyEveryKeptContext() // the active one included
        } else {
            try verifyActiveContext()
            if step % 5 == 0 { try verifyEveryKeptContext() }
        }
        simulateLookups(fraction: random.element(of: [0.1, 0.4, 0.8, 1.0])!)
    }

    /// Applies a valid batch to both, delivered a random way, and checks the engine
    /// reported no problem with it.
    mutating func apply(_ batch: ReferenceBatch) throws(ModelFailure) {
        let before = table
        do {
            try table.apply(batch)
        } catch {
            throw failure("the generator made a batch the model refuses: \(error)", batch: batch)
        }
        stepLog.append("table before: \(before.debugDescription)")
        known.keepOnly(Set(table.sections.joined()))
        let problems = cache.statistics.problems
        stepLog.append("batch: \(batch)")
        switch vocabulary {
        case .table:
            let delivery = BatchDelivery.random(forCallCount: batch.updates.count, using: &random)
            let transcript = delivery.deliver(batch.updates, to: cache, using: &random)
            stepLog.append("delivered by \(delivery): \(transcript)")
        case .collection:
            // A few items displayed before the batch are reconfigured: forgotten in every context.
            let reconfigured = random.chance(0.3) ? before.indexPaths.filter { _ in random.chance(0.1) } : []
            known.forget(Set(reconfigured.compactMap { before.item(at: $0) }))
            let delivery = CollectionBatchDelivery.random(forCallCount: batch.updates.count, using: &random)
            let transcript = delivery.deliver(batch.updates, reconfiguring: reconfigured, to: cache, using: &random)
            stepLog.append("delivered by \(delivery): \(transcript)")
            if cache.hasOpenBatch || cache.isInsideUpdateCall {
                throw failure("a batch is still open after \(delivery)")
            }
        }
        if cache.statistics.problems != problems {
            throw failure("the engine reported \(cache.statistics.problems - problems) problem(s) with a valid batch")
        }
    }

    /// `reloadData()` on both: the data source may now show anything, so the model gets a
    /// new random table with items never seen before.
    mutating func reloadData() {
        cache.reloadData()
        table = generator.randomTable(firstItemID: table.nextItemID, using: &random)
        known.forgetAll()
        stepLog.append("reloadData; new table: \(table.debugDescription)")
    }

    /// Switches both to `context` and checks the cache kept the contexts it documents.
    mutating func switchContext(to context: LayoutContext) throws(ModelFailure) {
        cache.switchContext(to: context)
        let dropped = known.activate(context)
        stepLog.append("switchContext to \(context)" + (dropped.isEmpty ? "" : ", dropping \(dropped)"))
        guard cache.contexts == known.kept else {
            throw failure("kept contexts \(cache.contexts), expected \(known.kept) (active first, then most recently used)")
        }
    }

    /// UIKit asking for the heights of a random part of the table: every miss is measured
    /// (the true height) and stored.
    mutating func simulateLookups(fraction: Double) {
        for path in table.indexPaths where random.chance(fraction) {
            guard cache.height(at: path) == nil, let item = table.item(at: path) else { continue }
            cache.store(ReferenceTable.trueHeight(of: item, in: known.active), at: path)
            known.stored(item)
        }
    }

    /// Fills a fraction of the rows' heights in several contexts, ending in the one it started in.
    mutating func fillContexts(count: Int, fraction: Double) throws(ModelFailure) {
        let start = known.active
        for _ in 0..<count {
            try switchContext(to: random.element(of: contexts)!)
            simulateLookups(fraction: fraction)
        }
        try switchContext(to: start)
        simulateLookups(fraction: fraction)
    }

    /// Forgets what the test knows of these items, after input that documents forgetting them.
    mutating func forget(_ items: Set<ReferenceItem>) {
        known.forget(items)
    }

    /// Forgets all the test knows, after input that documents forgetting everything.
    mutating func forgetAll() {
        known.forgetAll()
    }

    /// Notes something done outside ``runStep()`` for the failure message.
    mutating func note(_ line: String) {
        stepLog.append(line)
    }

    // MARK: Checks

    /// The active context holds exactly the known heights, each at its item's place:
    /// a height is served only for a known item and is then its true height, every known
    /// item is served, and the count matches.
    ///
    /// With `ignoredSections`, rows of those sections are not looked at, and neither is the
    /// count: for input that documents no outcome there, only the other sections are held
    /// to exactness.
    func verifyActiveContext(ignoring ignoredSections: Set<Int> = []) throws(ModelFailure) {
        let context = known.active
        let expected = known.items(in: context)
        for path in table.indexPaths where !ignoredSections.contains(path[0]) {
            let item = table.item(at: path)!
            let served = cache.height(at: path)
            let truth = ReferenceTable.trueHeight(of: item, in: context)
            switch (expected.contains(item), served) {
            case (true, nil):
                throw failure("lost the height of \(item) at \(HeightFormat.string(path)) in \(context): valid input must never lose a height")
            case (true, let height?) where height != truth:
                throw failure("served \(height) at \(HeightFormat.string(path)) in \(context), but \(item) there is \(truth)\(Self.owner(of: height, in: table, context: context))")
            case (false, let height?):
                throw failure("served \(height) at \(HeightFormat.string(path)) in \(context) for \(item), which was never measured there (\(item) is \(truth))\(Self.owner(of: height, in: table, context: context))")
            default:
                break
            }
        }
        guard ignoredSections.isEmpty else { return }
        guard cache.count == expected.count else {
            throw failure("holds \(cache.count) heights in \(context), expected \(expected.count): something survived that was deleted, reloaded or past the table's end")
        }
    }

    /// Checks every kept context. Switching to them least recently used first, and to the
    /// active one last, leaves the cache's order of contexts as it was.
    mutating func verifyEveryKeptContext(ignoring ignoredSections: Set<Int> = []) throws(ModelFailure) {
        for context in known.kept.reversed() {
            try switchContext(to: context)
            try verifyActiveContext(ignoring: ignoredSections)
        }
    }

    /// Whose height a wrong height was, if it is any current row's: a strong hint at the bug.
    private static func owner(of height: CGFloat, in table: ReferenceTable, context: LayoutContext) -> String {
        for path in table.indexPaths {
            let item = table.item(at: path)!
            if ReferenceTable.trueHeight(of: item, in: context) == height {
                return " (it is the height of \(item), now at \(HeightFormat.string(path)))"
            }
        }
        return " (no current row's height)"
    }

    /// A failure carrying the seed, the step, and what the step did.
    func failure(_ detail: String, batch: ReferenceBatch? = nil) -> ModelFailure {
        var lines = [
            "Engine disagrees with the reference model: \(detail)",
            "seed \(ModelBasedSeeds.hex(seed)), step \(step) (replay: TEMPLATE_LAYOUT_SEED=\(ModelBasedSeeds.hex(seed)) swift test --filter ModelBased)",
            "active context \(known.active); kept \(known.kept)",
        ]
        lines += stepLog
        if let batch { lines.append("batch: \(batch)") }
        lines.append("table now: \(table.debugDescription)")
        return ModelFailure(description: lines.joined(separator: "\n  "))
    }
}
