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
        // A directory where the file goes: the rename fails, the disk turns off, nothing is left.
        let blocked = try #require(disk.url(StableHash.name("b") + ".bin"))
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(!disk.write(Data("three".utf8), to: blocked))
        #expect(!disk.isUsable)
        #expect(directory.fileNames == [name, blocked.lastPathComponent])
        #expect(recorder.problems.count == 1)
        #expect(!disk.write(Data("four".utf8), to: url))
        #expect(recorder.problems.count == 1, "reported once")
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
