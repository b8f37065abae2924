import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Pins what a width-fixed (table) context writes, as the versions before height-fixed
/// contexts persisted wrote it: file names and file bytes. Written before that change, so a
/// change that moves a table's names or bytes (and strands every file apps have on disk)
/// fails here, and files written then are still read.
@Suite struct WidthContextFileGoldenTests {
    static let regular = LayoutContext(width: 375, displayScale: 3)
    static let bold = LayoutContext(width: 320, displayScale: 2, contentSizeCategory: .extraLarge, legibilityWeight: .bold)

    static let stamp = HeightFile.Stamp(
        appVersion: "2.1", contentVersion: "cells-3", namespace: "feed",
        system: SystemStamp(osMajorVersion: 26, sdkName: "iphoneos26.0"),
        context: regular, savedAt: Date(timeIntervalSince1970: 1_800_000_000))

    static var boldStamp: HeightFile.Stamp {
        var stamp = stamp
        stamp.context = bold
        return stamp
    }

    static let skeletonFile = SkeletonLayoutFile(
        format: SkeletonLayoutFile.currentFormat, appVersion: "2.1", osMajorVersion: 26, sdkName: "iphoneos26.0",
        savedAt: 1_800_000_000, key: StoredSkeletonLayoutKey(SkeletonLayoutKey(identifier: "Post", context: regular)),
        layout: SkeletonLayout(size: CGSize(width: 375, height: 88), parts: [
            SkeletonPart(frame: CGRect(x: 16, y: 12, width: 40, height: 40), cornerRadius: 20, kind: .block),
        ]))

    // Bytes as written before height-fixed contexts persisted (one entry each, so no
    // dictionary order is involved).
    static let regularFileHex = "544c4348030300322e31070063656c6c732d330400666565641a0000000c006970686f6e656f7332362e3065040000"
        + "0000000000000840180055494354436f6e74656e7453697a6543617465676f72794c000000008074d2da4101000000002a000000"
        + "00000000abaaaaaaaa2a46405d399c4fc26d6e98"
    static let boldFileHex = "544c4348030300322e31070063656c6c732d330400666565641a0000000c006970686f6e656f7332362e308002000000"
        + "00000000000040190055494354436f6e74656e7453697a6543617465676f7279584c010000008074d2da4101000000010700706f"
        + "73742dc3a9000000000020564036a80af9cf7145ed"
    static let skeletonFileJSON = #"{"appVersion":"2.1","format":3,"key":{"contentSizeCategory":"UICTContentSizeCategoryL","#
        + #""direction":"leftToRight","displayScale":3,"identifier":"Post","legibilityWeight":"regular","widthInPixels":1125},"#
        + #""layout":{"height":88,"parts":[{"h":40,"k":"block","r":20,"w":40,"x":16,"y":12}],"width":375},"#
        + #""osMajorVersion":26,"savedAt":1800000000,"sdkName":"iphoneos26.0"}"#

    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    static func data(hex: String) -> Data {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return Data(bytes)
    }

    @Test func aTableContextKeepsItsHeightFileNames() {
        let store = PersistentHeightStore(directory: nil, configuration: .init(appVersion: "1"))
        #expect(store.fileName(for: .init(namespace: "feed", context: Self.regular)) == "1001e27928b3de65-b6df6f7ca820f683.heights")
        #expect(store.fileName(for: .init(namespace: "feed", context: Self.bold)) == "1001e27928b3de65-b0ee89d82f783849.heights")
    }

    @Test func aTableContextWritesTheSameHeightFileBytes() throws {
        #expect(Self.hex(try HeightFile(stamp: Self.stamp, heights: [.int(42): 133.0 / 3]).encoded()) == Self.regularFileHex)
        #expect(Self.hex(try HeightFile(stamp: Self.boldStamp, heights: [.string("post-é"): 88.5]).encoded()) == Self.boldFileHex)
    }

    @Test func heightFilesWrittenBeforeAreStillReadAsTheirTableContext() throws {
        let regular = try HeightFile.decode(Self.data(hex: Self.regularFileHex))
        #expect(regular == HeightFile(stamp: Self.stamp, heights: [.int(42): 133.0 / 3]))
        #expect(regular.stamp.context.fixedDimension == .width)
        let bold = try HeightFile.decode(Self.data(hex: Self.boldFileHex))
        #expect(bold == HeightFile(stamp: Self.boldStamp, heights: [.string("post-é"): 88.5]))
    }

    @Test func aTableContextKeepsItsSkeletonFileNames() {
        #expect(SkeletonLayoutKey(identifier: "Post", context: Self.regular).fileName == "b55656d4a77ad293")
        #expect(SkeletonLayoutKey(identifier: "Post", context: Self.bold, direction: .rightToLeft).fileName == "a772515c274baa70")
    }

    @Test func aTableContextWritesTheSameSkeletonFileBytes() throws {
        let data = try SkeletonLayoutCache.encodeFile(Self.skeletonFile, in: .skeletonLayout)
        let payload = data.dropFirst(FileEnvelope.headerSize).dropLast(FileEnvelope.checksumSize)
        #expect(String(decoding: payload, as: UTF8.self) == Self.skeletonFileJSON)
        #expect(Self.hex(data.prefix(FileEnvelope.headerSize)) == "544c435303")
    }

    @Test func skeletonFilesWrittenBeforeAreStillReadAsTheirTableContext() throws {
        let written = FileEnvelope.skeletonLayout.seal(payload: Data(Self.skeletonFileJSON.utf8))
        guard case .success(let file) = SkeletonLayoutCache.decodeFile(written, in: .skeletonLayout, as: SkeletonLayoutFile.self) else {
            Issue.record("a file written before is not read")
            return
        }
        #expect(file.key.key == SkeletonLayoutKey(identifier: "Post", context: Self.regular))
    }
}
