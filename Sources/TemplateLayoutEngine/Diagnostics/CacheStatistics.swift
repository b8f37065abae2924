import Foundation

/// What one height cache has done since it was created or last reset.
///
/// Counting costs an integer add per lookup, and it is what turns "a cache should help"
/// into a number: a cache can be slower than `UITableView.automaticDimension` for an app,
/// and only measuring shows it.
public struct CacheStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Lookups that found a height.
    public var hits = 0
    /// Lookups that found none.
    public var misses = 0
    /// Heights stored.
    public var stores = 0
    /// Heights forgotten: invalidated, reloaded, deleted, or evicted for a count limit.
    public var invalidations = 0
    /// Bad inputs reported (invalid heights, out-of-range or contradictory updates).
    public var problems = 0

    /// Creates empty statistics.
    public init() {}

    /// Lookups in total: hits plus misses.
    public var lookups: Int { hits + misses }

    /// Hits over lookups, from 0 to 1; 0 when there were no lookups.
    public var hitRate: Double { lookups == 0 ? 0 : Double(hits) / Double(lookups) }

    /// E.g. `hits 90, misses 10 (90.0%), stores 10, invalidations 0, problems 0`.
    public var description: String {
        let rate = String(format: "%.1f%%", hitRate * 100)
        return "hits \(hits), misses \(misses) (\(rate)), stores \(stores), invalidations \(invalidations), problems \(problems)"
    }
}
