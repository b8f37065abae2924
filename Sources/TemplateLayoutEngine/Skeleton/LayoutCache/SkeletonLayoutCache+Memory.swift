import Foundation

/// The memory side of the cache. Everything here but ``miss(_:)`` runs with the lock held.
extension SkeletonLayoutCache {
    /// Counts and traces a miss: the caller maps. Without the lock.
    func miss(_ key: SkeletonLayoutKey) -> SkeletonLayout? {
        lock.withLock { state.statistics.misses += 1 }
        log.trace("skeleton cache miss \(key)")
        return nil
    }

    /// The layout in memory for `key`, marked most recently used.
    func touch(_ key: SkeletonLayoutKey) -> SkeletonLayout? {
        guard let layout = state.memory[key]?.layout else { return nil }
        state.clock &+= 1
        // Read the clock before the optional-chained write begins its access to `state`.
        let stamp = state.clock
        state.memory[key]?.lastUse = stamp
        return layout
    }

    /// What memory says about `key`: a layout (or `nil` while off), read the file (noting
    /// the epoch), or a miss without reading (a removal is pending).
    func lookUpMemory(_ key: SkeletonLayoutKey) -> MemoryLookup {
        guard state.isEnabled else { return .answer(nil) }
        if let layout = touch(key) ?? pendingLayout(key) {
            state.statistics.memoryHits += 1
            return .answer(layout)
        }
        // No file names an editing context (see LayoutContext.isPersistable).
        return state.pendingRemovals == 0 && key.context.isPersistable ? .readFile(epoch: state.epoch) : .miss
    }

    enum MemoryLookup {
        case answer(SkeletonLayout?)
        case readFile(epoch: UInt64)
        case miss
    }

    /// A layout stored and not yet written, put back in memory as the most recently used.
    func pendingLayout(_ key: SkeletonLayoutKey) -> SkeletonLayout? {
        guard let layout = state.pendingWrites[key]?.layout else { return nil }
        insert(layout, for: key)
        return layout
    }

    /// Puts `layout` in memory as the most recently used, evicting the least recently used
    /// over the limit.
    func insert(_ layout: SkeletonLayout, for key: SkeletonLayoutKey) {
        state.clock &+= 1
        state.memory[key] = State.Entry(layout: layout, lastUse: state.clock)
        while state.memory.count > memoryLimit,
              let oldest = state.memory.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            state.memory[oldest] = nil
            state.statistics.evictions += 1
        }
        checkInvariants()
    }
}
