import Foundation

extension SkeletonLayoutCache {
    /// The layout in memory for `key`, never reading a file: what the main thread asks while
    /// it configures a cell, where even a small file read can cost a frame. `nil` on a
    /// memory miss or while the cache is off; follow a miss with
    /// ``loadIntoMemory(_:storingIfMissing:)``.
    ///
    /// - Complexity: O(1) on average; no disk access.
    package func layoutInMemory(for key: SkeletonLayoutKey) -> SkeletonLayout? {
        lock.withLock {
            guard state.isEnabled, let layout = touch(key) else { return nil }
            state.statistics.memoryHits += 1
            return layout
        }
    }

    /// Reads `key`'s file into memory on the cache's queue, off the caller's thread, so the
    /// next ``layoutInMemory(for:)`` finds it; when there is no usable file, keeps `mapped`
    /// instead (the layout the caller mapped while it could not wait).
    ///
    /// Bad input: an invalid `mapped` layout is not kept (see ``store(_:for:)``); nothing
    /// happens while the cache is off.
    ///
    /// - Complexity: O(1) on the caller's thread; one file read on the queue.
    package func loadIntoMemory(_ key: SkeletonLayoutKey, storingIfMissing mapped: SkeletonLayout?) {
        queue.async { [self] in
            guard layout(for: key) == nil, let mapped else { return }
            store(mapped, for: key)
        }
    }
}
