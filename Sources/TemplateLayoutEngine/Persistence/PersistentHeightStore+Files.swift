import Foundation

/// The disk side of the store: file names, reading, writing, bounds and expiry. Everything
/// here runs on the disk's queue.
extension PersistentHeightStore {
    static let fileExtension = "heights"

    /// Writes every dirty bucket now (on the queue).
    ///
    /// `completion` runs on the store's private serial queue after the writes, never on the
    /// main thread: hop to the main actor before touching UIKit, or await ``flushAndWait()``.
    ///
    /// - Complexity: O(*n*) in the dirty heights.
    public func flush(completion: (@Sendable () -> Void)? = nil) {
        disk.async {
            self.writeDirtyBuckets()
            completion?()
        }
    }

    /// Deletes files older than the maximum age and files of an older format, then, if the
    /// rest exceed the size limit, the oldest until they fit in half of it, and with them
    /// temporary files of interrupted writes and files this store cannot name or read.
    ///
    /// `completion` gets the number deleted, on the store's private serial queue, never on the
    /// main thread: hop to the main actor before touching UIKit, or await
    /// ``removeExpiredAndWait()``.
    ///
    /// - Complexity: O(*f* log *f*) in the files of the directory.
    public func removeExpired(completion: (@Sendable (Int) -> Void)? = nil) {
        disk.async {
            let removed = self.expireFiles()
            completion?(removed)
        }
    }

    // MARK: Reading

    enum ReadFailure: Error, CustomStringConvertible {
        /// No file (or it went since it was listed).
        case missing
        /// There and not read (permission, data protection, I/O): perhaps readable later, so
        /// never deleted and never overwritten with less than it holds.
        case unreadable(String)
        /// Read, and not whole or not a height file: deleted.
        case corrupted(FileDecodingError)
        /// Read, whole, and written for something else: deleted.
        case stale(String)

        var description: String {
            switch self {
            case .missing: return "missing"
            case .unreadable(let reason): return "unreadable (\(reason))"
            case .corrupted(let error): return "corrupted (\(error))"
            case .stale(let reason): return "stale (\(reason))"
            }
        }
    }

    private func decode(_ file: URL) -> Result<HeightFile, ReadFailure> {
        let data: Data
        switch disk.read(file) {
        case .data(let bytes): data = bytes
        case .missing: return .failure(.missing)
        case .unreadable(let reason): return .failure(.unreadable(reason))
        }
        do {
            return .success(try HeightFile.decode(data))
        } catch FileDecodingError.unsupportedVersion(let version) {
            return .failure(.stale("format version \(version), now \(HeightFile.envelope.version)"))
        } catch let error as FileDecodingError {
            return .failure(.corrupted(error))
        } catch {
            return .failure(.corrupted(.invalidContent(String(describing: error))))
        }
    }

    /// Reads `file` and checks its stamp against what is current; `context`, when given, is
    /// the one the file is named for.
    func read(_ file: URL, namespace: String, contentVersion: String, context: LayoutContext? = nil) -> Result<HeightFile, ReadFailure> {
        decode(file).flatMap { contents in
            let stamp = contents.stamp
            if stamp.appVersion != configuration.appVersion {
                return .failure(.stale("app version \(stamp.appVersion), now \(configuration.appVersion)"))
            }
            if stamp.system != configuration.system {
                return .failure(.stale("written under \(stamp.system), now \(configuration.system)"))
            }
            if stamp.contentVersion != contentVersion {
                return .failure(.stale("content version \(stamp.contentVersion), now \(contentVersion)"))
            }
            if stamp.namespace != namespace {
                return .failure(.stale("namespace \(stamp.namespace) in a file named for \(namespace)"))
            }
            if let context, stamp.context != context {
                return .failure(.stale("layout context \(stamp.context) in a file named for \(context)"))
            }
            if now().timeIntervalSince(stamp.savedAt) > configuration.maximumAge {
                return .failure(.stale("older than \(Int(configuration.maximumAge)) s"))
            }
            return .success(contents)
        }
    }

    // MARK: Writing

    /// A dirty bucket, as the write takes it.
    private struct DirtyBucket {
        var key: BucketKey
        var heights: [PersistentKey: CGFloat]
        var contentVersion: String
        var generation: Int
        /// Whether its context's file was never read into memory (a bucket dropped past the
        /// context limit and recorded into again, or a context never activated): the file
        /// may hold more than memory, so the write merges it instead of replacing it.
        var mergesFile: Bool
    }

    func writeDirtyBuckets() {
        let (dirty, forgetting) = withLockedState { state in
            var dirty: [DirtyBucket] = []
            for (key, bucket) in state.buckets where bucket.isDirty {
                guard let namespace = state.namespaces[key.namespace] else { continue }
                let isRead = namespace.isLoaded || namespace.loadedContexts.contains(key.context)
                dirty.append(DirtyBucket(key: key, heights: bucket.heights, contentVersion: namespace.contentVersion,
                                         generation: namespace.generation, mergesFile: !isRead))
                state.buckets[key]?.isDirty = false
            }
            // Invalidations files may still hold (their namespace never opened, or read one
            // context at a time): removed from the files below, after the dirty buckets.
            let forgetting = state.tombstones
            state.tombstones = [:]
            return (dirty, forgetting)
        }
        guard !dirty.isEmpty || !forgetting.isEmpty else { return }
        guard disk.prepare() else {
            // A directory that failed (reported) is tried again at the next write: keep what it owes.
            guard disk.isUsable else { return }
            for bucket in dirty { markDirty(bucket.key) }
            for (namespace, keys) in forgetting { remember(keys, namespace: namespace) }
            return
        }
        for bucket in dirty {
            guard let file = fileURL(for: bucket.key) else { continue }
            var heights = bucket.heights
            if bucket.mergesFile {
                guard let merged = mergeFile(file, into: bucket, forgetting: forgetting[bucket.key.namespace] ?? []) else { continue }
                heights = merged
            }
            if heights.isEmpty {
                disk.remove(file)
                continue
            }
            let stamp = HeightFile.Stamp(appVersion: configuration.appVersion, contentVersion: bucket.contentVersion,
                                         namespace: bucket.key.namespace, system: configuration.system,
                                         context: bucket.key.context, savedAt: now())
            if !write(HeightFile(stamp: stamp, heights: heights), to: file) { markDirty(bucket.key) }
        }
        // Every file, those of contexts in memory too: one may be marked for reading and not
        // read yet, and the others were just written from memory, so nothing changes in them.
        for (namespace, keys) in forgetting { forget(keys, inFilesOf: namespace) }
        let written = Set(dirty.map(\.key.namespace))
        for namespace in written { keepContextsOnDisk(of: namespace) }
        keepContextsInMemory(of: written)
    }

    /// The heights to write for a bucket whose file was never read: the file's (current,
    /// less the keys invalidated), overlaid with memory's, which are newer; the file's are
    /// kept in memory too, and the context counts as read. `nil` when the file is there and
    /// cannot be read: the bucket stays dirty and its file untouched, for a later write.
    private func mergeFile(_ file: URL, into bucket: DirtyBucket, forgetting: Set<PersistentKey>) -> [PersistentKey: CGFloat]? {
        let key = bucket.key
        var onDisk: [PersistentKey: CGFloat] = [:]
        switch read(file, namespace: key.namespace, contentVersion: bucket.contentVersion, context: key.context) {
        case .success(let contents):
            onDisk = contents.heights
            for invalidated in forgetting { onDisk.removeValue(forKey: invalidated) }
        case .failure(.missing):
            break
        case .failure(.unreadable(let reason)):
            log.problem("not writing the heights of \"\(key.namespace)\" in \(key.context) yet: \(file.lastPathComponent) " +
                        "is \(reason) and may hold more; trying again at the next write")
            markDirty(key)
            return nil
        case .failure(let reason):
            // Replaced by the write below.
            log.problem("replacing \(file.lastPathComponent): \(reason)")
        }
        withLockedState { state in
            guard state.namespaces[key.namespace]?.generation == bucket.generation else { return }
            // Keys invalidated since the write began are tombstones again: not brought back.
            let invalidated = state.tombstones[key.namespace] ?? []
            let fresh = onDisk.filter { !invalidated.contains($0.key) }
            if state.buckets[key] != nil { state.buckets[key]?.heights.merge(fresh) { current, _ in current } }
            state.namespaces[key.namespace]?.loadedContexts.insert(key.context)
        }
        return onDisk.merging(bucket.heights) { _, memory in memory }
    }

    /// Marks a bucket to be written again by the next write.
    private func markDirty(_ key: BucketKey) {
        withLockedState { state in state.buckets[key]?.isDirty = true }
    }

    /// Writes `contents` atomically; what cannot be encoded stays in memory, reported.
    /// Answers whether it was written.
    @discardableResult
    private func write(_ contents: HeightFile, to file: URL) -> Bool {
        do {
            return disk.write(try contents.encoded(), to: file)
        } catch {
            log.problem("not writing the heights of \"\(contents.stamp.namespace)\" in \(contents.stamp.context): \(error); they stay in memory only")
            return true
        }
    }

    /// Removes `keys` from the files of a namespace, so that an invalidation is as durable as
    /// a record. A damaged file goes; one that cannot be read stays, and the keys are
    /// remembered for the next write.
    private func forget(_ keys: Set<PersistentKey>, inFilesOf namespace: String) {
        for file in files(of: namespace) {
            switch decode(file) {
            case .success(var contents):
                let before = contents.heights.count
                for key in keys { contents.heights.removeValue(forKey: key) }
                if contents.heights.isEmpty {
                    disk.remove(file)
                } else if contents.heights.count != before, !write(contents, to: file) {
                    remember(keys, namespace: namespace)
                }
            case .failure(.missing):
                break
            case .failure(.unreadable(let reason)):
                log.problem("cannot read \(file.lastPathComponent) to forget invalidated heights (\(reason)); trying again at the next write")
                remember(keys, namespace: namespace)
            case .failure(let reason):
                disk.remove(file)
                log.problem("discarded \(file.lastPathComponent): \(reason)")
            }
        }
    }

    /// Keeps `keys` as tombstones of `namespace`, for the next write to remove from files.
    private func remember(_ keys: Set<PersistentKey>, namespace: String) {
        withLockedState { state in
            guard state.namespaces[namespace] != nil else { return }
            state.tombstones[namespace, default: []].formUnion(keys)
        }
    }

    // MARK: Bounds

    /// Removes the files of `namespace` past ``Configuration/maximumContextsPerNamespace``:
    /// contexts in memory are kept first, the most recently used first, then the most
    /// recently written.
    private func keepContextsOnDisk(of namespace: String) {
        let limit = configuration.maximumContextsPerNamespace
        let files = files(of: namespace)
        guard files.count > limit else { return }
        let uses: [String: UInt64] = withLockedState { state in
            var uses: [String: UInt64] = [:]
            for (key, bucket) in state.buckets where key.namespace == namespace { uses[fileName(for: key)] = bucket.lastUse }
            return uses
        }
        let ranked = files.map { url in
            (url: url, use: uses[url.lastPathComponent],
             date: (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantPast)
        }.sorted { first, second in
            switch (first.use, second.use) {
            case let (first?, second?): return first > second
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return first.date != second.date ? first.date > second.date : first.url.lastPathComponent < second.url.lastPathComponent
            }
        }
        for file in ranked.dropFirst(limit) { disk.remove(file.url) }
        log.trace("removed \(ranked.count - limit) height file(s) of \"\(namespace)\" past \(limit) layout contexts")
    }

    /// Drops from memory the least recently used written buckets of `namespaces` past the
    /// limit; their contexts are read again from their files if used again.
    private func keepContextsInMemory(of namespaces: Set<String>) {
        let limit = configuration.maximumContextsPerNamespace
        withLockedState { state in
            for namespace in namespaces {
                let held = state.buckets.filter { $0.key.namespace == namespace }
                guard held.count > limit else { continue }
                let clean = held.filter { !$0.value.isDirty }.sorted { $0.value.lastUse < $1.value.lastUse }
                for (key, _) in clean.prefix(held.count - limit) {
                    state.buckets[key] = nil
                    state.namespaces[namespace]?.loadedContexts.remove(key.context)
                    state.namespaces[namespace]?.isLoaded = false
                }
            }
        }
    }

    // MARK: Expiry

    func expireFiles() -> Int {
        guard disk.prepare(), let directory = disk.directory else { return 0 }
        var removed = disk.sweep()
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let urls = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return removed }
        var files: [(url: URL, date: Date, size: Int)] = urls
            .filter { $0.pathExtension == Self.fileExtension }
            .map { url in
                let values = try? url.resourceValues(forKeys: Set(keys))
                return (url, values?.contentModificationDate ?? .distantPast, values?.fileSize ?? 0)
            }
        let oldest = now().addingTimeInterval(-configuration.maximumAge)
        // An older format is never read again; a file of it named for a context no longer
        // used would otherwise wait out the maximum age.
        let isExpired = { (file: (url: URL, date: Date, size: Int)) in file.date < oldest || self.isOlderFormat(file.url) }
        for file in files where isExpired(file) {
            disk.remove(file.url)
            removed += 1
        }
        files.removeAll(where: isExpired)
        var total = files.reduce(0) { $0 + $1.size }
        if total > configuration.maximumTotalSize {
            for file in files.sorted(by: { $0.date < $1.date }) where total > configuration.maximumTotalSize / 2 {
                disk.remove(file.url)
                total -= file.size
                removed += 1
            }
        }
        return removed
    }

    /// Whether `url` starts with the height file's magic and another format version. Reads
    /// five bytes.
    private func isOlderFormat(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let envelope = HeightFile.envelope
        guard let header = try? handle.read(upToCount: FileEnvelope.headerSize), header.count == FileEnvelope.headerSize,
              Array(header.prefix(envelope.magic.count)) == envelope.magic else { return false }
        return header.last != envelope.version
    }

    // MARK: Names

    /// The files of `namespace`: named by a stable hash of it, so listing needs no reading.
    func files(of namespace: String) -> [URL] {
        let prefix = StableHash.name(namespace) + "-"
        return disk.names()
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix("." + Self.fileExtension) }
            .compactMap { disk.url($0) }
    }

    /// `<namespace hash>-<context hash>.heights`. A height-fixed context's name adds `/height`
    /// to what is hashed, and a bold context's `/bold`, so a regular width-fixed (table)
    /// context keeps the name earlier formats gave it (their files are then read once and
    /// discarded as stale instead of left behind), and a chip row 320 pixels high never
    /// shares a file with a table 320 pixels wide.
    func fileName(for key: BucketKey) -> String {
        var context = "\(key.context.lengthInPixels)@\(key.context.displayScale)/\(key.context.contentSizeCategory.rawValue)"
        if key.context.fixedDimension == .height { context += "/height" }
        if key.context.legibilityWeight == .bold { context += "/bold" }
        return "\(StableHash.name(key.namespace))-\(StableHash.name(context)).\(Self.fileExtension)"
    }

    func fileURL(for key: BucketKey) -> URL? {
        disk.url(fileName(for: key))
    }

    /// Whether a file name without its extension is one ``fileName(for:)`` makes.
    static func isFileStem(_ stem: Substring) -> Bool {
        let parts = stem.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && StableHash.isName(parts[0]) && StableHash.isName(parts[1])
    }
}
