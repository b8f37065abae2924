import Foundation
import Testing
@testable import TemplateLayoutEngine

/// The disk layer both stores share: the envelope, the hash, atomic writes, the sweep, and
/// waiting that cannot deadlock.
@Suite struct DiskStoreTests {
    func makeDisk(_ directory: URL?, recorder: LogRecorder = LogRecorder()) -> DiskStore {
        DiskStore(directory: directory, label: "DiskStoreTests",
                  folders: [.init(name: nil, fileExtension: "bin", isOwnStem: { StableHash.isName($0) })],
                  contents: "test files", log: recorder.log())
    }

    @Test func theEnvelopeChecksEverythingBeforeThePayload() throws {
        let envelope = FileEnvelope.skeletonCount
        let sealed = envelope.seal(payload: Data("payload".utf8))
        #expect(try envelope.open(sealed) { Data($0) } == Data("payload".utf8))
        #expect(throws: FileDecodingError.foreign("height file")) { try FileEnvelope.heights.open(sealed) { _ in () } }
        var newer = sealed
        newer[4] = envelope.version + 1
        #expect(throws: FileDecodingError.unsupportedVersion(envelope.version + 1)) { try envelope.open(newer) { _ in () } }
        for length in 0..<sealed.count {
            #expect(throws: FileDecodingError.self, "length \(length)") { try envelope.open(sealed.prefix(length)) { _ in () } }
        }
        for index in sealed.indices {
            for bit in 0..<8 {
                var damaged = sealed
                damaged[index] ^= 1 << bit
                #expect(throws: FileDecodingError.self, "byte \(index) bit \(bit)") { try envelope.open(damaged) { _ in () } }
            }
        }
    }

    @Test func theHashIsFNV1aOfTheComposedForm() {
        #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a64("caf\u{e9}") == StableHash.fnv1a64("cafe\u{301}"))
        #expect(StableHash.normalized("cafe\u{301}").utf8.count == 5)
        #expect(StableHash.isName(StableHash.name("x")))
        #expect(!StableHash.isName("0123456789ABCDEF"))
        #expect(!StableHash.isName("0123456789abcde"))
    }

    @Test func waitingOnItsOwnQueueReportsAndReturns() {
        let recorder = LogRecorder()
        let disk = makeDisk(nil, recorder: recorder)
        let done = Loaded()
        disk.async {
            disk.waitUntilIdle(caller: "test")
            done.set(1)
        }
        disk.waitUntilIdle(caller: "test")
        #expect(done.value == 1)
        #expect(recorder.problems.count == 1)
    }

    @Test func writesAreAtomicAndAFailedOneLeavesNothingBehind() throws {
        let directory = TemporaryDirectory()
        let recorder = LogRecorder()
        let disk = makeDisk(directory.url, recorder: recorder)
        #expect(disk.prepare())
        let name = StableHash.name("a") + ".bin"
        let url = try #require(disk.url(name))
        #expect(disk.write(Data("one".utf8), to: url))
        #expect(disk.write(Data("two".utf8), to: url))
        #expect(try Data(contentsOf: url) == Data("two".utf8))
        #expect(directory.fileNames == [name])
        // A directory where the file goes: the rename fails, nothing is left, and it is reported.
        let blocked = try #require(disk.url(StableHash.name("b") + ".bin"))
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(!disk.write(Data("three".utf8), to: blocked))
        #expect(!disk.isHealthy)
        #expect(directory.fileNames == [name, blocked.lastPathComponent])
        #expect(recorder.problems.count == 1)
        #expect(!disk.write(Data("three".utf8), to: blocked))
        #expect(recorder.problems.count == 1, "reported once per run of failures")
        // The disk is not turned off: the next good write lands.
        #expect(disk.write(Data("four".utf8), to: url))
        #expect(disk.isHealthy)
        #expect(try Data(contentsOf: url) == Data("four".utf8))
    }

    /// Issue item 3 (review P5): EPERM after the device locks, or ENOSPC, is transient.
    @Test func aFailedWriteIsTriedAgainAtTheNextWriteAndEachRunOfFailuresIsReported() throws {
        let directory = TemporaryDirectory()
        let recorder = LogRecorder()
        let disk = makeDisk(directory.url, recorder: recorder)
        let faults = FaultyFileIO()
        disk.io = faults.io
        #expect(disk.prepare())
        let url = try #require(disk.url(StableHash.name("a") + ".bin"))
        faults.failWrites(2)
        #expect(!disk.write(Data("one".utf8), to: url))
        #expect(!disk.write(Data("one".utf8), to: url))
        #expect(recorder.problems.count == 1)
        #expect(disk.isUsable, "never turned off")
        #expect(disk.write(Data("one".utf8), to: url))
        #expect(try Data(contentsOf: url) == Data("one".utf8))
        #expect(directory.fileNames == [url.lastPathComponent], "no temporary file left by the failures")
        faults.failWrites(1)
        #expect(!disk.write(Data("two".utf8), to: url))
        #expect(recorder.problems.count == 2, "a new run of failures is reported again")
        #expect(try Data(contentsOf: url) == Data("one".utf8))
    }

    @Test func aFileThatCannotBeReadIsUnreadableNotMissing() throws {
        let directory = TemporaryDirectory()
        let disk = makeDisk(directory.url)
        let faults = FaultyFileIO()
        disk.io = faults.io
        #expect(disk.prepare())
        let url = try #require(disk.url(StableHash.name("a") + ".bin"))
        #expect(disk.write(Data("one".utf8), to: url))
        faults.failReads(of: url.lastPathComponent)
        guard case .unreadable = disk.read(url) else {
            Issue.record("expected unreadable, got \(disk.read(url))")
            return
        }
        faults.allowReads()
        guard case .data(let data) = disk.read(url) else {
            Issue.record("expected the data")
            return
        }
        #expect(data == Data("one".utf8))
        #expect(directory.fileNames == [url.lastPathComponent])
    }

    // MARK: Atomic writes (issue item 5)

    /// A reader during a rewrite sees the whole old file: the bytes go elsewhere first.
    @Test func aReaderDuringARewriteSeesTheWholeOldFile() throws {
        let directory = TemporaryDirectory()
        let disk = makeDisk(directory.url)
        #expect(disk.prepare())
        let url = try #require(disk.url(StableHash.name("a") + ".bin"))
        let old = Data(repeating: 0xAA, count: 4_096)
        let new = Data(repeating: 0xBB, count: 8_192)
        #expect(disk.write(old, to: url))
        let seen = SeenBytes()
        disk.io.write = { data, destination in
            // Half the bytes are down where the store writes them; a reader looks now.
            try data.prefix(data.count / 2).write(to: destination)
            if case .data(let during) = disk.read(url) { seen.append(during) } else { seen.append(Data()) }
            try data.write(to: destination)
        }
        #expect(disk.write(new, to: url))
        #expect(seen.values == [old], "the reader saw the old file, whole")
        #expect(try Data(contentsOf: url) == new)
        #expect(directory.fileNames == [url.lastPathComponent])
    }

    /// A write cut short (the process killed, the disk full) leaves the old file whole,
    /// and never opens the target itself for writing.
    @Test func aWriteInterruptedMidwayLeavesTheOldFile() throws {
        let directory = TemporaryDirectory()
        let disk = makeDisk(directory.url, recorder: LogRecorder())
        #expect(disk.prepare())
        let url = try #require(disk.url(StableHash.name("a") + ".bin"))
        let old = Data(repeating: 0xAA, count: 4_096)
        #expect(disk.write(old, to: url))
        let targets = SeenURLs()
        disk.io.write = { data, destination in
            targets.append(destination)
            try data.prefix(100).write(to: destination)
            throw POSIXError(.EINTR)
        }
        #expect(!disk.write(Data(repeating: 0xBB, count: 8_192), to: url))
        #expect(try Data(contentsOf: url) == old)
        #expect(targets.values.count == 1)
        #expect(!targets.values.contains(url), "the target is never written in place")
        // A kill leaves the temporary file behind (no cleanup runs then): the sweep removes it.
        let leftover = try #require(targets.values.first)
        try Data(repeating: 0xBB, count: 100).write(to: leftover)
        #expect(leftover.lastPathComponent.hasPrefix(DiskStore.temporaryPrefix))
        #expect(disk.sweep() == 1)
        #expect(directory.fileNames == [url.lastPathComponent])
        #expect(try Data(contentsOf: url) == old)
    }

    @Test func noDirectoryIsMemoryOnlyWithoutAReport() {
        let recorder = LogRecorder()
        let disk = makeDisk(nil, recorder: recorder)
        #expect(!disk.isUsable)
        #expect(!disk.prepare())
        #expect(disk.url("x") == nil)
        #expect(disk.sweep() == 0)
        #expect(recorder.problems.isEmpty)
    }
}

/// Values seen on the store's thread, read by the test afterwards.
final class SeenBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Data] = []
    func append(_ data: Data) { lock.withLock { stored.append(data) } }
    var values: [Data] { lock.withLock { stored } }
}

final class SeenURLs: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [URL] = []
    func append(_ url: URL) { lock.withLock { stored.append(url) } }
    var values: [URL] { lock.withLock { stored } }
}
