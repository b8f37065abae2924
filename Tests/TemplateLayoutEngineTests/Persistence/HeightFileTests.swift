import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct HeightFileTests {
    let stamp = HeightFile.Stamp(
        appVersion: "2.1", contentVersion: "cells-3", namespace: "feed",
        system: SystemStamp(osMajorVersion: 26, sdkName: "iphoneos26.0"),
        context: LayoutContext(width: 375, displayScale: 3, contentSizeCategory: .extraLarge),
        savedAt: Date(timeIntervalSince1970: 1_800_000_000))

    var sample: HeightFile {
        HeightFile(stamp: stamp, heights: [.int(42): 133.0 / 3, .int(-7): 0, .string("post-é"): 88.5, .string(""): 44])
    }

    @Test func aFileRoundTripsBitForBit() throws {
        let decoded = try HeightFile.decode(try sample.encoded())
        #expect(decoded == sample)
        #expect(decoded.heights[.int(42)]?.bitPattern == (133.0 / 3 as CGFloat).bitPattern)
    }

    @Test func aHeightCostsNineBytesPlusItsKey() throws {
        let intKeys = HeightFile(stamp: stamp, heights: Dictionary(uniqueKeysWithValues: (0..<10_000).map { (PersistentKey.int(Int64($0)), CGFloat($0 % 300)) }))
        let empty = HeightFile(stamp: stamp, heights: [:])
        let perHeight = Double(try intKeys.encoded().count - empty.encoded().count) / 10_000
        // 1 tag byte + 8 key bytes + 8 height bytes: 9 bytes plus the 8-byte key.
        #expect(perHeight == 17)
    }

    @Test func everyTruncationIsDetected() throws {
        let data = try sample.encoded()
        for length in 0..<data.count {
            #expect(throws: HeightFile.DecodingError.self, "length \(length)") { try HeightFile.decode(data.prefix(length)) }
        }
    }

    @Test func everySingleBitFlipIsDetected() throws {
        let data = try sample.encoded()
        for index in data.indices {
            for bit in 0..<8 {
                var damaged = data
                damaged[index] ^= 1 << bit
                #expect(throws: HeightFile.DecodingError.self, "byte \(index) bit \(bit)") { try HeightFile.decode(damaged) }
            }
        }
    }

    @Test func garbageAndForeignFilesAreRejected() throws {
        #expect(throws: HeightFile.DecodingError.foreign("height file")) { try HeightFile.decode(Data()) }
        #expect(throws: HeightFile.DecodingError.foreign("height file")) { try HeightFile.decode(Data("hello, world, this is text".utf8)) }
        // The version is read before the checksum: a newer file is told apart from a damaged one.
        var newer = try sample.encoded()
        newer[4] = 9
        #expect(throws: HeightFile.DecodingError.unsupportedVersion(9)) { try HeightFile.decode(newer) }
    }

    /// Format 1: the same fields, ended by a 32-bit FNV-1a checksum.
    static func formatOneFile(_ file: HeightFile) throws -> Data {
        var bytes = Array(try file.encoded().dropLast(FileEnvelope.checksumSize))
        bytes[4] = 1
        var checksum: UInt32 = 2_166_136_261
        for byte in bytes { checksum = (checksum ^ UInt32(byte)) &* 16_777_619 }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        return Data(bytes)
    }

    @Test func aFormatOneFileIsStaleNotDamaged() throws {
        #expect(throws: HeightFile.DecodingError.unsupportedVersion(1)) { try HeightFile.decode(try Self.formatOneFile(sample)) }
    }

    @Test func aFormatTwoFileIsStaleNotDamaged() throws {
        // Format 2 had the same envelope, without the system stamp and the text weight.
        var writer = FileEnvelope(magic: Array("TLCH".utf8), version: 2, kind: "height file").writer()
        for text in ["2.1", "cells-3", "feed"] { try writer.string(text) }
        writer.uint32(1_125)
        writer.float64(3)
        try writer.string("UICTContentSizeCategoryXL")
        writer.float64(1_800_000_000)
        writer.uint32(0)
        let formatTwo = FileEnvelope(magic: Array("TLCH".utf8), version: 2, kind: "height file").seal(writer)
        #expect(throws: HeightFile.DecodingError.unsupportedVersion(2)) { try HeightFile.decode(formatTwo) }
    }

    @Test func theSystemStampAndBoldTextRoundTrip() throws {
        var bold = stamp
        bold.context = LayoutContext(width: 375, displayScale: 3, contentSizeCategory: .extraLarge, legibilityWeight: .bold)
        bold.system = SystemStamp(osMajorVersion: 18, sdkName: "iphoneos18.4")
        let file = HeightFile(stamp: bold, heights: [.int(1): 90])
        let decoded = try HeightFile.decode(try file.encoded())
        #expect(decoded == file)
        #expect(decoded.stamp.context.legibilityWeight == .bold)
        #expect(decoded.stamp.context != stamp.context, "Bold Text is another layout context")
        #expect(decoded.stamp.system == SystemStamp(osMajorVersion: 18, sdkName: "iphoneos18.4"))
    }

    @Test func aContextFlagNoReleaseWritesIsRejected() throws {
        var writer = HeightFile.envelope.writer()
        for text in ["1", "1", "feed"] { try writer.string(text) }
        writer.uint32(26)
        try writer.string("iphoneos26.0")
        writer.uint32(750)
        writer.float64(2)
        try writer.string("UICTContentSizeCategoryL")
        writer.uint8(7)
        writer.float64(0)
        writer.uint32(0)
        #expect(throws: HeightFile.DecodingError.invalidContent("context flags 7")) { try HeightFile.decode(HeightFile.envelope.seal(writer)) }
    }

    @Test func anAbsurdCountIsRejectedWithoutReservingMemory() throws {
        var writer = HeightFile.envelope.writer()
        for text in ["1", "1", "feed"] { try writer.string(text) }
        writer.uint32(26)
        try writer.string("iphoneos26.0")
        writer.uint32(750)
        writer.float64(2)
        try writer.string("UICTContentSizeCategoryL")
        writer.uint8(0)
        writer.float64(0)
        writer.uint32(.max)
        #expect(throws: HeightFile.DecodingError.truncated) { try HeightFile.decode(HeightFile.envelope.seal(writer)) }
    }

    @Test func stringsLongerThanTheirLengthFieldAreRefusedNotCut() throws {
        let long = String(repeating: "k", count: 65_536)
        let file = HeightFile(stamp: stamp, heights: [.string(long): 80])
        #expect(throws: FileEncodingError.stringTooLong(bytes: 65_536)) { try file.encoded() }
        let longest = HeightFile(stamp: stamp, heights: [.string(String(long.dropLast())): 80])
        #expect(try HeightFile.decode(try longest.encoded()) == longest)
        #expect(!PersistentKey.string(long).isStorable)
        #expect(PersistentKey.string(String(long.dropLast())).isStorable)
        // 21,846 two-byte letters are 43,692 bytes: stored; 32,768 of them are 65,536: refused.
        #expect(PersistentKey.string(String(repeating: "é", count: 21_846)).isStorable)
        #expect(!PersistentKey.string(String(repeating: "é", count: 32_768)).isStorable)
    }

    @Test func stringsAreWrittenInTheirCanonicalComposedForm() throws {
        let decomposed = HeightFile(stamp: stamp, heights: [.string("cafe\u{301}"): 80])
        let precomposed = HeightFile(stamp: stamp, heights: [.string("caf\u{e9}"): 80])
        #expect(try decomposed.encoded() == precomposed.encoded())
    }

    @Test func keysOfEveryPersistableTypeConvert() {
        #expect(PersistentKey(AnyHashable(7)) == .int(7))
        #expect(PersistentKey(AnyHashable(Int64(-3))) == .int(-3))
        #expect(PersistentKey(AnyHashable("a")) == .string("a"))
        #expect(PersistentKey(AnyHashable(Substring("ab").dropFirst())) == .string("b"))
        let uuid = UUID()
        #expect(PersistentKey(AnyHashable(uuid)) == .string(uuid.uuidString))
        #expect(PersistentKey(AnyHashable(Int8(-8))) == .int(-8))
        #expect(PersistentKey(AnyHashable(Int16(16))) == .int(16))
        #expect(PersistentKey(AnyHashable(UInt8(8))) == .int(8))
        #expect(PersistentKey(AnyHashable(UInt16(16))) == .int(16))
        #expect(PersistentKey(AnyHashable(UInt(9))) == .int(9))
        #expect(PersistentKey(AnyHashable(UInt.max)) == nil)
        #expect(PersistentKey(AnyHashable(UInt64.max)) == nil)
        #expect(PersistentKey(AnyHashable(2.5)) == nil)
    }
}
