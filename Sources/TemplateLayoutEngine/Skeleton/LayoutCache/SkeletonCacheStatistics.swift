import Foundation

/// What a ``SkeletonLayoutCache`` has done.
public struct SkeletonCacheStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Reads answered from memory.
    public var memoryHits = 0
    /// Reads answered from a file.
    public var diskHits = 0
    /// Reads with no usable layout (the caller maps).
    public var misses = 0
    /// Layouts stored.
    public var stores = 0
    /// Layouts evicted from memory for the limit.
    public var evictions = 0
    /// Layout and count files written.
    public var fileWrites = 0
    /// Files removed as stale (another app version or format) or damaged.
    public var discardedFiles = 0
    /// Layouts loaded into memory by warm-ups.
    public var warmedUp = 0

    /// Creates empty statistics.
    public init() {}

    /// E.g. `memory hits 40, disk hits 2, misses 1, stores 1, evictions 0, file writes 3, discarded 0, warmed up 20`.
    public var description: String {
        "memory hits \(memoryHits), disk hits \(diskHits), misses \(misses), stores \(stores), evictions \(evictions), file writes \(fileWrites), discarded \(discardedFiles), warmed up \(warmedUp)"
    }
}
