import Foundation

/// A layout file: the layout, the key it is for, and what makes it current.
struct SkeletonLayoutFile: Codable {
    /// The file format; another number is stale.
    static let currentFormat = 1

    var format: Int
    var appVersion: String
    var key: StoredSkeletonLayoutKey
    var layout: SkeletonLayout
}

/// A count file: how often a key's skeleton was loaded. Tiny on purpose, so counting
/// never rewrites a layout.
struct SkeletonCountFile: Codable {
    var format: Int
    var count: Int
}

/// What reading a layout file found.
enum SkeletonDiskRead {
    /// A current, valid layout, and the key the file holds.
    case layout(SkeletonLayout, key: SkeletonLayoutKey)
    /// No file, or no usable directory.
    case missing
    /// Written by another app version or file format: map again.
    case stale(String)
    /// Unreadable, truncated, garbage, or out of range.
    case damaged(String)
    /// A well-formed file for another key (a hash collision): a miss, not a problem.
    case otherKey
}

extension SkeletonLayoutCache {
    // MARK: Paths

    /// `<hash>.json` for a file name, so temporary files of atomic writes and strays
    /// (`.DS_Store`) are never mistaken for ours.
    static func isOurFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".json") else { return false }
        let stem = name.dropLast(5)
        return stem.count == 16 && stem.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    func layoutURL(_ name: String) -> URL? { layoutsDirectory?.appendingPathComponent(name + ".json") }
    func countURL(_ name: String) -> URL? { countsDirectory?.appendingPathComponent(name + ".json") }

    // MARK: Directory

    /// Creates the directories; on failure the cache goes memory-only, with one report.
    /// Runs on the queue.
    func prepareDirectories() {
        guard let layoutsDirectory, let countsDirectory else { return }
        do {
            for url in [layoutsDirectory, countsDirectory] {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            }
        } catch {
            diskFailed("cannot create the skeleton cache directory \(directory?.path ?? "-") (\(error.localizedDescription))")
        }
    }

    /// Turns the disk off after a failure, reporting only the first.
    func diskFailed(_ reason: String) {
        let first: Bool = lock.withLock {
            defer { state.diskIsUsable = false }
            return state.diskIsUsable
        }
        if first { log.problem("\(reason); skeleton layouts are kept in memory only from now on") }
    }

    // MARK: Reading

    /// Reads `key`'s layout file; a stale or damaged one is reported and its removal
    /// queued. Runs on any thread; never holds the lock while reading.
    func readFromDisk(_ key: SkeletonLayoutKey) -> SkeletonDiskRead {
        guard lock.withLock({ state.diskIsUsable }) else { return .missing }
        let name = key.fileName
        let result = readLayoutFile(named: name, expecting: key)
        switch result {
        case .stale(let reason): discard(name, because: reason, isProblem: false)
        case .damaged(let reason): discard(name, because: reason, isProblem: true)
        case .layout, .missing, .otherKey: break
        }
        return result
    }

    /// Reads and checks one layout file. `expecting` nil accepts any key (warm-up).
    func readLayoutFile(named name: String, expecting key: SkeletonLayoutKey?) -> SkeletonDiskRead {
        guard let url = layoutURL(name), FileManager.default.fileExists(atPath: url.path) else { return .missing }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .damaged("unreadable (\(error.localizedDescription))")
        }
        return Self.decodeLayoutFile(data, appVersion: appVersion, expecting: key)
    }

    /// Decodes and checks the bytes of a layout file.
    static func decodeLayoutFile(_ data: Data, appVersion: String, expecting key: SkeletonLayoutKey?) -> SkeletonDiskRead {
        guard !data.isEmpty else { return .damaged("empty") }
        let file: SkeletonLayoutFile
        do {
            file = try JSONDecoder().decode(SkeletonLayoutFile.self, from: data)
        } catch {
            return .damaged("not a skeleton layout file (\(data.count) bytes)")
        }
        guard file.format == SkeletonLayoutFile.currentFormat else { return .stale("file format \(file.format)") }
        guard file.appVersion == appVersion else { return .stale("app version \(file.appVersion), now \(appVersion)") }
        guard let stored = file.key.key else { return .damaged("a key that cannot be one") }
        guard file.layout.isValid else { return .damaged("a layout with parts out of bounds or sizes that are not finite") }
        if let key, stored != key { return .otherKey }
        return .layout(file.layout, key: stored)
    }

    /// Reports a bad file and queues its removal; the removal checks again first, so a
    /// fresh file written in between survives.
    func discard(_ name: String, because reason: String, isProblem: Bool) {
        let message = "skeleton cache: discarding layout file \(name).json: \(reason)"
        if isProblem { log.problem(message) } else { log.trace(message) }
        queue.async { [self] in
            switch readLayoutFile(named: name, expecting: nil) {
            case .stale, .damaged:
                removeFile(layoutURL(name))
                lock.withLock { state.statistics.discardedFiles += 1 }
            case .layout, .missing, .otherKey:
                break
            }
        }
    }

    // MARK: Writing (on the queue)

    /// Writes `layout`'s file for `key`.
    func writeLayout(_ layout: SkeletonLayout, for key: SkeletonLayoutKey) {
        guard lock.withLock({ state.diskIsUsable }), let url = layoutURL(key.fileName) else { return }
        let file = SkeletonLayoutFile(
            format: SkeletonLayoutFile.currentFormat, appVersion: appVersion, key: StoredSkeletonLayoutKey(key), layout: layout)
        write(file, to: url)
    }

    /// Writes the count file of `name`: its stored count (read now if not yet known) plus
    /// the loads counted since launch.
    func writeCount(named name: String) {
        let known: Int? = lock.withLock {
            state.pendingCountWrites.remove(name)
            return state.counts[name]?.stored
        }
        if known == nil {
            let onDisk = readCount(named: name) ?? 0
            lock.withLock {
                // Warm-up may have read the file meanwhile; the first value read stays.
                if state.counts[name]?.stored == nil { state.counts[name, default: State.Count()].stored = onDisk }
            }
        }
        let total: Int? = lock.withLock { state.counts[name]?.total }
        // removeAll() may have forgotten the count while the write was queued.
        guard let total, let url = countURL(name), lock.withLock({ state.diskIsUsable }) else { return }
        write(SkeletonCountFile(format: SkeletonLayoutFile.currentFormat, count: total), to: url)
    }

    /// Encodes `value` as JSON and writes it atomically; a failure turns the disk off.
    func write<Value: Encodable>(_ value: Value, to url: URL) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(value)
            try data.write(to: url, options: .atomic)
            lock.withLock { state.statistics.fileWrites += 1 }
        } catch {
            diskFailed("cannot write \(url.lastPathComponent) in the skeleton cache (\(error.localizedDescription))")
        }
    }

    /// Reads a count file; a damaged one is removed and reported, and counts as absent.
    func readCount(named name: String) -> Int? {
        guard let url = countURL(name), FileManager.default.fileExists(atPath: url.path) else { return nil }
        if let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(SkeletonCountFile.self, from: data),
           file.format == SkeletonLayoutFile.currentFormat, file.count >= 0 {
            return file.count
        }
        log.problem("skeleton cache: discarding count file \(name).json: not a count file")
        removeFile(url)
        lock.withLock { state.statistics.discardedFiles += 1 }
        return nil
    }

    /// Reports and removes a layout file at once. Runs on the queue.
    func removeLayoutFile(_ name: String, because reason: String, isProblem: Bool) {
        let message = "skeleton cache: discarding layout file \(name).json: \(reason)"
        if isProblem { log.problem(message) } else { log.trace(message) }
        removeFile(layoutURL(name))
        lock.withLock { state.statistics.discardedFiles += 1 }
    }

    func removeFile(_ url: URL?) {
        guard let url else { return }
        try? FileManager.default.removeItem(at: url)
    }

    func removeAllFiles() {
        for directory in [layoutsDirectory, countsDirectory].compactMap({ $0 }) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names where Self.isOurFileName(name) {
                removeFile(directory.appendingPathComponent(name))
            }
        }
    }

    // MARK: Warm-up

    /// Loads the ``warmUpCount`` most loaded layouts into memory, on the cache's queue,
    /// and calls `completion` there with how many it loaded. Call it once at launch; the
    /// caller's thread only queues the work.
    ///
    /// Reads every count file (damaged ones are discarded), ranks keys by count (ties by
    /// file name, so the choice is deterministic), and loads the layout files of the top
    /// ones that are current and readable, skipping keys already in memory. Stale and
    /// damaged layout files met on the way are removed.
    ///
    /// Bad input: none; with the cache off or without a usable directory it loads nothing
    /// and completes with 0.
    ///
    /// - Complexity: O(*c* log *c*) for *c* count files, plus ``warmUpCount`` file reads,
    ///   all on the queue.
    public func warmUp(completion: (@Sendable (Int) -> Void)? = nil) {
        queue.async { [self] in
            let loaded = loadMostLoaded()
            log.trace("skeleton cache warmed up \(loaded) layouts")
            completion?(loaded)
        }
    }

    private func loadMostLoaded() -> Int {
        let ready = lock.withLock { state.isEnabled && state.diskIsUsable }
        guard ready, warmUpCount > 0, let countsDirectory else { return 0 }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: countsDirectory.path)) ?? [])
            .filter(Self.isOurFileName).map { String($0.dropLast(5)) }
        var ranked: [(name: String, count: Int)] = []
        for name in names {
            let onDisk = readCount(named: name)
            let total: Int = lock.withLock {
                if let onDisk, state.counts[name]?.stored == nil { state.counts[name, default: State.Count()].stored = onDisk }
                return state.counts[name]?.total ?? 0
            }
            if onDisk != nil { ranked.append((name, total)) }
        }
        ranked.sort { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        var loaded = 0
        for (name, _) in ranked.prefix(warmUpCount) {
            let result = readLayoutFile(named: name, expecting: nil)
            switch result {
            case .layout(let layout, let key):
                // A file renamed by hand holds a key whose name is not its own: skip it.
                guard key.fileName == name else { continue }
                let inserted: Bool = lock.withLock {
                    guard state.isEnabled, state.memory[key] == nil else { return false }
                    insert(layout, for: key)
                    state.statistics.warmedUp += 1
                    return true
                }
                if inserted { loaded += 1 }
            case .stale(let reason):
                removeLayoutFile(name, because: reason, isProblem: false)
            case .damaged(let reason):
                removeLayoutFile(name, because: reason, isProblem: true)
            case .missing, .otherKey:
                break
            }
        }
        return loaded
    }
}
