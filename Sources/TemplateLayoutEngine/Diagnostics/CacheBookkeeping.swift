import Foundation

/// What every cache does around a lookup, a store, a forgotten height or bad input: count it
/// in its statistics and trace it in FD's words. Both caches use this one type, so their
/// counts and log lines cannot drift apart.
struct CacheBookkeeping {
    var statistics = CacheStatistics()
    var log: DebugLog

    /// Counts a lookup that found `height` (NaN for none) at `place`, traces it, and returns
    /// the height or `nil`. `place` is built only when tracing.
    @inline(__always)
    mutating func lookup(_ height: CGFloat, at place: @autoclosure () -> String) -> CGFloat? {
        if height.isNaN {
            statistics.misses += 1
        } else {
            statistics.hits += 1
        }
        // Out of line: formatting inlined here made every lookup save registers for it.
        if log.isEnabled { traceLookup(height, at: place) }
        return height.isNaN ? nil : height
    }

    @inline(never)
    private func traceLookup(_ height: CGFloat, at place: () -> String) {
        log.trace(height.isNaN ? "miss by \(place())" : "hit cache by \(place()) - \(HeightFormat.string(height))")
    }

    /// Whether `height` may be stored; if not, counts and reports the problem.
    mutating func accepts(_ height: CGFloat, at place: @autoclosure () -> String) -> Bool {
        guard height.isFinite && height >= 0 else {
            problem("not caching \(HeightFormat.string(height)) by \(place()): a height must be finite and not negative")
            return false
        }
        return true
    }

    /// Counts a stored height and traces it.
    mutating func stored(_ height: CGFloat, at place: @autoclosure () -> String) {
        statistics.stores += 1
        log.trace("cached by \(place()) - \(HeightFormat.string(height))")
    }

    /// Counts `count` forgotten heights and traces why.
    mutating func forgot(_ count: Int, _ reason: @autoclosure () -> String) {
        statistics.invalidations += count
        log.trace(reason())
    }

    /// Counts a layout-context switch and the heights dropped with the oldest context.
    mutating func switched(_ cache: String, from previous: LayoutContext, to context: LayoutContext, kept: Int, dropped: Int) {
        forgot(dropped, "\(cache) context \(previous) -> \(context) (\(kept) heights kept\(dropped > 0 ? ", \(dropped) dropped with the oldest context" : ""))")
    }

    /// Counts bad input and reports it.
    mutating func problem(_ message: String) {
        statistics.problems += 1
        log.problem(message)
    }
}
