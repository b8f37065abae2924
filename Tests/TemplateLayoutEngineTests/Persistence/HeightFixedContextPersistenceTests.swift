import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 19: keyed sizes persist per fitting axis and length. A height-fixed context (chips
/// 32 points high, their widths measured) has files of its own, which record the dimension,
/// and never meets the width-fixed context of the same length.
@Suite struct HeightFixedContextPersistenceTests {
    static let chips = LayoutContext(height: 375, displayScale: 3)
    static let cards = LayoutContext(width: 375, displayScale: 3)

    static let configuration = PersistentHeightStore.Configuration(appVersion: "1", writeDelay: 3_600)

    static func store(_ directory: TemporaryDirectory) -> PersistentHeightStore {
        PersistentHeightStore(directory: directory.url, configuration: configuration, log: DebugLog(reportsProblems: false))
    }

    static func stamp(_ context: LayoutContext) -> HeightFile.Stamp {
        HeightFile.Stamp(appVersion: "1", contentVersion: "1", namespace: "feed", system: .current,
                         context: context, savedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func aHeightFixedContextIsPersistableOutsideEditing() {
        #expect(Self.chips.isPersistable)
        #expect(!LayoutContext(height: 32, displayScale: 3, isEditing: true).isPersistable)
        #expect(!LayoutContext(height: 0, displayScale: 3).isPersistable)
    }

    @Test func aHeightFixedContextNamesFilesOfItsOwn() {
        let store = PersistentHeightStore(directory: nil, configuration: Self.configuration)
        func name(_ context: LayoutContext) -> String { store.fileName(for: .init(namespace: "feed", context: context)) }
        let boldChips = LayoutContext(height: 375, displayScale: 3, legibilityWeight: .bold)
        let boldCards = LayoutContext(width: 375, displayScale: 3, legibilityWeight: .bold)
        let names = [name(Self.chips), name(Self.cards), name(boldChips), name(boldCards), name(LayoutContext(height: 320, displayScale: 3))]
        #expect(Set(names).count == names.count, "\(names)")
        #expect(PersistentHeightStore.isFileStem(name(Self.chips).dropLast(".heights".count)))
    }

    @Test func aHeightFileRecordsItsDimension() throws {
        let chips = try HeightFile.decode(try HeightFile(stamp: Self.stamp(Self.chips), heights: [.int(1): 72]).encoded())
        #expect(chips.stamp.context == Self.chips)
        #expect(chips.stamp.context.fixedDimension == .height)
        let cards = try HeightFile.decode(try HeightFile(stamp: Self.stamp(Self.cards), heights: [.int(1): 72]).encoded())
        #expect(cards.stamp.context == Self.cards)
        let boldChips = LayoutContext(height: 375, displayScale: 3, legibilityWeight: .bold)
        #expect(try HeightFile.decode(try HeightFile(stamp: Self.stamp(boldChips), heights: [:]).encoded()).stamp.context == boldChips)
    }

    @Test func earlierVersionsRejectAHeightFileInsteadOfReadingAWidth() {
        // Format 3 read this byte as the legibility weight, accepting 0 and 1 only.
        #expect(LayoutContext.LegibilityWeight(fileCode: HeightFile.flags(of: Self.chips)) == nil)
        #expect(LayoutContext.LegibilityWeight(fileCode: HeightFile.flags(of: LayoutContext(height: 375, legibilityWeight: .bold))) == nil)
        #expect(HeightFile.flags(of: Self.cards) == 0)
    }

    @Test func keyedWidthsComeBackFromDiskInAFreshStore() {
        let directory = TemporaryDirectory()
        let first = Self.store(directory)
        first.open(namespace: "feed", contentVersion: "1")
        first.record(72, forKey: .string("swift"), namespace: "feed", context: Self.chips)
        first.record(104.5, forKey: .int(7), namespace: "feed", context: Self.chips)
        first.flush()
        first.waitUntilIdle()
        #expect(directory.fileNames.count == 1)

        let second = Self.store(directory)
        second.open(namespace: "feed", contentVersion: "1", context: Self.chips)
        second.waitUntilIdle()
        #expect(second.height(forKey: .string("swift"), namespace: "feed", context: Self.chips) == 72)
        #expect(second.height(forKey: .int(7), namespace: "feed", context: Self.chips) == 104.5)
        second.activate(Self.cards, namespace: "feed")
        second.waitUntilIdle()
        #expect(second.height(forKey: .string("swift"), namespace: "feed", context: Self.cards) == nil, "the same length, fixing the width")

        let third = Self.store(directory)
        third.open(namespace: "feed", contentVersion: "1")
        third.waitUntilIdle()
        #expect(third.height(forKey: .int(7), namespace: "feed", context: Self.chips) == 104.5, "a full read files it under its own context")
        #expect(third.height(forKey: .int(7), namespace: "feed", context: Self.cards) == nil)
    }

    @Test func widthsAndHeightsOfTheSameLengthPersistApart() {
        let directory = TemporaryDirectory()
        let first = Self.store(directory)
        first.open(namespace: "feed", contentVersion: "1")
        first.record(72, forKey: .int(1), namespace: "feed", context: Self.chips)
        first.record(300, forKey: .int(1), namespace: "feed", context: Self.cards)
        first.flush()
        first.waitUntilIdle()
        #expect(directory.fileNames.count == 2)

        let second = Self.store(directory)
        second.open(namespace: "feed", contentVersion: "1")
        second.waitUntilIdle()
        #expect(second.height(forKey: .int(1), namespace: "feed", context: Self.chips) == 72)
        #expect(second.height(forKey: .int(1), namespace: "feed", context: Self.cards) == 300)
    }

    @Test(arguments: [false, true])
    func aFileUnderTheOtherDimensionsNameIsNeverServed(heightFileAsWidth: Bool) throws {
        let (written, asked) = heightFileAsWidth ? (Self.chips, Self.cards) : (Self.cards, Self.chips)
        let directory = TemporaryDirectory()
        let first = Self.store(directory)
        first.open(namespace: "feed", contentVersion: "1")
        first.record(72, forKey: .int(1), namespace: "feed", context: written)
        first.flush()
        first.waitUntilIdle()
        let from = directory.url.appendingPathComponent(first.fileName(for: .init(namespace: "feed", context: written)))
        let to = directory.url.appendingPathComponent(first.fileName(for: .init(namespace: "feed", context: asked)))
        try FileManager.default.moveItem(at: from, to: to)

        let second = Self.store(directory)
        second.open(namespace: "feed", contentVersion: "1", context: asked)
        second.waitUntilIdle()
        #expect(second.height(forKey: .int(1), namespace: "feed", context: asked) == nil)
        #expect(directory.fileNames.isEmpty, "discarded as stale")
    }

    @Test func aCollectionsKeyedSizesSurviveALaunchInAHeightContext() {
        let directory = TemporaryDirectory()
        func launch() -> TableHeightCache {
            let store = Self.store(directory)
            store.open(namespace: "chips", contentVersion: "1")
            store.waitUntilIdle()
            let items = TableHeightCache(context: Self.chips)
            items.persistence = HeightPersistence(store: store, namespace: "chips")
            return items
        }
        let first = launch()
        for id in 0..<20 { _ = first.height(cachedBy: .key(id)) { CGFloat(40 + id) } }
        first.persistence?.store.flush()
        first.persistence?.store.waitUntilIdle()

        let second = launch()
        for id in 0..<20 {
            #expect(second.height(cachedBy: .key(id)) { Issue.record("measured \(id)"); return 0 } == CGFloat(40 + id))
        }
        #expect(second.statistics.persistedHits == 20)
        second.switchContext(to: Self.cards)
        var measured = false
        #expect(second.height(cachedBy: .key(3)) { measured = true; return 500 } == 500)
        #expect(measured, "a width of the same length is another context")
    }

    // MARK: Skeleton layouts

    @Test func aHeightFixedSkeletonKeyNamesItsOwnFileAndComesBack() throws {
        let chips = SkeletonLayoutKey(identifier: "Chip", context: Self.chips)
        let cards = SkeletonLayoutKey(identifier: "Chip", context: Self.cards)
        #expect(chips.fileName != cards.fileName)
        #expect(chips.canonicalString == "skeleton-key-1\n4:Chip\n1125\n3.0\nUICTContentSizeCategoryL\nleftToRight\nheight")
        #expect(StoredSkeletonLayoutKey(chips).key == chips)
        #expect(StoredSkeletonLayoutKey(cards).key == cards)
        let bold = SkeletonLayoutKey(identifier: "Chip", context: LayoutContext(height: 32, displayScale: 2, legibilityWeight: .bold))
        #expect(StoredSkeletonLayoutKey(bold).key == bold)

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(StoredSkeletonLayoutKey(chips)), as: UTF8.self)
        #expect(json.contains(#""heightInPixels":1125"#) && json.contains(#""widthInPixels":0"#), "\(json)")
        #expect(!String(decoding: try encoder.encode(StoredSkeletonLayoutKey(cards)), as: UTF8.self).contains("height"))
    }

    @Test func aStoredHeightKeyWithAWidthIsDamaged() {
        var stored = StoredSkeletonLayoutKey(SkeletonLayoutKey(identifier: "Chip", context: Self.chips))
        stored.widthInPixels = 1125
        #expect(stored.key == nil)
        stored.widthInPixels = 0
        stored.heightInPixels = -1
        #expect(stored.key == nil)
    }

    @Test func anEarlierVersionReadsAHeightSkeletonAsAnUnmeasurableWidth() throws {
        // What an earlier version decodes: the same JSON without `heightInPixels`.
        struct EarlierStoredKey: Codable {
            var identifier: String
            var widthInPixels: Int
            var displayScale: Double
        }
        let data = try JSONEncoder().encode(StoredSkeletonLayoutKey(SkeletonLayoutKey(identifier: "Chip", context: Self.chips)))
        let earlier = try JSONDecoder().decode(EarlierStoredKey.self, from: data)
        #expect(earlier.widthInPixels == 0, "no width: never a key an earlier version asks for")
    }

    @Test func heightAndWidthSkeletonLayoutsOfTheSameLengthAreCachedApart() {
        let directory = TemporaryDirectory()
        let cache = CacheFixture.cache(directory.url)
        cache.store(CacheFixture.layout(1), for: CacheFixture.key(context: Self.chips))
        cache.waitUntilIdle()
        let reader = CacheFixture.cache(directory.url)
        #expect(reader.layout(for: CacheFixture.key(context: Self.chips)) == CacheFixture.layout(1))
        #expect(reader.layout(for: CacheFixture.key(context: Self.cards)) == nil)
    }
}
