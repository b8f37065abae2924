import Foundation

/// The disk side of the store: file names, loading, writing and expiry. Everything here
/// runs on the store's queue.
extension PersistentHeightStore {
    static let fileExtension = "heights"

    /// Declares `namespace` with the content version its cells are laid out for, and loads
    /// its files back into memory on the queue; `completion` runs on the queue when done.
    ///
    /// Opening again with another content version forgets the namespace's heights: they were
    /// measured for another layout. Files whose app or content version differ, that are
    /// older than the maximum age, or that cannot be read are deleted and reported.
    /// Heights recorded before the load finishes win over the loaded ones.
    ///
    /// - Complexity: O(*n*) in the namespace's files, on the queue.
    public func open(namespace: String, contentVersion: String, completion: (@Sendable (LoadReport) -> Void)? = nil) {
        let generation: Int = withLockedState { buckets, namespaces in
            if let state = namespaces[namespace], state.contentVersion == contentVersion {
                namespaces[namespace]?.isLoading = true
                return state.generation
            }
            buckets = buckets.filter { $0.key.namespace != namespace }
            let generation = (namespaces[namespace]?.generation ?? -1) + 1
            namespaces[namespace] = NamespaceState(contentVersion: contentVersion, generation: generation, isLoading: true)
            return generation
        }
        queue.async {
            let report = self.load(namespace: namespace, contentVersion: contentVersion, generation: generation)
            completion?(report)
        }
    }

    /// Writes every dirty bucket now (on the queue); `completion` runs on the queue after.
    ///
    /// - Complexity: O(*n*) in the dirty heights.
    public func flush(completion: (@Sendable () -> Void)? = nil) {
        queue.async {
            self.writeDirtyBuckets()
            completion?()
        }
    }

    /// Deletes files older than the maximum age, then, if the rest exceed the size limit, the
    /// oldest until they fit in half of it; `completion` gets the number deleted, on the queue.
    ///
    /// - Complexity: O(*f* log *f*) in the files of the directory.
    public func removeExpired(completion: (@Sendable (Int) -> Void)? = nil) {
        queue.async {
            let removed = self.expireFiles()
            completion?(removed)
        }
    }

    // MARK: On the queue

    func load(namespace: String, contentVersion: String, generation: Int) -> LoadReport {
        var report = LoadReport()
        guard ensureDirectory() else {
            withLockedState { _, namespaces in namespaces[namespace]?.isLoading = false }
            return report
        }
        var loaded: [BucketKey: [PersistentKey: CGFloat]] = [:]
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
                try? FileManager.default.removeItem(at: file)
                log.problem("discarded \(file.lastPathComponent): \(reason)")
            }
        }
        withLockedState { buckets, namespaces in
            guard let state = namespaces[namespace], state.generation == generation, state.contentVersion == contentVersion else { return }
            for (bucketKey, heights) in loaded {
                var fresh = heights
                for key in state.invalidatedDuringLoad { fresh.removeValue(forKey: key) }
                // What was recorded since the app started is newer than the disk.
                if let current = buckets[bucketKey], !current.heights.isEmpty {
                    buckets[bucketKey]?.heights.merge(fresh) { current, _ in current }
                } else {
                    buckets[bucketKey] = Bucket(heights: fresh, isDirty: buckets[bucketKey]?.isDirty ?? false)
                }
                report.heights += fresh.count
            }
            namespaces[namespace]?.isLoading = false
            namespaces[namespace]?.invalidatedDuringLoad = []
        }
        return report
    }

    private enum ReadFailure: Error, CustomStringConvertible {
        case unreadable(String)
        case corrupted(HeightFile.DecodingError)
        case stale(String)

        var description: String {
            switch self {
            case .unreadable(let reason): return "unreadable (\(reason))"
            case .corrupted(let error): return "corrupted (\(error))"
            case .stale(let reason): return "stale (\(reason))"
            }
        }
    }

    private func read(_ file: URL, namespace: String, contentVersion: String) -> Result<HeightFile, ReadFailure> {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return .failure(.unreadable(error.localizedDescription))
        }
        let contents: HeightFile
        do {
            contents = try HeightFile.decode(data)
        } catch let error as HeightFile.DecodingError {
            return .failure(.corrupted(error))
        } catch {
            return .failure(.unreadable(String(describing: error)))
        }
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

    func writeDirtyBuckets() {
        let dirty: [(BucketKey, [PersistentKey: CGFloat], String)] = withLockedState { buckets, namespaces in
            var result: [(BucketKey, [PersistentKey: CGFloat], String)] = []
            for (key, bucket) in buckets where bucket.isDirty {
                guard let version = namespaces[key.namespace]?.contentVersion else { continue }
                result.append((key, bucket.heights, version))
                buckets[key]?.isDirty = false
            }
            return result
        }
        guard !dirty.isEmpty, ensureDirectory() else { return }
        for (bucketKey, heights, contentVersion) in dirty {
            let file = fileURL(for: bucketKey)
            if heights.isEmpty {
                try? FileManager.default.removeItem(at: file)
                continue
            }
            let stamp = HeightFile.Stamp(appVersion: configuration.appVersion, contentVersion: contentVersion,
                                         namespace: bucketKey.namespace, context: bucketKey.context, savedAt: now())
            do {
                // Atomic: a reader sees the old file or the new one, never half of one.
                try HeightFile(stamp: stamp, heights: heights).encoded().write(to: file, options: .atomic)
            } catch {
                log.problem("could not write \(file.lastPathComponent): \(error.localizedDescription)")
            }
        }
    }

    func expireFiles() -> Int {
        guard ensureDirectory() else { return 0 }
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let urls = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return 0 }
        var files: [(url: URL, date: Date, size: Int)] = urls
            .filter { $0.pathExtension == Self.fileExtension }
            .map { url in
                let values = try? url.resourceValues(forKeys: Set(keys))
                return (url, values?.contentModificationDate ?? .distantPast, values?.fileSize ?? 0)
            }
        var removed = 0
        let oldest = now().addingTimeInterval(-configuration.maximumAge)
        for file in files where file.date < oldest {
            try? FileManager.default.removeItem(at: file.url)
            removed += 1
        }
        files.removeAll { $0.date < oldest }
        var total = files.reduce(0) { $0 + $1.size }
        if total > configuration.maximumTotalSize {
            for file in files.sorted(by: { $0.date < $1.date }) where total > configuration.maximumTotalSize / 2 {
                try? FileManager.default.removeItem(at: file.url)
                total -= file.size
                removed += 1
            }
        }
        return removed
    }

    /// The files of `namespace`: named by a stable hash of it, so listing needs no reading.
    func files(of namespace: String) -> [URL] {
        let prefix = Self.stableHash(namespace) + "-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix("." + Self.fileExtension) }
            .sorted()
            .map { directory.appendingPathComponent($0) }
    }

    func fileURL(for key: BucketKey) -> URL {
        let context = "\(key.context.widthInPixels)@\(key.context.displayScale)/\(key.context.contentSizeCategory.rawValue)"
        return directory.appendingPathComponent("\(Self.stableHash(key.namespace))-\(Self.stableHash(context)).\(Self.fileExtension)")
    }

    /// FNV-1a, 64 bits, as 16 hex digits: the same in every launch, unlike `hashValue`.
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
