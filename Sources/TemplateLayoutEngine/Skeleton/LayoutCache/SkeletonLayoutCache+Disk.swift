import Foundation

/// A layout file's payload (JSON, in a ``FileEnvelope``): the layout, the key it is for,
/// and what makes it current.
struct SkeletonLayoutFile: Codable {
    /// The file format, also the envelope's version; another number is stale. Format 1 was
    /// this JSON alone, without the envelope; format 2 had no system stamp, no date and no
    /// text weight.
    static let currentFormat = Int(FileEnvelope.skeletonLayout.version)

    var format: Int
    var appVersion: String
    /// The ``SystemStamp`` the layout was mapped under.
    var osMajorVersion: Int
    var sdkName: String
    /// When it was written, in seconds since 1970.
    var savedAt: Double
    var key: StoredSkeletonLayoutKey
    var layout: SkeletonLayout
}

/// What a layout file must carry to be current.
struct SkeletonFileStamp {
    var appVersion: String
    var system: SystemStamp
    var maximumAge: TimeInterval
    var now: Date
}

/// A count file's payload: how often a key's skeleton was loaded. Tiny on purpose, so
/// counting never rewrites a layout.
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
    /// Read, and truncated, garbage, bit-flipped, or out of range.
    case damaged(String)
    /// There, but could not be read (permission, data protection, I/O): a miss, and the
    /// file is left alone, since it may read fine later.
    case unreadable(String)
    /// A well-formed file for another key (a hash collision): a miss, not a problem.
    case otherKey
}

extension SkeletonLayoutCache {
    // MARK: Paths

    /// `<hash>.json` for a file name, so temporary files of atomic writes and strays
    /// (`.DS_Store`) are never mistaken for ours.
    static func isOurFileName(_ name: String) -> Bool {
        name.hasSuffix(".json") && StableHash.isName(name.dropLast(5))
    }

    func layoutURL(_ name: String) -> URL? { disk.url(name + ".json", in: Self.layoutsFolder) }
    func countURL(_ name: String) -> URL? { disk.url(name + ".json", in: Self.countsFolder) }

    // MARK: Encoding

    /// The bytes of `value` as JSON in `envelope`.
    static func encodeFile<Value: Encodable>(_ value: Value, in envelope: FileEnvelope) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return envelope.seal(payload: try encoder.encode(value))
    }

    /// The JSON payload of a file in `envelope`; `.stale` for another version (a bare JSON
    /// file is format 1), `.damaged` for anything not whole.
    static func decodeFile<Value: Decodable>(_ data: Data, in envelope: FileEnvelope, as _: Value.Type) -> Result<Value, FileReadFailure> {
        guard !data.isEmpty else { return .failure(.damaged("empty")) }
        if data.first == UInt8(ascii: "{") { return .failure(.stale("file format 1")) }
        do {
            return .success(try envelope.open(data) { try JSONDecoder().decode(Value.self, from: Data($0)) })
        } catch FileDecodingError.unsupportedVersion(let version) {
            return .failure(.stale("file format \(version)"))
        } catch let error as FileDecodingError {
            return .failure(.damaged("\(error) (\(data.count) bytes)"))
        } catch {
            return .failure(.damaged("not a \(envelope.kind) (\(data.count) bytes)"))
        }
    }

    enum FileReadFailure: Error {
        case stale(String)
        case damaged(String)
    }

    // MARK: Reading

    /// Reads `key`'s layout file; a stale or damaged one is reported and its removal
    /// queued, an unreadable one reported and left alone. Runs on any thread; never holds
    /// the lock while reading.
    func readFromDisk(_ key: SkeletonLayoutKey) -> SkeletonDiskRead {
        guard disk.isUsable else { return .missing }
        let name = key.fileName
        let result = readLayoutFile(named: name, expecting: key)
        switch result {
        case .stale(let reason): discard(name, because: reason, isProblem: false)
        case .damaged(let reason): discard(name, because: reason, isProblem: true)
        case .unreadable(let reason): reportUnreadable(name, reason)
        case .layout, .missing, .otherKey: break
        }
        return result
    }

    /// Reads and checks one layout file. `expecting` nil accepts any key (warm-up).
    func readLayoutFile(named name: String, expecting key: SkeletonLayoutKey?) -> SkeletonDiskRead {
        guard let url = layoutURL(name) else { return .missing }
        switch disk.read(url) {
        case .missing: return .missing
        case .unreadable(let reason): return .unreadable(reason)
        case .data(let data): return Self.decodeLayoutFile(data, current: currentStamp, expecting: key)
        }
    }

    /// What a layout file read now must carry.
    var currentStamp: SkeletonFileStamp {
        SkeletonFileStamp(appVersion: appVersion, system: system, maximumAge: maximumAge, now: now())
    }

    /// Decodes and checks the bytes of a layout file.
    static func decodeLayoutFile(_ data: Data, current: SkeletonFileStamp, expecting key: SkeletonLayoutKey?) -> SkeletonDiskRead {
        let file: SkeletonLayoutFile
        switch decodeFile(data, in: .skeletonLayout, as: SkeletonLayoutFile.self) {
        case .success(let decoded): file = decoded
        case .failure(.stale(let reason)): return .stale(reason)
        case .failure(.damaged(let reason)): return .damaged(reason)
        }
        guard file.format == SkeletonLayoutFile.currentFormat else { return .damaged("file format \(file.format) in a current envelope") }
        guard file.appVersion == current.appVersion else { return .stale("app version \(file.appVersion), now \(current.appVersion)") }
        let system = SystemStamp(osMajorVersion: file.osMajorVersion, sdkName: file.sdkName)
        guard system == current.system else { return .stale("mapped under \(system), now \(current.system)") }
        guard file.savedAt.isFinite else { return .damaged("a date that is not one") }
        guard current.now.timeIntervalSince1970 - file.savedAt <= current.maximumAge else {
            return .stale("older than \(Int(current.maximumAge)) s")
        }
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
        disk.async { [self] in
            switch readLayoutFile(named: name, expecting: nil) {
            case .stale, .damaged:
                disk.remove(layoutURL(name))
                lock.withLock { state.statistics.discardedFiles += 1 }
            case .layout, .missing, .otherKey, .unreadable:
                break
            }
        }
    }

    /// Reports a layout file that could not be read; it stays, to be read when it can be.
    func reportUnreadable(_ name: String, _ reason: String) {
        log.problem("skeleton cache: cannot read layout file \(name).json (\(reason)); mapping again and leaving the file")
    }

    /// Reads a count file, cut to ``State/Count/limit``; a damaged one is removed and
    /// reported, a stale one removed, and both count as absent. One that cannot be read
    /// counts as absent and is left alone.
    func readCount(named name: String) -> Int? {
        guard let url = countURL(name), case .data(let data) = disk.read(url) else { return nil }
        switch Self.decodeFile(data, in: .skeletonCount, as: SkeletonCountFile.self) {
        case .success(let file) where file.format == SkeletonLayoutFile.currentFormat && file.count >= 0:
            return min(file.count, State.Count.limit)
        case .failure(.stale(let reason)):
            log.trace("skeleton cache: discarding count file \(name).json: \(reason)")
        case .success, .failure(.damaged):
            log.problem("skeleton cache: discarding count file \(name).json: not a count file")
        }
        disk.remove(url)
        lock.withLock { state.statistics.discardedFiles += 1 }
        return nil
    }

    // MARK: Writing (on the queue)

    /// Writes `layout`'s file for `key`, unless `removeAll()` came since; then the layout
    /// no longer waits for its write.
    func writeLayout(_ layout: SkeletonLayout, for key: SkeletonLayoutKey, epoch: UInt64, generation: UInt64) {
        if lock.withLock({ state.generation == generation }), disk.prepare(), let url = layoutURL(key.fileName) {
            let file = SkeletonLayoutFile(
                format: SkeletonLayoutFile.currentFormat, appVersion: appVersion, osMajorVersion: system.osMajorVersion,
                sdkName: system.sdkName, savedAt: now().timeIntervalSince1970, key: StoredSkeletonLayoutKey(key), layout: layout)
            if write(file, in: .skeletonLayout, to: url) { keepLayoutFilesBounded(keeping: key.fileName) }
        }
        lock.withLock {
            if state.pendingWrites[key]?.epoch == epoch { state.pendingWrites[key] = nil }
        }
    }

    /// Writes the count file of `name`: its stored count (read now if not yet known) plus
    /// the loads counted since launch; nothing if `removeAll()` came since it was queued.
    func writeCount(named name: String, generation: UInt64) {
        let known: Int?? = lock.withLock {
            guard state.generation == generation else { return nil }
            state.pendingCountWrites.remove(name)
            return .some(state.counts[name]?.stored)
        }
        guard let known, disk.prepare() else { return }
        if known == nil {
            let onDisk = readCount(named: name) ?? 0
            lock.withLock {
                // Warm-up may have read the file meanwhile; the first value read stays.
                if state.generation == generation, state.counts[name]?.stored == nil {
                    state.counts[name, default: State.Count()].stored = onDisk
                }
            }
        }
        let total: Int? = lock.withLock { state.generation == generation ? state.counts[name]?.total : nil }
        guard let total, let url = countURL(name) else { return }
        write(SkeletonCountFile(format: SkeletonLayoutFile.currentFormat, count: total), in: .skeletonCount, to: url)
    }

    /// Encodes `value` in `envelope` and writes it atomically; a failure is reported (once
    /// per run of failures) and the next write tries again.
    @discardableResult
    func write<Value: Encodable>(_ value: Value, in envelope: FileEnvelope, to url: URL) -> Bool {
        let data: Data
        do {
            data = try Self.encodeFile(value, in: envelope)
        } catch {
            log.problem("skeleton cache: cannot encode \(url.lastPathComponent) (\(error))")
            return false
        }
        guard disk.write(data, to: url) else { return false }
        lock.withLock { state.statistics.fileWrites += 1 }
        return true
    }

    /// Reports and removes a layout file at once. Runs on the queue.
    func removeLayoutFile(_ name: String, because reason: String, isProblem: Bool) {
        let message = "skeleton cache: discarding layout file \(name).json: \(reason)"
        if isProblem { log.problem(message) } else { log.trace(message) }
        disk.remove(layoutURL(name))
        lock.withLock { state.statistics.discardedFiles += 1 }
    }

    func removeAllFiles() {
        guard disk.prepare() else { return }
        for folder in [Self.layoutsFolder, Self.countsFolder] {
            for name in disk.names(in: folder) where Self.isOurFileName(name) {
                disk.remove(disk.url(name, in: folder))
            }
        }
        disk.sweep()
    }
}
