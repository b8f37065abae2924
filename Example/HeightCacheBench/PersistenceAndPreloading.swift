import Foundation
import TemplateLayoutEngine

/// The measurements of heights across launches and of planning ahead: how long a launch
/// waits to have 10,000 persisted heights back, what a height costs on disk, and what the
/// preload planner costs per scroll event on a 100,000-row table.
struct PersistenceAndPreloading {
    /// Heights written and loaded back.
    static let persistedCount = 10_000
    /// Rows of the table the planner plans over.
    static let plannerRows = 100_000

    let options: BenchOptions
    let harness: TimingHarness

    struct Results {
        /// A new store's `open` until its files are in memory, for 10,000 heights: ms.
        var loadMilliseconds: Double
        /// Recording 10,000 heights and writing them (`flush`, waited for): ms.
        var saveMilliseconds: Double
        /// Bytes on disk per height with an integer key, its 8 key bytes included.
        var bytesPerIntKeyedHeight: Double
        /// Bytes on disk per height with a 10-character string key, the key included.
        var bytesPerStringKeyedHeight: Double
        /// One plan of the full preload range on a 100,000-row table: µs per scroll event.
        var plannerMicroseconds: Double
        /// Rows a plan returns at the median, for context.
        var plannedRows: Int
    }

    func run() -> Results {
        let context = LayoutContext(width: 375, displayScale: 3)
        let intKeys = (0..<Self.persistedCount).map { PersistentKey.int(Int64($0)) }
        let stringKeys = (0..<Self.persistedCount).map { PersistentKey.string(String(format: "post-%05d", $0)) }

        let intDirectory = Self.temporaryDirectory()
        let stringDirectory = Self.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: intDirectory)
            try? FileManager.default.removeItem(at: stringDirectory)
        }
        let repeats = options.isQuick ? 3 : 15
        let save = harness.medianNanoseconds(warmups: 1, repeats: repeats) {
            let store = Self.store(in: intDirectory)
            store.open(namespace: "feed", contentVersion: "1")
            for (index, key) in intKeys.enumerated() {
                store.record(CGFloat(40 + index % 300), forKey: key, namespace: "feed", context: context)
            }
            store.flush()
            store.waitUntilIdle()
            return Double(store.count(namespace: "feed"))
        }
        let load = harness.medianNanoseconds(warmups: 1, repeats: repeats) {
            let store = Self.store(in: intDirectory)
            store.open(namespace: "feed", contentVersion: "1")
            store.waitUntilIdle()
            return Double(store.count(namespace: "feed"))
        }
        let stringStore = Self.store(in: stringDirectory)
        stringStore.open(namespace: "feed", contentVersion: "1")
        for key in stringKeys { stringStore.record(80, forKey: key, namespace: "feed", context: context) }
        stringStore.flush()
        stringStore.waitUntilIdle()

        let (planner, planned) = plannerCost()
        return Results(
            loadMilliseconds: load / 1e6, saveMilliseconds: save / 1e6,
            bytesPerIntKeyedHeight: Double(Self.bytes(in: intDirectory)) / Double(Self.persistedCount),
            bytesPerStringKeyedHeight: Double(Self.bytes(in: stringDirectory)) / Double(Self.persistedCount),
            plannerMicroseconds: planner / 1e3, plannedRows: planned)
    }

    /// Scroll events down a 100,000-row table of varied heights, a fifth of them cached:
    /// each event plans the full range from the new visible rows.
    private func plannerCost() -> (nanoseconds: Double, plannedRows: Int) {
        let heights = (0..<Self.plannerRows).map { CGFloat(44 + ($0 &* 7919) % 200) }
        let shape = TableShape(rowCounts: [Self.plannerRows])
        let planner = PreloadPlanner(range: .full)
        var event = 0
        var lastCount = 0
        let median = harness.medianNanoseconds(warmups: 100, repeats: options.isQuick ? 300 : 3_000) {
            // Each event starts a little further down, as a scroll does, 5,000 rows apart so
            // that events do not reuse what the processor cached for the previous one.
            let first = (event &* 5_003) % (Self.plannerRows - 20)
            event += 1
            let plan = planner.plan(
                visible: RowPosition(section: 0, row: first)...RowPosition(section: 0, row: first + 7),
                direction: .towardEnd, viewportHeight: 667, shape: shape,
                height: { heights[$0.row] }, isCached: { $0.row % 5 == 0 })
            lastCount = plan.count
            return Double(plan.count)
        }
        return (median, lastCount)
    }

    private static func store(in directory: URL) -> PersistentHeightStore {
        PersistentHeightStore(
            directory: directory, configuration: .init(appVersion: "bench", writeDelay: 3_600),
            log: DebugLog(isEnabled: false, reportsProblems: false, sink: DebugLogSink { _ in }))
    }

    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("height-cache-bench-\(UUID().uuidString)", isDirectory: true)
    }

    private static func bytes(in directory: URL) -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return files.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0) }
    }
}

extension PersistenceAndPreloading.Results {
    /// The report's section for these measurements, with their targets.
    var section: ReportSection {
        let intOverhead = bytesPerIntKeyedHeight - 8
        let stringOverhead = bytesPerStringKeyedHeight - 10
        return ReportSection("Persisted heights and preloading (the engine alone)", lines: [
            "load 10,000 persisted heights (a new store's open, until in memory): \(Format.fixed(loadMilliseconds, 2)) ms",
            "record and write 10,000 heights (flush, atomic write, waited for): \(Format.fixed(saveMilliseconds, 2)) ms",
            "bytes on disk per height, integer key: \(Format.fixed(bytesPerIntKeyedHeight, 2)) (\(Format.fixed(intOverhead, 2)) plus its 8-byte key; the file's header spread over the heights)",
            "bytes on disk per height, 10-character string key: \(Format.fixed(bytesPerStringKeyedHeight, 2)) (\(Format.fixed(stringOverhead, 2)) plus its key)",
            "preload plan per scroll event, 100,000 rows, full range (2.5 + 1.5 screens): \(Format.fixed(plannerMicroseconds, 2)) µs, \(plannedRows) rows planned",
            TargetCheck(target: "loading 10,000 heights <= 5 ms", isMet: loadMilliseconds <= 5, measured: "\(Format.fixed(loadMilliseconds, 2)) ms").line,
            TargetCheck(target: "<= 16 bytes per height plus its key", isMet: max(intOverhead, stringOverhead) <= 16,
                        measured: "\(Format.fixed(max(intOverhead, stringOverhead), 2)) bytes").line,
            TargetCheck(target: "planner <= 50 µs per scroll event on 100,000 rows", isMet: plannerMicroseconds <= 50,
                        measured: "\(Format.fixed(plannerMicroseconds, 2)) µs").line,
        ])
    }
}
