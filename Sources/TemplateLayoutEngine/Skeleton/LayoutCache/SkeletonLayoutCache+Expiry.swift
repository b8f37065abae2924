import Foundation

/// Sweeping what no read would meet, and `async` versions of the calls that take a
/// completion.
extension SkeletonLayoutCache {
    /// Removes, on the cache's queue, every layout file that is stale (another app version,
    /// system or format, or older than ``maximumAge``) or damaged, the count files of keys
    /// with no layout file left (unless loads of them were counted in this launch), the least
    /// recently used layout files past the bound, and what interrupted writes left. A file
    /// that cannot be read is reported and left. Reads only find the files of keys still in use: this finds
    /// the rest. The UIKit layer calls it when the app goes to the background.
    ///
    /// `completion` gets the number of files removed, on the cache's private serial queue,
    /// never on the main thread, as a `@Sendable` closure: hop to the main actor before
    /// touching UIKit, or await ``removeExpiredAndWait()``. A ``removeAll()`` after this
    /// call makes it do nothing.
    ///
    /// Bad input: none; without a usable directory it removes nothing and completes with 0.
    ///
    /// - Complexity: O(*f*) file reads for *f* layout files, on the queue.
    public func removeExpired(completion: (@Sendable (Int) -> Void)? = nil) {
        let generation = lock.withLock { state.generation }
        disk.async { [self] in
            let removed = expireFiles(generation: generation)
            completion?(removed)
        }
    }

    /// ``warmUp(completion:)``, awaited: returns how many layouts were loaded into memory.
    /// A caller on the main actor is suspended, never blocked.
    ///
    /// - Complexity: as ``warmUp(completion:)``, on the queue.
    @discardableResult
    public func warmUpAndWait() async -> Int {
        await withCheckedContinuation { continuation in
            warmUp { continuation.resume(returning: $0) }
        }
    }

    /// ``removeExpired(completion:)``, awaited: returns how many files were removed.
    ///
    /// - Complexity: as ``removeExpired(completion:)``, on the queue.
    @discardableResult
    public func removeExpiredAndWait() async -> Int {
        await withCheckedContinuation { continuation in
            removeExpired { continuation.resume(returning: $0) }
        }
    }

    // MARK: On the queue

    private func expireFiles(generation: UInt64) -> Int {
        guard lock.withLock({ state.generation == generation && state.pendingRemovals == 0 }), disk.prepare() else { return 0 }
        var removed = disk.sweep()
        for name in disk.names(in: Self.layoutsFolder) where Self.isOurFileName(name) {
            let stem = String(name.dropLast(5))
            switch readLayoutFile(named: stem, expecting: nil) {
            case .stale(let reason):
                removeLayoutFile(stem, because: reason, isProblem: false)
                removed += 1
            case .damaged(let reason):
                removeLayoutFile(stem, because: reason, isProblem: true)
                removed += 1
            case .layout, .missing, .otherKey:
                break
            case .unreadable(let reason):
                // Perhaps readable later (data protection): left for then.
                reportUnreadable(stem, reason)
            }
        }
        removed += keepLayoutFilesBounded()
        let layouts = Set(disk.names(in: Self.layoutsFolder))
        for name in disk.names(in: Self.countsFolder) where Self.isOurFileName(name) && !layouts.contains(name) {
            let stem = String(name.dropLast(5))
            // Loads counted in this launch, or a layout waiting for its write: still in use.
            let inUse = lock.withLock {
                state.generation != generation || state.counts[stem] != nil || state.pendingWrites.keys.contains { $0.fileName == stem }
            }
            guard !inUse else { continue }
            disk.remove(countURL(stem))
            removed += 1
        }
        return removed
    }
}
