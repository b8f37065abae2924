import Foundation
import PeerAlgorithms
import TemplateLayoutEngine

/// The four ways of answering the table's height requests compared side by side.
package enum ScrollStrategy: Int, CaseIterable, Hashable, Sendable {
    /// UIKit self-sizing (`automaticDimension`): every row that comes into view is measured.
    case noCache
    /// FDTemplateLayoutCell's index-path cache (re-implemented), no precache.
    case fdAlgorithm
    /// This engine's `IndexPathHeightCache`, measuring only what the table asks.
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

    /// A fresh store of heights for this strategy, for a table `width` points wide.
    func makeStore(width: CGFloat) -> any SimulatedHeightStore {
        switch self {
        case .noCache: NoHeightStore()
        case .fdAlgorithm: FDHeightStore()
        case .engine, .enginePrecache: EngineHeightStore(width: width)
        }
    }
}

/// Where a strategy keeps the heights it measured (one section, rows by index).
protocol SimulatedHeightStore: AnyObject {
    /// Whether a row's height is known, so asking it costs no layout.
    func isCached(_ row: Int) -> Bool
    /// Keeps a measured height.
    func store(_ height: CGFloat, row: Int)
    /// Bytes the stored heights take, by the storage's layout (see each store).
    var bytes: Int { get }
}

/// Self-sizing: UIKit keeps no measured height for a row that left the screen.
final class NoHeightStore: SimulatedHeightStore {
    func isCached(_ row: Int) -> Bool { false }
    func store(_ height: CGFloat, row: Int) {}
    var bytes: Int { 0 }
}

/// FD's algorithm. Its storage grows both the portrait and the landscape arrays to every row
/// it names: 8-byte object pointers per slot, twice; the `NSNumber` boxes are not counted
/// (small doubles are tagged pointers on 64-bit iOS), so this is FD's lower bound.
final class FDHeightStore: SimulatedHeightStore {
    private let cache = FDAlgorithmHeightCache<ObjectiveCLikeCollections>()
    private var slots = 0

    func isCached(_ row: Int) -> Bool {
        slots = max(slots, row + 1)
        return cache.existsHeight(section: 0, row: row)
    }

    func store(_ height: CGFloat, row: Int) {
        slots = max(slots, row + 1)
        cache.cacheHeight(height, section: 0, row: row)
    }

    var bytes: Int { slots * 2 * MemoryLayout<UnsafeRawPointer>.size }
}

/// The engine's index-path cache in one layout context: a `ContiguousArray<CGFloat>` per
/// section, grown to the last stored row (8 bytes a slot).
final class EngineHeightStore: SimulatedHeightStore {
    private let cache: IndexPathHeightCache
    private var slots = 0

    init(width: CGFloat) {
        cache = IndexPathHeightCache(context: LayoutContext(width: width))
    }

    func isCached(_ row: Int) -> Bool { cache.containsHeight(at: IndexPath(indexes: [0, row])) }

    func store(_ height: CGFloat, row: Int) {
        slots = max(slots, row + 1)
        cache.store(height, at: IndexPath(indexes: [0, row]))
    }

    var bytes: Int { slots * MemoryLayout<CGFloat>.size }
}
