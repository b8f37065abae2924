import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct HeightFileTests {
    let stamp = HeightFile.Stamp(
        appVersion: "2.1", contentVersion: "cells-3", namespace: "feed",
        context: LayoutContext(width: 375, displayScale: 3, contentSizeCategory: .extraLarge),
        savedAt: Date(timeIntervalSince1970: 1_800_000_000))

    var sample: HeightFile {
        HeightFile(stamp: stamp, heights: [.int(42): 133.0 / 3, .int(-7): 0, .string("post-é"): 88.5, .string(""): 44])
    }

    @Test func aFileRoundTripsBitForBit() throws {
        let decoded = try HeightFile.decode(sample.encoded())
        #expect(decoded == sample)
        #expect(decoded.heights[.int(42)]?.bitPattern == (133.0 / 3 as CGFloat).bitPattern)
    }

    @Test func aHeightCostsNineBytesPlusItsKey() {
        let intKeys = HeightFile(stamp: stamp, heights: Dictionary(uniqueKeysWithValues: (0..<10_000).map { (PersistentKey.int(Int64($0)), CGFloat($0 % 300)) }))
        let empty = HeightFile(stamp: stamp, heights: [:])
        let perHeight = Double(intKeys.encoded().count - empty.encoded().count) / 10_000
        // 1 tag byte + 8 key bytes + 8 height bytes: 9 bytes plus the 8-byte key.
        #expect(perHeight == 17)
    }

    @Test func everyTruncationIsDetected() {
        let data = sample.encoded()
        for length in 0..<data.count {
            #expect(throws: HeightFile.DecodingError.self, "length \(length)") { try HeightFile.decode(data.prefix(length)) }
        }
    }

    @Test func everySingleBitFlipIsDetected() {
        let data = sample.encoded()
        for index in data.indices {
            var damaged = data
            damaged[index] ^= 0x10
            #expect(throws: HeightFile.DecodingError.self, "byte \(index)") { try HeightFile.decode(damaged) }
        }
    }

    @Test func garbageAndForeignFilesAreRejected() {
        #expect(throws: HeightFile.DecodingError.notAHeightFile) { try HeightFile.decode(Data()) }
        #expect(throws: HeightFile.DecodingError.notAHeightFile) { try HeightFile.decode(Data("hello, world, this is text".utf8)) }
        var newer = sample.encoded()
        newer[4] = 9
        // Re-sign it so only the version is wrong.
        var writer = ByteWriter()
        writer.bytes(Array(newer.prefix(newer.count - 4)))
        writer.uint32(HeightFile.checksum(newer.prefix(newer.count - 4)))
        #expect(throws: HeightFile.DecodingError.unsupportedVersion(9)) { try HeightFile.decode(writer.data) }
    }

    @Test func anAbsurdCountIsRejectedWithoutReservingMemory() {
        var writer = ByteWriter()
        writer.bytes(HeightFile.magic)
        writer.uint8(1)
        for text in ["1", "1", "feed"] { writer.string(text) }
        writer.uint32(750)
        writer.float64(2)
        writer.string("UICTContentSizeCategoryL")
        writer.float64(0)
        writer.uint32(.max)
        writer.uint32(HeightFile.checksum(writer.data))
        #expect(throws: HeightFile.DecodingError.truncated) { try HeightFile.decode(writer.data) }
    }

    @Test func keysOfEveryPersistableTypeConvert() {
        #expect(PersistentKey(AnyHashable(7)) == .int(7))
        #expect(PersistentKey(AnyHashable(Int64(-3))) == .int(-3))
        #expect(PersistentKey(AnyHashable("a")) == .string("a"))
        #expect(PersistentKey(AnyHashable(Substring("ab").dropFirst())) == .string("b"))
        let uuid = UUID()
        #expect(PersistentKey(AnyHashable(uuid)) == .string(uuid.uuidString))
        #expect(PersistentKey(AnyHashable(UInt64.max)) == nil)
        #expect(PersistentKey(AnyHashable(2.5)) == nil)
    }
}
