import Foundation

extension SkeletonLayoutCache {
    /// Traps if an invariant of ``SkeletonLayoutCache`` does not hold. Call with the lock
    /// held. Compiled to nothing unless `TEMPLATE_LAYOUT_INTERNAL_CHECKS` is defined (CI
    /// defines it; see Package.swift).
    ///
    /// - Complexity: O(*n*) in the layouts in memory when checking, O(1) otherwise.
    #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
    @inline(never)
    func checkInvariants() {
        precondition(state.memory.count <= memoryLimit, "SkeletonLayoutCache: \(state.memory.count) layouts in memory, limit \(memoryLimit)")
        precondition(state.isEnabled || state.memory.isEmpty, "SkeletonLayoutCache: layouts in memory while disabled")
        var stamps = Set<UInt64>()
        for (key, entry) in state.memory {
            precondition(entry.layout.isValid, "SkeletonLayoutCache: an invalid layout in memory for \(key)")
            precondition(entry.lastUse <= state.clock && stamps.insert(entry.lastUse).inserted,
                         "SkeletonLayoutCache: recency stamp \(entry.lastUse) repeated or past the clock \(state.clock)")
        }
        for name in state.pendingCountWrites {
            precondition(state.counts[name] != nil, "SkeletonLayoutCache: a count write is pending for \(name) without a count")
        }
        for (name, count) in state.counts {
            precondition((count.stored ?? 0) >= 0 && count.added >= 0 && count.total >= 0, "SkeletonLayoutCache: a negative count for \(name)")
        }
        for (key, pending) in state.pendingWrites {
            precondition(pending.layout.isValid && pending.epoch <= state.epoch, "SkeletonLayoutCache: a bad pending write for \(key)")
        }
        precondition(state.pendingRemovals >= 0, "SkeletonLayoutCache: \(state.pendingRemovals) removals pending")
    }
    #else
    @inline(__always)
    func checkInvariants() {}
    #endif
}
