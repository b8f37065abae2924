import Foundation

/// The disk side of the store: file names, loading, writing and expiry. Everything here
/// runs on the disk's queue.
extension PersistentHeightStore {
    static let fileExtension = "heights"

    /// Declares `namespace` with the content version its cells are laid out for, and loads
    /// its files back into memory on the queue; `completion` runs on the queue when done.
    ///
    /// Opening again with another content version forgets the namespace's heights: they were
    /// measured for another layout. Opening again with the same one reads nothing (the report
    /// is empty): memory, with every record and invalidation since, is newer than the files.
    /// Files whose app or content version differ, that are older than the maximum age, or
    /// that cannot be read are deleted and reported. Heights recorded before the load
    /// finishes win over the loaded ones; keys invalidated before it are not loaded, and are
    /// removed from the files too.
    ///
    /// - Complexity: O(*n*) in the namespace's files, on the queue.
    public func open(namespace: String, contentVersion: String, completion: (@Sendable (LoadReport) -> Void)? = nil) {
        let generation: Int = withLockedState { buckets, namespaces, _ in
            if let state = namespaces[namespace], state.contentVersion == contentVersion { return state.generation }
            buckets = buckets.filter { $0.key.namespace != namespace }
            let generation = (namespaces[namespace]?.generation ?? -1) + 1
            namespaces[namespace] = NamespaceState(contentVersion: contentVersion, generation: generation)
            return generation
        }
        disk.async {
            let report = self.load(namespace: namespace, contentVersion: contentVersion, generation: generation)
            completion?(report)
        }
    }

    /// Writes every dirty bucket now (on the queue); `completion` runs on the queue after.
    ///
    /// - Complexity: O(*n*) in the dirty heights.
    public func flush(completion: (@Sendable () -> Void)? = nil) {
        disk.async {
            self.writeDirtyBuckets()
            completion?()
        }
    }

    /// Deletes files older than the maximum age, then, if the rest exceed the size limit, the
    /// oldest until they fit in half of it, and with them temporary files of interrupted
    /// writes and files this store cannot name or read; `completion` gets the number deleted,
    /// on the queue.
    ///
    /// - Complexity: O(*f* log *f*) in the files of the directory.
    public func removeExpired(completion: (@Sendable (Int) -> Void)? = nil) {
        disk.async {
            let removed = self.expireFiles()
            completion?(removed)
        }
    }

    // MARK: On the queue

    func load(namespace: String, contentVersion: String, generation: Int) -> LoadReport {
        var report = LoadReport()
        func isWanted(_ namespaces: [String: NamespaceState]) -> Bool {
            guard let state = namespaces[namespace] else { return false }
            return state.generation == generation && state.contentVersion == contentVersion && !state.isLoaded
        }
        guard withLockedState({ _, namespaces, _ in isWanted(namespaces) }) else { return report }
        var loaded: [BucketKey: [PersistentKey: CGFloat]] = [:]
        if disk.prepare() {
            for file in files(of: namespace) {
                report.files += 1
                switch read(file, namespace: namespace, contentVersion: contentVersion) {
                case .success(let contents):
                    let bucketKey = BucketKey(namespace: namespace, context: contents.stamp.context)
                    // One file per context: the common case assigns instead of merging.
                    if let existing = loaded[bucketKey] {
                        loaded[bucketKey] = existing.merging(contents.heights) { current, _ in current }
                    } else {
                        loaded[bucketKey] = contents.heights
                    }
                case .failure(let reason):
                    report.discarded += 1
                    disk.remove(file)
                    log.problem("discarded \(file.lastPathComponent): \(reason)")
                }
            }
        }
        let rewrite: Bool = withLockedState { buckets, namespaces, tombstones in
            guard isWanted(namespaces) else { return false }
            let invalidated = tombstones.removeValue(forKey: namespace) ?? []
            var rewrite = false
            for (bucketKey, heights) in loaded {
                var fresh = heights
                var forgot = false
                for key in invalidated where fresh.removeValue(forKey: key) != nil { forgot = true }
                // What was recorded since the app started is newer than the disk.
                if let current = buckets[bucketKey], !current.heights.isEmpty {
                    buckets[bucketKey]?.heights.merge(fresh) { current, _ in current }
                } else {
                    buckets[bucketKey] = Bucket(heights: fresh, isDirty: buckets[bucketKey]?.isDirty ?? false)
                }
                // The file still holds what was invalidated: write it again without.
                if forgot {
                    buckets[bucketKey]?.isDirty = true
                    rewrite = true
                }
                report.heights += fresh.count
            }
            namespaces[namespace]?.isLoaded = true
            return rewrite
        }
        if rewrite { scheduleWrite() }
        return report
    }

    private enum ReadFailure: Error, CustomStringConvertible {
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

    private func read(_ file: URL, namespace: String, contentVersion: String) -> Result<HeightFile, ReadFailure> {
        decode(file).flatMap { contents in
            let stamp = contents.stamp
            if stamp.appVersion != configuration.appVersion {
                return .failure(.stale("app version \(stamp.appVersion), now \(configuration.appVersion)"))
            }
            if stamp.contentVersion != contentVersion {
                return .failure(.stale("content version \(stamp.contentVersion), now \(contentVersion)"))
            }
            if stamp.namespace != namespace {
                return .failure(.stale("namespace \(stamp.namespace) in a file named for \(namespace)"))
            }
            if now().timeIntervalSince(stamp.savedAt) > configuration.maximumAge {
                return .failure(.stale("older than \(Int(configuration.maximumAge)) s"))
            }
            return .success(contents)
        }
    }

    func writeDirtyBuckets() {
        let (dirty, unopened) = withLockedState { buckets, namespaces, tombstones in
            var dirty: [(BucketKey, [PersistentKey: CGFloat], String)] = []
            for (key, bucket) in buckets where bucket.isDirty {
                guard let version = namespaces[key.namespace]?.contentVersion else { continue }
                dirty.append((key, bucket.heights, version))
                buckets[key]?.isDirty = false
            }
            // Invalidations in namespaces never opened: their files are rewritten below.
            let unopened = tombstones.filter { namespaces[$0.key] == nil }
            for namespace in unopened.keys { tombstones[namespace] = nil }
            return (dirty, unopened)
        }
        guard !dirty.isEmpty || !unopened.isEmpty, disk.prepare() else { return }
        for (bucketKey, heights, contentVersion) in dirty {
            guard let file = fileURL(for: bucketKey) else { continue }
            if heights.isEmpty {
                disk.remove(file)
                continue
            }
            let stamp = HeightFile.Stamp(appVersion: configuration.appVersion, contentVersion: contentVersion,
                                         namespace: bucketKey.namespace, context: bucketKey.context, savedAt: now())
            write(HeightFile(stamp: stamp, heights: heights), to: file)
        }
        for (namespace, keys) in unopened { forget(keys, inFilesOf: namespace) }
    }

    /// Writes `contents` atomically; what cannot be encoded stays in memory, reported.
    private func write(_ contents: HeightFile, to file: URL) {
        do {
            disk.write(try contents.encoded(), to: file)
        } catch {
            log.problem("not writing the heights of \"\(contents.stamp.namespace)\" in \(contents.stamp.context): \(error); they stay in memory only")
        }
    }

    /// Removes `keys` from the files of a namespace that is not in memory, so that an
    /// invalidation before `open` is as durable as a record. A file that cannot be read goes.
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
        for file in files where file.date < oldest {
            disk.remove(file.url)
            removed += 1
        }
        files.removeAll { $0.date < oldest }
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

    // MARK: Names

    /// The files of `namespace`: named by a stable hash of it, so listing needs no reading.
    func files(of namespace: String) -> [URL] {
        let prefix = StableHash.name(namespace) + "-"
        return disk.names()
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix("." + Self.fileExtension) }
            .compactMap { disk.url($0) }
    }

    /// `<namespace hash>-<context hash>.heights`.
    func fileName(for key: BucketKey) -> String {
        let context = "\(key.context.widthInPixels)@\(key.context.displayScale)/\(key.context.contentSizeCategory.rawValue)"
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
