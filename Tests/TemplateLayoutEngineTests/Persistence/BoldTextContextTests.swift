import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 14, item 2: Bold Text is part of the layout context, in memory and on disk.
@Suite struct BoldTextContextTests {
    let regular = LayoutContext(width: 375, displayScale: 3)
    let bold = LayoutContext(width: 375, displayScale: 3, legibilityWeight: .bold)

    @Test func boldTextIsALayoutContextOfItsOwn() {
        #expect(regular != bold)
        #expect(regular.legibilityWeight == .regular, "regular unless said")
        #expect(bold.description == "375pt@3x L bold")
        #expect(regular.description == "375pt@3x L")
        #expect(bold.isPersistable)
        let geometry = TableGeometry(tableWidth: 375, displayScale: 3, legibilityWeight: .bold)
        #expect(geometry.layoutContext == bold)
    }

    @Test func turningBoldTextOffHitsTheRegularHeightsAgain() {
        let table = TableHeightCache(context: regular)
        var measured = 0
        func height(_ value: CGFloat) -> CGFloat {
            max(table.height(cachedBy: .key("post")) { measured += 1; return value },
                table.height(cachedBy: .indexPath(IndexPath(row: 0, section: 0))) { measured += 1; return value })
        }
        #expect(height(80) == 80)
        table.switchContext(to: bold)
        #expect(height(96) == 96, "bold glyphs break lines earlier: measured again")
        table.switchContext(to: regular)
        #expect(height(0) == 80, "back to regular: the regular heights, not measured")
        table.switchContext(to: bold)
        #expect(height(0) == 96)
        #expect(measured == 4)
    }

    @Test func boldAndRegularHeightsPersistApartAndComeBack() {
        let directory = TemporaryDirectory()
        let configuration = PersistentHeightStore.Configuration(appVersion: "1", writeDelay: 3_600)
        let first = PersistentHeightStore(directory: directory.url, configuration: configuration)
        first.open(namespace: "feed", contentVersion: "1")
        first.record(80, forKey: .int(1), namespace: "feed", context: regular)
        first.record(96, forKey: .int(1), namespace: "feed", context: bold)
        first.flush()
        first.waitUntilIdle()
        #expect(directory.fileNames.count == 2, "one file per weight")

        let second = PersistentHeightStore(directory: directory.url, configuration: configuration)
        second.open(namespace: "feed", contentVersion: "1", context: bold)
        second.waitUntilIdle()
        #expect(second.height(forKey: .int(1), namespace: "feed", context: bold) == 96)
        #expect(second.height(forKey: .int(1), namespace: "feed", context: regular) == nil, "only the current context is read")
        second.activate(regular, namespace: "feed")
        second.waitUntilIdle()
        #expect(second.height(forKey: .int(1), namespace: "feed", context: regular) == 80)
    }

    @Test func aRegularContextKeepsTheFileNamesOfEarlierFormats() {
        // Earlier formats named files by width, scale and text size: a regular context keeps
        // those names, so its old files are read once and discarded instead of left behind.
        let store = PersistentHeightStore(directory: nil, configuration: .init(appVersion: "1"))
        let oldName = "\(StableHash.name("feed"))-\(StableHash.name("1125@3.0/UICTContentSizeCategoryL")).heights"
        #expect(store.fileName(for: .init(namespace: "feed", context: regular)) == oldName)
        #expect(store.fileName(for: .init(namespace: "feed", context: bold)) != oldName)

        let key = SkeletonLayoutKey(identifier: "Post", context: regular)
        #expect(key.canonicalString == "skeleton-key-1\n4:Post\n1125\n3.0\nUICTContentSizeCategoryL\nleftToRight")
        let boldKey = SkeletonLayoutKey(identifier: "Post", context: bold)
        #expect(boldKey.fileName != key.fileName)
        #expect(StoredSkeletonLayoutKey(boldKey).key == boldKey)
        #expect(boldKey.description == "Post 375pt@3x L bold leftToRight")
    }

    @Test func boldSkeletonLayoutsAreCachedApart() {
        let directory = TemporaryDirectory()
        let cache = CacheFixture.cache(directory.url)
        cache.store(CacheFixture.layout(1), for: CacheFixture.key(context: regular))
        cache.store(CacheFixture.layout(2), for: CacheFixture.key(context: bold))
        cache.waitUntilIdle()
        let reader = CacheFixture.cache(directory.url)
        #expect(reader.layout(for: CacheFixture.key(context: regular)) == CacheFixture.layout(1))
        #expect(reader.layout(for: CacheFixture.key(context: bold)) == CacheFixture.layout(2))
    }
}
