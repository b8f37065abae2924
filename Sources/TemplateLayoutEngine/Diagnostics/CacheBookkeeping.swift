import Foundation

/// What every cache counts around a lookup, a store, a forgotten height or bad input, and
/// the log it traces them to in FD's words. Both caches use this one type, through
/// ``KeepsBooks``, so their counts and log lines cannot drift apart.
struct CacheBookkeeping {
    var statistics = CacheStatistics()
    var log: DebugLog
    /// Counts every change that moves or forgets heights (updates, invalidations, context
    /// switches that drop a context, and evictions a store makes past a count limit), not
    /// the stores themselves: a measurement compares it before and after.
    var changes: UInt64 = 0
}

/// A cache keeping ``CacheBookkeeping`` in its `UncheckedState`. The methods below count
/// inside a short access to the books and call the log sink only after that access has
/// ended, through a copy of the log, so a sink may call back into the cache: the promise
/// `UncheckedState` rests on ("nothing calls out while holding an access").
protocol KeepsBooks: AnyObject {
    /// The books, through the owner's coroutine accessors.
    var books: CacheBookkeeping { get set }
    /// Traps in checked builds if an access to the owner's state is open.
    func assertNoStateAccess(before callOut: @autoclosure () -> String)
}

extension KeepsBooks {
    /// Counts a lookup that found `height` (NaN for none) at `place`, traces it, and returns
    /// the height or `nil`. `place` is built only when tracing.
    @inline(__always)
    func countLookup(_ height: CGFloat, at place: @autoclosure () -> String) -> CGFloat? {
        if height.isNaN {
            books.statistics.misses += 1
        } else {
            books.statistics.hits += 1
        }
        // Out of line: formatting inlined here made every lookup save registers for it.
        if books.log.isEnabled { traceLookup(height, at: place) }
        return height.isNaN ? nil : height
    }

    @inline(never)
    private func traceLookup(_ height: CGFloat, at place: () -> String) {
        trace(height.isNaN ? "miss by \(place())" : "hit cache by \(place()) - \(HeightFormat.string(height))")
    }

    /// Whether `height` may be stored; if not, counts and reports the problem.
    func accepts(_ height: CGFloat, at place: @autoclosure () -> String) -> Bool {
        guard height.isFinite && height >= 0 else {
            countProblem("not caching \(HeightFormat.string(height)) by \(place()): a height must be finite and not negative")
            return false
        }
        return true
    }

    /// How many times heights were moved or forgotten; see ``CacheBookkeeping/changes``.
    var changeCount: UInt64 { books.changes }

    /// Counts a stored height and traces it.
    func countStore(_ height: CGFloat, at place: @autoclosure () -> String) {
        books.statistics.stores += 1
        trace("cached by \(place()) - \(HeightFormat.string(height))")
    }

    /// Counts `count` forgotten heights and traces why.
    func countForgotten(_ count: Int, _ reason: @autoclosure () -> String) {
        books.statistics.invalidations += count
        books.changes &+= 1
        trace(reason())
    }

    /// Counts a layout-context switch and the heights dropped with the oldest context. A
    /// switch that drops nothing moves and forgets no height, so it is not a change: a
    /// collection view's measurement whose configure closure asks a size at another length
    /// switches away and back, and its result is still its own context's (review 19e, G3).
    /// The measurement compares the context itself before it stores.
    func countSwitch(_ cache: String, from previous: LayoutContext, to context: LayoutContext, kept: Int, dropped: Int) {
        let line = "\(cache) context \(previous) -> \(context) (\(kept) heights kept\(dropped > 0 ? ", \(dropped) dropped with the oldest context" : ""))"
        guard dropped > 0 else { return trace(line) }
        countForgotten(dropped, line)
    }

    /// Counts bad input and reports it.
    func countProblem(_ message: @autoclosure () -> String) {
        books.statistics.problems += 1
        let log = books.log
        assertNoStateAccess(before: "a problem report")
        log.problem(message())
    }

    /// Writes a trace line if tracing is on, with no access to the state open.
    func trace(_ message: @autoclosure () -> String) {
        let log = books.log
        guard log.isEnabled else { return }
        assertNoStateAccess(before: "a trace line")
        log.trace(message())
    }
}
