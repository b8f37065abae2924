import Foundation
import PeerAlgorithms
import ReferenceTableModel
import TemplateLayoutEngine

/// The three contenders, made the same way everywhere in the benchmark.
enum Contenders {
    /// The layout context every measurement uses: an iPhone-sized width at 2x.
    static let context = LayoutContext(width: 375, displayScale: 2)

    /// (a) The engine, with its debug log off, as an app ships it.
    static func makeEngine() -> IndexPathHeightCache {
        IndexPathHeightCache(context: context, log: DebugLog(isEnabled: false, reportsProblems: false, sink: DebugLogSink { _ in }))
    }
}

/// A section and a row as two plain integers, the form the fastest lookups take.
struct RowKey: Hashable {
    let section: Int
    let row: Int
}

extension IndexPath {
    /// A section-and-row index path; Foundation on Linux has no `IndexPath(row:section:)`.
    init(benchSection section: Int, row: Int) {
        self.init(indexes: [section, row])
    }
}

/// A table of items and the true height of each row, with fully cached instances of
/// each contender made from it (the filling is never timed).
struct CachedTable {
    /// The table the heights belong to.
    let table: ReferenceTable
    /// The true height of every row, by section and row.
    let heights: [[CGFloat]]

    /// A table of new items with these many rows per section.
    init(sectionSizes: [Int]) {
        table = ReferenceTable(sectionSizes: sectionSizes)
        heights = table.sections.map { items in
            items.map { ReferenceTable.trueHeight(of: $0, in: Contenders.context) }
        }
    }

    /// How many rows the table has.
    var rowCount: Int { heights.reduce(0) { $0 + $1.count } }

    /// A fresh engine holding every row's height.
    func filledEngine() -> IndexPathHeightCache {
        let cache = Contenders.makeEngine()
        forEachRow { path, height in cache.store(height, at: path) }
        return cache
    }

    /// A fresh FD re-implementation holding every row's height (in the portrait storage,
    /// with the landscape one built alongside, as FD does).
    func filledFDAlgorithm() -> FDAlgorithmHeightCache<ObjectiveCLikeCollections> {
        filledFDAlgorithm(on: ObjectiveCLikeCollections.self)
    }

    /// ``filledFDAlgorithm()`` on the given collections.
    func filledFDAlgorithm<Collections: FDCollections>(on collections: Collections.Type) -> FDAlgorithmHeightCache<Collections> {
        let cache = FDAlgorithmHeightCache<Collections>()
        forEachRow { path, height in cache.cacheHeight(height, at: path) }
        return cache
    }

    /// A fresh hand-written dictionary holding every row's height.
    func filledHandWritten() -> HandWrittenHeightCache {
        let cache = HandWrittenHeightCache()
        forEachRow { path, height in cache.store(height, at: path) }
        return cache
    }

    /// Calls `body` with every row's index path and height, section by section.
    func forEachRow(_ body: (IndexPath, CGFloat) -> Void) {
        for (section, rows) in heights.enumerated() {
            for (row, height) in rows.enumerated() { body(IndexPath(benchSection: section, row: row), height) }
        }
    }
}

/// Measurement 1's input: one big fully cached section and a seeded list of random rows
/// to look up, as two integers and as prebuilt index paths.
struct LookupWorkload {
    /// The section the lookups hit.
    let cachedTable: CachedTable
    /// The rows to look up, in order.
    let keys: [RowKey]
    /// The same rows as index paths, built in advance so that building them is not timed.
    let indexPaths: [IndexPath]
    /// As many lookups, row after row: what scrolling does, and what the hit path costs
    /// when the heights are in the processor's cache.
    let keysInRowOrder: [RowKey]

    init(rows: Int, lookups: Int, seed: UInt64) {
        cachedTable = CachedTable(sectionSizes: [rows])
        var random = SeededRandom(seed: seed)
        keys = (0..<lookups).map { _ in RowKey(section: 0, row: random.int(in: 0..<rows)) }
        indexPaths = keys.map { IndexPath(benchSection: $0.section, row: $0.row) }
        keysInRowOrder = (0..<lookups).map { RowKey(section: 0, row: $0 % rows) }
    }
}

/// Measurement 3's input: a table of 100,000 rows in 10 sections and a batch of 1,000
/// separate calls mixing row deletes, inserts, reloads and moves, valid by UIKit's rules.
///
/// Built valid by construction in UIKit's two index spaces: the old paths (deletes,
/// reloads, move sources) are drawn distinct from the table before the batch; then, once
/// each section's final row count is known, the new paths (inserts, move destinations)
/// are drawn distinct from the table after it. The reference model checks the result.
struct MixedBatchWorkload {
    /// The table before the batch, fully cached.
    let cachedTable: CachedTable
    /// The calls, in the order the app makes them.
    let calls: [TableUpdate]

    /// What one call of the batch does.
    private enum CallKind { case delete, insert, reload, move }

    init(sectionCount: Int, rowsPerSection: Int, callCount: Int, seed: UInt64) {
        let sizes = Array(repeating: rowsPerSection, count: sectionCount)
        cachedTable = CachedTable(sectionSizes: sizes)
        var random = SeededRandom(seed: seed)

        // A mix an app might produce: mostly single-row changes, some of several rows.
        let kinds: [CallKind] = (0..<callCount).map { _ in
            [CallKind.delete, .delete, .delete, .insert, .insert, .insert, .reload, .reload, .move, .move][random.int(in: 0..<10)]
        }
        let pathCounts = kinds.map { $0 == .move ? 1 : random.int(in: 1...3) }

        // Old space: distinct rows of the table before the batch.
        var namedOld = Set<RowKey>()
        func drawOldPath() -> IndexPath {
            while true {
                let key = RowKey(section: random.int(in: 0..<sectionCount), row: random.int(in: 0..<rowsPerSection))
                if namedOld.insert(key).inserted { return IndexPath(benchSection: key.section, row: key.row) }
            }
        }
        var newSizes = sizes
        var oldPaths: [[IndexPath]] = []
        var arrivalSections: [[Int]] = []
        for (kind, count) in zip(kinds, pathCounts) {
            switch kind {
            case .delete, .reload:
                let paths = (0..<count).map { _ in drawOldPath() }
                if kind == .delete { for path in paths { newSizes[path[0]] -= 1 } }
                oldPaths.append(paths)
                arrivalSections.append([])
            case .move:
                let source = drawOldPath()
                newSizes[source[0]] -= 1
                oldPaths.append([source])
                arrivalSections.append([random.int(in: 0..<sectionCount)])
            case .insert:
                oldPaths.append([])
                arrivalSections.append((0..<count).map { _ in random.int(in: 0..<sectionCount) })
            }
            for section in arrivalSections[arrivalSections.count - 1] { newSizes[section] += 1 }
        }

        // New space: distinct rows of the table after the batch, now that its sizes are known.
        var namedNew = Set<RowKey>()
        func drawNewPath(in section: Int) -> IndexPath {
            while true {
                let key = RowKey(section: section, row: random.int(in: 0..<newSizes[section]))
                if namedNew.insert(key).inserted { return IndexPath(benchSection: key.section, row: key.row) }
            }
        }
        calls = kinds.indices.map { index in
            let arrivals = arrivalSections[index].map(drawNewPath)
            switch kinds[index] {
            case .delete: return .deleteRows(oldPaths[index])
            case .reload: return .reloadRows(oldPaths[index])
            case .insert: return .insertRows(arrivals)
            case .move: return .moveRow(oldPaths[index][0], to: arrivals[0])
            }
        }

        // Untimed: a batch UIKit would refuse would measure nothing worth knowing.
        if let error = cachedTable.table.validationError(for: ReferenceBatch(calls)) {
            fatalError("height-cache-bench: the generated 1,000-call batch is invalid (a bug in the benchmark): \(error)")
        }
    }

    /// How many index paths the calls name in all.
    var indexPathCount: Int {
        calls.reduce(0) { total, call in
            switch call {
            case .deleteRows(let paths), .insertRows(let paths), .reloadRows(let paths): return total + paths.count
            case .moveRow: return total + 2
            default: return total
            }
        }
    }
}
