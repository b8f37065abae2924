import Foundation

/// What one table's caches and measurements have done.
public struct TableHeightStatistics: Hashable, Sendable {
    /// The index-path cache's counts (headers and footers included).
    public var indexPath: CacheStatistics
    /// The keyed cache's counts.
    public var keyed: CacheStatistics
    /// Cells (or headers and footers) laid out to measure a height.
    public var layouts: Int
    /// Time spent in those layouts, in seconds.
    public var measuringTime: TimeInterval
    /// Requests answered with the fallback height because the table had no width.
    public var unmeasurableRequests: Int
    /// Keyed misses answered by heights persisted in an earlier launch (each also counted as
    /// a keyed miss, then stored in the keyed cache).
    public var persistedHits: Int
    /// Heights UIKit gave displayed rows that were recorded as new or changed
    /// (`TableHeightCache.recordDisplayedHeight(_:for:identifier:)`).
    package var recordedHeights: Int = 0

    /// Hits of both caches.
    public var hits: Int { indexPath.hits + keyed.hits }
    /// Misses of both caches.
    public var misses: Int { indexPath.misses + keyed.misses }
}
