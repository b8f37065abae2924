import Foundation
import PeerAlgorithms
import TemplateLayoutEngine

/// The four ways of answering the table's height requests compared side by side.
package enum ScrollStrategy: Int, CaseIterable, Hashable, Sendable {
    /// UIKit self-sizing (`automaticDimension`): every row that comes into view is measured.
    case noCache
    /// FDTemplateLayoutCell's index-path cache (re-implemented), no precache.
    case fdAlgorithm
    /// This engine's cache (heights by entry, per layout context, persisted), measuring
    /// only what the table asks.
    case engine
    /// The engine with the idle precache fed by `PreloadPlanner`.
    case enginePrecache

    /// The column title.
    package var title: String {
        switch self {
        case .noCache: "no cache"
        case .fdAlgorithm: "FD algorithm"
        case .engine: "engine"
        case .enginePrecache: "engine+precache"
        }
    }

    /// Whether idle frames run the precache.
    package var precaches: Bool { self == .enginePrecache }

    /// A fresh store of heights for this strategy, on `screen`, reading what `disk` holds.
    func makeStore(on screen: ScreenLayout, disk: SimulatedDisk) -> any SimulatedHeightStore {
        switch self {
        case .noCache: NoHeightStore()
        case .fdAlgorithm: FDHeightStore(on: screen)
        case .engine, .enginePrecache: EngineHeightStore(on: screen, disk: disk)
        }
    }
}

/// What a store answers for a row without a layout.
enum CachedAnswer {
    /// The row's height on the current screen.
    case current
    /// A height measured on another screen (FD after a text-size change): no layout, but
    /// the row is drawn at the wrong height.
    case stale
}

/// Where a strategy keeps the heights it measured (one section).
protocol SimulatedHeightStore: AnyObject {
    /// What the store answers for `entry`, shown at `row`, without a layout; `nil` when it
    /// must measure.
    func answer(entry: Int, row: Int) -> CachedAnswer?
    /// Keeps a height measured for `entry` at `row` on the current screen.
    func store(_ height: CGFloat, entry: Int, row: Int)
    /// Rows inserted at `rows` (the table's `insertRows`).
    func insertRows(_ rows: Range<Int>)
    /// The screen changed (a rotation, a text-size change).
    func screenChanged(to screen: ScreenLayout)
    /// Writes what persists before the app quits.
    func quit()
    /// Bytes the stored heights take, by the storage's layout (see each store).
    var bytes: Int { get }
}

/// Self-sizing: UIKit keeps no measured height for a row that left the screen.
final class NoHeightStore: SimulatedHeightStore {
    func answer(entry: Int, row: Int) -> CachedAnswer? { nil }
    func store(_ height: CGFloat, entry: Int, row: Int) {}
    func insertRows(_ rows: Range<Int>) {}
    func screenChanged(to screen: ScreenLayout) {}
    func quit() {}
    var bytes: Int { 0 }
}

/// FD's algorithm: heights by index path in a portrait and a landscape storage, chosen by
/// the orientation; no other trait is watched, so after a text-size change it answers the
/// old size's heights (FeedDemo counts them wrong; here they cost no layout and are counted
/// as stale). Nothing persists.
///
/// Bytes: both storages grow to every row they name, 8-byte object pointers per slot; the
/// `NSNumber` boxes are not counted (small doubles are tagged pointers on 64-bit iOS), so
/// this is FD's lower bound.
final class FDHeightStore: SimulatedHeightStore {
    private let cache = FDAlgorithmHeightCache<ObjectiveCLikeCollections>()
    /// Per orientation (portrait first), whether each row's height was measured at XXL.
    private var measuredLarge: [[Bool]] = [[], []]
    private var isLargeText: Bool
    private var slots = 0

    init(on screen: ScreenLayout) {
        isLargeText = screen.isLargeText
        cache.isPortrait = !screen.isLandscape
    }

    private var orientation: Int { cache.isPortrait ? 0 : 1 }

    func answer(entry: Int, row: Int) -> CachedAnswer? {
        slots = max(slots, row + 1)
        guard cache.existsHeight(section: 0, row: row) else { return nil }
        let flags = measuredLarge[orientation]
        return row < flags.count && flags[row] != isLargeText ? .stale : .current
    }

    func store(_ height: CGFloat, entry: Int, row: Int) {
        slots = max(slots, row + 1)
        cache.cacheHeight(height, section: 0, row: row)
        while measuredLarge[orientation].count <= row { measuredLarge[orientation].append(false) }
        measuredLarge[orientation][row] = isLargeText
    }

    func insertRows(_ rows: Range<Int>) {
        cache.insertRows(at: rows.map { IndexPath(indexes: [0, $0]) })
        slots = max(slots, rows.upperBound) + rows.count
        for side in 0..<2 where rows.lowerBound <= measuredLarge[side].count {
            measuredLarge[side].insert(contentsOf: Array(repeating: false, count: rows.count), at: rows.lowerBound)
        }
    }

    func screenChanged(to screen: ScreenLayout) {
        cache.isPortrait = !screen.isLandscape
        isLargeText = screen.isLargeText
    }

    func quit() {}

    var bytes: Int { slots * 2 * MemoryLayout<UnsafeRawPointer>.size }
}

/// The engine's `TableHeightCache`, heights cached by entry (`cacheBy: post.id`), one set
/// per layout context, persisted through a `PersistentHeightStore` on ``SimulatedDisk``.
///
/// Bytes: each context's keyed heights, counted as a key (an `Int` in an `AnyHashable`,
/// 40 bytes) and a `CGFloat`; the dictionary's own slack is not counted.
final class EngineHeightStore: SimulatedHeightStore {
    private let cache: TableHeightCache
    private let disk: SimulatedDisk
    private var counts: [LayoutContext: Int] = [:]

    init(on screen: ScreenLayout, disk: SimulatedDisk) {
        self.disk = disk
        cache = TableHeightCache(context: screen.context)
        cache.persistence = disk.launch(on: screen.context)
    }

    func answer(entry: Int, row: Int) -> CachedAnswer? {
        cache.cachedHeight(for: .key(entry)) == nil ? nil : .current
    }

    func store(_ height: CGFloat, entry: Int, row: Int) {
        cache.store(height, for: .key(entry))
        counts[cache.context] = cache.keys.count
    }

    func insertRows(_ rows: Range<Int>) {}

    func screenChanged(to screen: ScreenLayout) {
        cache.switchContext(to: screen.context)
        disk.waitForReads()
    }

    func quit() { disk.quit() }

    var bytes: Int { counts.values.reduce(0, +) * (MemoryLayout<AnyHashable>.size + MemoryLayout<CGFloat>.size) }
}
