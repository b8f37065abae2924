import Foundation

extension SkeletonLayoutCache {
    /// Loads the ``warmUpCount`` most loaded layouts into memory, on the cache's queue,
    /// and calls `completion` there with how many it loaded. Call it once at launch; the
    /// caller's thread only queues the work.
    ///
    /// `completion` runs on the cache's private serial queue, never on the main thread, as a
    /// `@Sendable` closure: hop to the main actor before touching UIKit, or await
    /// ``warmUpAndWait()`` instead.
    ///
    /// Reads every count file (damaged ones are discarded), ranks keys by count (ties by
    /// file name, so the choice is deterministic), and loads the layout files of the top
    /// ones that are current and readable, skipping keys already in memory. Stale and
    /// damaged layout files met on the way are removed. A ``removeAll()`` after this call
    /// cancels it: nothing removed comes back.
    ///
    /// Bad input: none; with the cache off or without a usable directory it loads nothing
    /// and completes with 0.
    ///
    /// - Complexity: O(*c* log *c*) for *c* count files, plus ``warmUpCount`` file reads,
    ///   all on the queue.
    public func warmUp(completion: (@Sendable (Int) -> Void)? = nil) {
        let generation = lock.withLock { state.generation }
        disk.async { [self] in
            let loaded = loadMostLoaded(generation: generation)
            log.trace("skeleton cache warmed up \(loaded) layouts")
            completion?(loaded)
        }
    }

    private func loadMostLoaded(generation: UInt64) -> Int {
        let ready = lock.withLock { state.isEnabled && state.generation == generation }
        guard ready, warmUpCount > 0, disk.prepare() else { return 0 }
        let names = disk.names(in: Self.countsFolder).filter(Self.isOurFileName).map { String($0.dropLast(5)) }
        var ranked: [(name: String, count: Int)] = []
        for name in names {
            let onDisk = readCount(named: name)
            let total: Int? = lock.withLock {
                guard state.generation == generation else { return nil }
                if let onDisk, state.counts[name]?.stored == nil { state.counts[name, default: State.Count()].stored = onDisk }
                return state.counts[name]?.total ?? 0
            }
            guard let total else { return 0 }
            if onDisk != nil { ranked.append((name, total)) }
        }
        ranked.sort { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        var loaded = 0
        for (name, _) in ranked.prefix(warmUpCount) {
            switch readLayoutFile(named: name, expecting: nil) {
            case .layout(let layout, let key):
                // A file renamed by hand holds a key whose name is not its own: skip it.
                guard key.fileName == name else { continue }
                let inserted: Bool? = lock.withLock {
                    guard state.generation == generation else { return nil }
                    // A layout stored meanwhile is newer than the file.
                    guard state.isEnabled, state.memory[key] == nil, state.pendingWrites[key] == nil else { return false }
                    insert(layout, for: key)
                    state.statistics.warmedUp += 1
                    return true
                }
                guard let inserted else { return loaded }
                if inserted { loaded += 1 }
            case .stale(let reason):
                removeLayoutFile(name, because: reason, isProblem: false)
            case .damaged(let reason):
                removeLayoutFile(name, because: reason, isProblem: true)
            case .missing, .otherKey, .unreadable:
                break
            }
        }
        return loaded
    }
}
