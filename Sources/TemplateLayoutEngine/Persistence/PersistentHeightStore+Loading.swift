import Foundation

/// Opening a namespace and reading its files back into memory: every file, or one layout
/// context at a time. The reads run on the disk's queue.
extension PersistentHeightStore {
    /// Which files a load reads.
    enum LoadScope: Equatable {
        /// Every file of the namespace, but those of contexts already in memory.
        case everything
        /// The file of one context (marked as loaded when the load was queued).
        case context(LayoutContext)
        /// The file written last: the context the app was in when it last wrote.
        case newest
    }

    /// Declares `namespace` with the content version its cells are laid out for, and loads
    /// every one of its files back into memory on the queue.
    ///
    /// `completion` runs on the store's private serial queue when the load is done, never on
    /// the main thread: hop to the main actor before touching UIKit, or await
    /// ``openAndWait(namespace:contentVersion:)`` instead.
    ///
    /// Opening again with another content version forgets the namespace's heights: they were
    /// measured for another layout. Opening again with the same one reads nothing (the report
    /// is empty): memory, with every record and invalidation since, is newer than the files.
    /// Files whose app version, content version or ``SystemStamp`` differ, that are older
    /// than the maximum age, or that are damaged are deleted and reported; a file that cannot
    /// be read is reported and left, to be read at the next open. Heights
    /// recorded before the load finishes win over the loaded ones; keys invalidated before it
    /// are not loaded, and are removed from the files too.
    ///
    /// Tables read one context at a time instead
    /// (``open(namespace:contentVersion:context:completion:)``): use this one for tools, or
    /// when every context is wanted at once.
    ///
    /// - Complexity: O(*n*) in the namespace's files, on the queue.
    public func open(namespace: String, contentVersion: String, completion: (@Sendable (LoadReport) -> Void)? = nil) {
        let generation = declare(namespace, contentVersion: contentVersion)
        disk.async {
            let report = self.load(namespace: namespace, contentVersion: contentVersion, generation: generation, scope: .everything)
            completion?(report)
        }
    }

    /// Declares `namespace` with the content version its cells are laid out for, and loads
    /// only the file of `context`, the one a table is in; `nil` reads the file written last
    /// (the context the app was in when it last wrote: its likely context now). The files of
    /// other contexts are read when a table linked through ``HeightPersistence`` switches to
    /// them, so a window resized through many widths never reads, or keeps, more than it uses.
    ///
    /// `completion` runs on the store's private serial queue when the load is done, never on
    /// the main thread: hop to the main actor before touching UIKit, or await
    /// ``openAndWait(namespace:contentVersion:context:)`` instead.
    ///
    /// Otherwise as ``open(namespace:contentVersion:completion:)``: another content version
    /// forgets the namespace's heights; a context already read is not read again (the report
    /// is empty); a stale, expired or damaged file is deleted and reported.
    ///
    /// Bad input: a context that is not persistable (no fixed length, or editing) reads nothing.
    ///
    /// - Complexity: one file read, on the queue.
    public func open(namespace: String, contentVersion: String, context: LayoutContext?,
                     completion: (@Sendable (LoadReport) -> Void)? = nil) {
        let generation = declare(namespace, contentVersion: contentVersion)
        let scope: LoadScope?
        if let context {
            scope = markLoading(context, namespace: namespace) ? .context(context) : nil
        } else {
            scope = .newest
        }
        disk.async {
            guard let scope else {
                completion?(LoadReport())
                return
            }
            let report = self.load(namespace: namespace, contentVersion: contentVersion, generation: generation, scope: scope)
            completion?(report)
        }
    }

    /// Marks `context` as the one in use in `namespace` and, the first time in this
    /// generation, queues the read of its file. What a table linked through
    /// ``HeightPersistence`` calls when it switches context. Nothing for a context that is not
    /// persistable or a namespace never opened.
    ///
    /// - Complexity: O(1) here; one file read on the queue.
    func activate(_ context: LayoutContext, namespace: String) {
        guard markLoading(context, namespace: namespace) else { return }
        let version: (String, Int)? = withLockedState { state in
            state.namespaces[namespace].map { ($0.contentVersion, $0.generation) }
        }
        guard let (contentVersion, generation) = version else { return }
        disk.async {
            _ = self.load(namespace: namespace, contentVersion: contentVersion, generation: generation, scope: .context(context))
        }
    }

    /// The namespace's generation after declaring it with `contentVersion`: a new content
    /// version forgets its heights and starts a new generation.
    private func declare(_ namespace: String, contentVersion: String) -> Int {
        withLockedState { state in
            if let current = state.namespaces[namespace], current.contentVersion == contentVersion { return current.generation }
            state.buckets = state.buckets.filter { $0.key.namespace != namespace }
            let generation = (state.namespaces[namespace]?.generation ?? -1) + 1
            state.namespaces[namespace] = NamespaceState(contentVersion: contentVersion, generation: generation)
            return generation
        }
    }

    /// Counts a use of `context`'s bucket and answers whether its file is still to be read
    /// (then it is marked as loading, so it is queued once).
    private func markLoading(_ context: LayoutContext, namespace: String) -> Bool {
        guard context.isPersistable else { return false }
        return withLockedState { state in
            state.clock &+= 1
            let now = state.clock
            state.buckets[BucketKey(namespace: namespace, context: context)]?.lastUse = now
            guard let current = state.namespaces[namespace], !current.isLoaded,
                  !current.loadedContexts.contains(context) else { return false }
            return state.namespaces[namespace]?.loadingContexts.insert(context).inserted ?? false
        }
    }

    // MARK: On the queue

    func load(namespace: String, contentVersion: String, generation: Int, scope: LoadScope) -> LoadReport {
        var report = LoadReport()
        func isWanted(_ state: State) -> Bool {
            guard let current = state.namespaces[namespace], current.generation == generation,
                  current.contentVersion == contentVersion, !current.isLoaded else { return false }
            if case .context(let context) = scope { return current.loadingContexts.contains(context) }
            return true
        }
        // Contexts in memory, or about to be by their own read, are skipped by a full read.
        let inMemory: Set<LayoutContext>? = withLockedState { state in
            guard isWanted(state), let current = state.namespaces[namespace] else { return nil }
            return current.loadedContexts.union(current.loadingContexts)
        }
        guard let inMemory else { return report }
        var loaded: [BucketKey: [PersistentKey: CGFloat]] = [:]
        var unreadable = false
        if disk.prepare() {
            for file in filesToLoad(namespace: namespace, scope: scope, inMemory: inMemory) {
                var expected: LayoutContext?
                if case .context(let context) = scope { expected = context }
                let result = read(file, namespace: namespace, contentVersion: contentVersion, context: expected)
                if case .failure(.missing) = result { continue }
                report.files += 1
                switch result {
                case .success(let contents):
                    let bucketKey = BucketKey(namespace: namespace, context: contents.stamp.context)
                    // One file per context: the common case assigns instead of merging.
                    if let existing = loaded[bucketKey] {
                        loaded[bucketKey] = existing.merging(contents.heights) { current, _ in current }
                    } else {
                        loaded[bucketKey] = contents.heights
                    }
                case .failure(.unreadable(let reason)):
                    // Perhaps readable later (data protection, a transient error): kept, and
                    // read again when next wanted; a write meanwhile merges instead of replacing it.
                    unreadable = true
                    log.problem("cannot read \(file.lastPathComponent) (\(reason)); leaving it for a later read")
                case .failure(let reason):
                    report.discarded += 1
                    disk.remove(file)
                    log.problem("discarded \(file.lastPathComponent): \(reason)")
                }
            }
        }
        let rewrite: Bool = withLockedState { state in
            guard isWanted(state) else { return false }
            if case .context(let context) = scope {
                // Read: in memory from now on. Unreadable: read again when next wanted.
                state.namespaces[namespace]?.loadingContexts.remove(context)
                if !unreadable { state.namespaces[namespace]?.loadedContexts.insert(context) }
            }
            return merge(loaded, into: &state, namespace: namespace, scope: scope, readsEverything: !unreadable, report: &report)
        }
        if rewrite { scheduleWrite() }
        return report
    }

    /// The files `scope` reads: every file but those of contexts in memory, one context's,
    /// or the one written last.
    private func filesToLoad(namespace: String, scope: LoadScope, inMemory: Set<LayoutContext>) -> [URL] {
        switch scope {
        case .everything:
            let skipped = Set(inMemory.map { fileName(for: BucketKey(namespace: namespace, context: $0)) })
            return files(of: namespace).filter { !skipped.contains($0.lastPathComponent) }
        case .context(let context):
            guard let url = fileURL(for: BucketKey(namespace: namespace, context: context)),
                  FileManager.default.fileExists(atPath: url.path) else { return [] }
            return [url]
        case .newest:
            let dated = files(of: namespace).map { url in
                (url, (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantPast)
            }
            // Ties (a coarse file system clock) go to the name, so the choice is deterministic.
            let newest = dated.max { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.lastPathComponent < $1.0.lastPathComponent }
            return newest.map { [$0.0] } ?? []
        }
    }

    /// Puts what a load read into memory, under the lock: heights recorded since win, keys
    /// invalidated are left out (and their files rewritten). Answers whether a write is due.
    /// `readsEverything` is false when a file could not be read: it still holds what it held.
    private func merge(_ loaded: [BucketKey: [PersistentKey: CGFloat]], into state: inout State, namespace: String,
                       scope: LoadScope, readsEverything: Bool, report: inout LoadReport) -> Bool {
        let everything = scope == .everything && readsEverything
        // Every file read: no file holds an invalidated key any more once those are rewritten.
        // One context read: other files may, so the tombstones stay for the next write.
        let invalidated = everything
            ? state.tombstones.removeValue(forKey: namespace) ?? [] : state.tombstones[namespace] ?? []
        var rewrite = false
        for (bucketKey, heights) in loaded {
            // The newest file's context may have been read already: memory is newer.
            if scope == .newest, state.namespaces[namespace]?.loadedContexts.insert(bucketKey.context).inserted != true { continue }
            var fresh = heights
            var forgot = false
            for key in invalidated where fresh.removeValue(forKey: key) != nil { forgot = true }
            state.clock &+= 1
            let now = state.clock
            // What was recorded since the app started is newer than the disk.
            if let current = state.buckets[bucketKey], !current.heights.isEmpty {
                state.buckets[bucketKey]?.heights.merge(fresh) { current, _ in current }
            } else {
                state.buckets[bucketKey] = Bucket(heights: fresh, isDirty: state.buckets[bucketKey]?.isDirty ?? false)
            }
            state.buckets[bucketKey]?.lastUse = now
            // The file still holds what was invalidated: write it again without.
            if forgot {
                state.buckets[bucketKey]?.isDirty = true
                rewrite = true
            }
            report.heights += fresh.count
        }
        if scope == .everything {
            if everything { state.namespaces[namespace]?.isLoaded = true }
            state.namespaces[namespace]?.loadedContexts.formUnion(loaded.keys.map(\.context))
        }
        return rewrite
    }
}
