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
        case unreadable(String)
        case corrupted(FileDecodingError)
        case stale(String)

        var description: String {
            switch self {
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
        case .missing: return .failure(.unreadable("missing"))
        case .unreadable(let reason): return .failure(.unreadable(reason))
        }
        do {
            return .success(try HeightFile.decode(data))
        } catch FileDecodingError.unsupportedVersion(let version) {
            return .failure(.stale("format version \(version), now \(HeightFile.envelope.version)"))
        } catch let error as FileDecodingError {
            return .failure(.corrupted(error))
        } catch {
            return .failure(.unreadable(String(describing: error)))
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

    func writeDirtyBuckets() {
        let (dirty, forgetting) = withLockedState { state in
            var dirty: [(BucketKey, [PersistentKey: CGFloat], String)] = []
            for (key, bucket) in state.buckets where bucket.isDirty {
                guard let version = state.namespaces[key.namespace]?.contentVersion else { continue }
                dirty.append((key, bucket.heights, version))
                state.buckets[key]?.isDirty = false
            }
            // Invalidations files may still hold (their namespace never opened, or read one
            // context at a time): removed from the files below, after the dirty buckets.
            let forgetting = state.tombstones
            state.tombstones = [:]
            return (dirty, forgetting)
        }
        guard !dirty.isEmpty || !forgetting.isEmpty, disk.prepare() else { return }
        for (bucketKey, heights, contentVersion) in dirty {
            guard let file = fileURL(for: bucketKey) else { continue }
            if heights.isEmpty {
                disk.remove(file)
                continue
            }
            let stamp = HeightFile.Stamp(appVersion: configuration.appVersion, contentVersion: contentVersion,
                                         namespace: bucketKey.namespace, system: configuration.system,
                                         context: bucketKey.context, savedAt: now())
            write(HeightFile(stamp: stamp, heights: heights), to: file)
        }
        // Every file, those of contexts in memory too: one may be marked for reading and not
        // read yet, and the others were just written from memory, so nothing changes in them.
        for (namespace, keys) in forgetting { forget(keys, inFilesOf: namespace) }
        let written = Set(dirty.map(\.0.namespace))
        for namespace in written { keepContextsOnDisk(of: namespace) }
        keepContextsInMemory(of: written)
    }

    /// Writes `contents` atomically; what cannot be encoded stays in memory, reported.
    private func write(_ contents: HeightFile, to file: URL) {
        do {
            disk.write(try contents.encoded(), to: file)
        } catch {
            log.problem("not writing the heights of \"\(contents.stamp.namespace)\" in \(contents.stamp.context): \(error); they stay in memory only")
        }
    }

    /// Removes `keys` from the files of a namespace, so that an invalidation is as durable as
    /// a record. A file that cannot be read goes.
    private func forget(_ keys: Set<PersistentKey>, inFilesOf namespace: String) {
        for file in files(of: namespace) {
            switch decode(file) {
            case .success(var contents):
                let before = contents.heights.count
                for key in keys { contents.heights.removeValue(forKey: key) }
                if contents.heights.isEmpty {
                    disk.remove(file)
                } else if contents.heights.count != before {
                    write(contents, to: file)
                }
            case .failure(let reason):
                disk.remove(file)
                log.problem("discarded \(file.lastPathComponent): \(reason)")
            }
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

    /// `<namespace hash>-<context hash>.heights`. A bold context's name adds `/bold` to what
    /// is hashed, so a regular context keeps the name earlier formats gave it (their files
    /// are then read once and discarded as stale instead of left behind).
    func fileName(for key: BucketKey) -> String {
        var context = "\(key.context.widthInPixels)@\(key.context.displayScale)/\(key.context.contentSizeCategory.rawValue)"
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
