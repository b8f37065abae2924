import Foundation
import PeerAlgorithms
import ReferenceTableModel
import TemplateLayoutEngine

/// One number per contender; `nil` where a contender has no such operation.
struct ContenderValues {
    /// (a) the engine.
    var engine: Double?
    /// (b) FD's algorithm.
    var fdAlgorithm: Double?
    /// (c) the hand-written dictionary.
    var handWritten: Double?
}

/// Measurement 1: the cost of a cache hit, in nanoseconds per lookup.
struct LookupTimes {
    /// By section and row as two integers: (a) `height(section:row:)`, (b) exists + height.
    var bySectionAndRow = ContenderValues()
    /// The same, rows looked up in order rather than at random.
    var bySectionAndRowInOrder = ContenderValues()
    /// (a)'s fastest repeat by section and row at random, against the median above.
    var engineFastest = 0.0
    /// By prebuilt `IndexPath`: (a) `height(at:)`, (b) exists + height, (c) the dictionary.
    var byIndexPath = ContenderValues()
}

/// Measurement 3: applying a batch of 1,000 calls to 100,000 cached rows.
struct MixedBatchTimes {
    /// Milliseconds: (a) as one batch, (b) call by call, (c) emptying on each call.
    var milliseconds = ContenderValues()
    /// Calls in the batch.
    var callCount = 0
    /// Index paths the calls name.
    var indexPathCount = 0
    /// Rows in the table before the batch.
    var rowCount = 0
    /// What (a) and (b) hold for the table after the batch, checked row by row (untimed).
    var engineCheck = CacheCheck()
    /// See ``engineCheck``.
    var fdCheck = CacheCheck()
    /// Whether FD would have crashed applying it.
    var fdCrashed = false
}

/// Measurements 1 to 3: lookups, a single insert at the top of a big section, and a
/// batch of 1,000 calls; every number a median of timed repeats after warm-up runs.
struct SpeedMeasurements {
    let options: BenchOptions
    let harness: TimingHarness

    /// Rows in the big table of every speed measurement.
    static let rowCount = 100_000

    // MARK: 1. Lookup hit

    func lookups() -> LookupTimes {
        let workload = LookupWorkload(rows: Self.rowCount, lookups: options.lookupCount, seed: 0x100C_0F)
        let keys = workload.keys
        let paths = workload.indexPaths
        let perLookup = Double(keys.count)
        var times = LookupTimes()

        let keysInRowOrder = workload.keysInRowOrder
        let engine = workload.cachedTable.filledEngine()
        times.bySectionAndRow.engine = timeLoop {
            var sum: CGFloat = 0
            for key in keys { sum += engine.height(section: key.section, row: key.row) ?? 0 }
            return Double(sum)
        } / perLookup
        times.engineFastest = harness.lastFastest / perLookup
        times.bySectionAndRowInOrder.engine = timeLoop {
            var sum: CGFloat = 0
            for key in keysInRowOrder { sum += engine.height(section: key.section, row: key.row) ?? 0 }
            return Double(sum)
        } / perLookup
        times.byIndexPath.engine = timeLoop {
            var sum: CGFloat = 0
            for path in paths { sum += engine.height(at: path) ?? 0 }
            return Double(sum)
        } / perLookup

        (times.bySectionAndRow.fdAlgorithm, times.byIndexPath.fdAlgorithm, times.bySectionAndRowInOrder.fdAlgorithm) =
            fdLookups(on: ObjectiveCLikeCollections.self, workload: workload, repeats: options.slowLookupRepeats)

        let handWritten = workload.cachedTable.filledHandWritten()
        times.byIndexPath.handWritten = timeLoop {
            var sum: CGFloat = 0
            for path in paths { sum += handWritten.height(at: path) ?? 0 }
            return Double(sum)
        } / perLookup
        return times
    }

    /// (b)'s lookups on `collections`, ns per lookup: by section and row, by index path,
    /// and by section and row in row order.
    private func fdLookups<Collections: FDCollections>(
        on collections: Collections.Type, workload: LookupWorkload, repeats: Int
    ) -> (bySectionAndRow: Double, byIndexPath: Double, inRowOrder: Double) {
        let keys = workload.keys
        let paths = workload.indexPaths
        let keysInRowOrder = workload.keysInRowOrder
        let fd = workload.cachedTable.filledFDAlgorithm(on: collections)
        let bySectionAndRow = timeLoop(repeats: repeats) {
            var sum: CGFloat = 0
            for key in keys { sum += fd.cachedHeight(section: key.section, row: key.row) ?? 0 }
            return Double(sum)
        }
        let byIndexPath = timeLoop(repeats: repeats) {
            var sum: CGFloat = 0
            for path in paths { sum += fd.cachedHeight(at: path) ?? 0 }
            return Double(sum)
        }
        let inRowOrder = timeLoop(repeats: repeats) {
            var sum: CGFloat = 0
            for key in keysInRowOrder { sum += fd.cachedHeight(section: key.section, row: key.row) ?? 0 }
            return Double(sum)
        }
        let count = Double(keys.count)
        return (bySectionAndRow / count, byIndexPath / count, inRowOrder / count)
    }

    private func timeLoop(repeats: Int? = nil, _ body: () -> Double) -> Double {
        harness.medianNanoseconds(warmups: options.warmups, repeats: repeats ?? options.lookupRepeats, body: body)
    }

    // MARK: 2. Insert one row at the top of a fully cached 100,000-row section

    /// Microseconds per insert. Between timed inserts the new top row is cached again
    /// (untimed), so every insert meets a fully cached section.
    func insertAtTop() -> ContenderValues {
        let cachedTable = CachedTable(sectionSizes: [Self.rowCount])
        let top = IndexPath(benchSection: 0, row: 0)
        let topPaths = [top]
        let refillHeight = cachedTable.heights[0][0]
        let repeats = options.insertRepeats
        let warmups = options.warmups * 2
        var times = ContenderValues()

        let engine = cachedTable.filledEngine()
        times.engine = harness.medianNanoseconds(warmups: warmups, repeats: repeats, prepare: {
            engine.store(refillHeight, at: top)
        }, body: {
            engine.insertRows(at: topPaths)
            return Double(engine.count)
        }) / 1_000

        times.fdAlgorithm = fdInsertAtTop(on: ObjectiveCLikeCollections.self, cachedTable: cachedTable, warmups: warmups, repeats: repeats)

        // The app empties its dictionary; refilling all of it between repeats is untimed.
        let handWritten = HandWrittenHeightCache()
        times.handWritten = harness.medianNanoseconds(warmups: 1, repeats: max(3, repeats / 5), prepare: {
            cachedTable.forEachRow { path, height in handWritten.store(height, at: path) }
        }, body: {
            handWritten.tableDidChange()
            return Double(handWritten.count)
        }) / 1_000
        return times
    }

    /// (b)'s insert at the top on `collections`, µs.
    private func fdInsertAtTop<Collections: FDCollections>(
        on collections: Collections.Type, cachedTable: CachedTable, warmups: Int, repeats: Int
    ) -> Double {
        let top = IndexPath(benchSection: 0, row: 0)
        let topPaths = [top]
        let refillHeight = cachedTable.heights[0][0]
        let fd = cachedTable.filledFDAlgorithm(on: collections)
        return harness.medianNanoseconds(warmups: warmups, repeats: repeats, prepare: {
            fd.cacheHeight(refillHeight, at: top)
        }, body: {
            fd.insertRows(at: topPaths)
            return fd.hasCrashed ? 1 : 0
        }) / 1_000
    }

    // MARK: 3. A batch of 1,000 calls on 100,000 rows

    /// The batch of measurement 3, made once and shared.
    static func makeMixedBatchWorkload() -> MixedBatchWorkload {
        MixedBatchWorkload(sectionCount: 10, rowsPerSection: rowCount / 10, callCount: 1_000, seed: 0xBA7C_4)
    }

    /// Milliseconds to apply the batch to a fresh fully cached instance (filled untimed).
    func mixedBatch(_ workload: MixedBatchWorkload) -> MixedBatchTimes {
        let calls = workload.calls
        let cachedTable = workload.cachedTable
        let repeats = options.batchRepeats
        let warmups = options.warmups
        var times = MixedBatchTimes(callCount: calls.count, indexPathCount: workload.indexPathCount, rowCount: cachedTable.rowCount)

        times.milliseconds.engine = harness.medianNanoseconds(warmups: warmups, repeats: repeats, prepare: cachedTable.filledEngine) { engine in
            engine.beginUpdates()
            for call in calls { engine.apply(call) }
            engine.endUpdates()
            return Double(engine.count)
        } / 1_000_000

        times.milliseconds.fdAlgorithm = fdBatch(on: ObjectiveCLikeCollections.self, workload: workload, warmups: warmups, repeats: repeats)

        times.milliseconds.handWritten = harness.medianNanoseconds(warmups: warmups, repeats: repeats, prepare: cachedTable.filledHandWritten) { handWritten in
            for _ in calls { handWritten.tableDidChange() }
            return Double(handWritten.count)
        } / 1_000_000

        // Untimed: what each holds afterwards, row by row, against the model.
        guard let tableAfter = try? cachedTable.table.applying(ReferenceBatch(calls)) else {
            fatalError("height-cache-bench: the model refused the 1,000-call batch it validated")
        }
        let engine = cachedTable.filledEngine()
        engine.performBatchUpdates { for call in calls { engine.apply(call) } }
        times.engineCheck = CacheCheck(of: tableAfter) { engine.height(section: $0, row: $1) }
        let fd = cachedTable.filledFDAlgorithm()
        for call in calls { fd.apply(call) }
        times.fdCrashed = fd.hasCrashed
        times.fdCheck = CacheCheck(of: tableAfter) { fd.cachedHeight(section: $0, row: $1) }
        return times
    }

    /// (b) applying the batch call by call on `collections`, ms.
    private func fdBatch<Collections: FDCollections>(
        on collections: Collections.Type, workload: MixedBatchWorkload, warmups: Int, repeats: Int
    ) -> Double {
        let calls = workload.calls
        return harness.medianNanoseconds(warmups: warmups, repeats: repeats, prepare: {
            workload.cachedTable.filledFDAlgorithm(on: collections)
        }) { fd in
            for call in calls { fd.apply(call) }
            return fd.hasCrashed ? 1 : 0
        } / 1_000_000
    }

    // MARK: (b) on Foundation's own classes

    /// Measurements 1 to 4 for FD's algorithm on `NSMutableArray` and `NSNumber`, with
    /// far fewer lookups and repeats: on Linux every element access is slow.
    func foundationCollections(mixedBatch workload: MixedBatchWorkload) -> FoundationCollectionsTimes {
        var values = FoundationCollectionsTimes()
        let lookups = LookupWorkload(rows: Self.rowCount, lookups: options.lookupCount / 20, seed: 0x100C_0F)
        (values.lookupBySectionAndRow, values.lookupByIndexPath, _) =
            fdLookups(on: FoundationCollections.self, workload: lookups, repeats: 3)
        values.insertAtTopMicroseconds = fdInsertAtTop(
            on: FoundationCollections.self, cachedTable: lookups.cachedTable, warmups: 1, repeats: max(3, options.insertRepeats / 5))
        values.batchMilliseconds = fdBatch(
            on: FoundationCollections.self, workload: workload, warmups: 0, repeats: options.isQuick ? 1 : 3)
        values.bytesPerHeight = MemoryMeasurement.bytesPerHeight(rows: Self.rowCount) { cachedTable in
            cachedTable.filledFDAlgorithm(on: FoundationCollections.self)
        }
        return values
    }
}

/// (b) on Foundation's `NSMutableArray` and `NSNumber`: the same metrics as the table.
struct FoundationCollectionsTimes {
    var lookupBySectionAndRow = 0.0
    var lookupByIndexPath = 0.0
    var insertAtTopMicroseconds = 0.0
    var batchMilliseconds = 0.0
    var bytesPerHeight: Double?
}
