import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Files name a layout context by width, scale and text size, not by the editing state: a
/// height or skeleton layout of an editing context written there would come back as the
/// normal one. So editing contexts stay in memory.
@Suite struct EditingContextPersistenceTests {
    static let normal = LayoutContext(width: 375, displayScale: 3)
    static let editing = LayoutContext(width: 375, displayScale: 3, isEditing: true)

    static func table(_ directory: TemporaryDirectory) -> TableHeightCache {
        let store = PersistentHeightStore(directory: directory.url, configuration: .init(appVersion: "1", writeDelay: 3600),
                                          log: DebugLog(reportsProblems: false))
        store.open(namespace: "feed", contentVersion: "1")
        store.waitUntilIdle()
        let table = TableHeightCache(context: normal)
        table.persistence = HeightPersistence(store: store, namespace: "feed")
        return table
    }

    @Test func heightsMeasuredWhileEditingAreNotRecorded() {
        let table = Self.table(TemporaryDirectory())
        table.switchContext(to: Self.editing)
        _ = table.height(cachedBy: .key(1)) { 70 }
        #expect(table.persistence?.store.count(namespace: "feed") == 0)
        #expect(table.cachedHeight(for: .key(1)) == 70, "kept in memory for the editing context")
        table.switchContext(to: Self.normal)
        _ = table.height(cachedBy: .key(1)) { 90 }
        #expect(table.persistence?.store.count(namespace: "feed") == 1)
    }

    @Test func anEditingContextDoesNotReadTheNormalPersistedHeight() {
        let table = Self.table(TemporaryDirectory())
        _ = table.height(cachedBy: .key(1)) { 90 }
        table.keys.invalidateAll()
        table.switchContext(to: Self.editing)
        var measured = false
        let height = table.height(cachedBy: .key(1)) { measured = true; return 70 }
        #expect(measured && height == 70)
        #expect(table.statistics.persistedHits == 0)
        table.switchContext(to: Self.normal)
        #expect(table.cachedHeight(for: .key(1)) == 90, "the normal height is still on record")
    }

    @Test func skeletonLayoutsOfAnEditingContextStayInMemory() {
        let directory = TemporaryDirectory()
        let cache = CacheFixture.cache(directory.url)
        let editingKey = CacheFixture.key(context: Self.editing)
        let normalKey = CacheFixture.key(context: Self.normal)
        #expect(editingKey.fileName == normalKey.fileName, "the file name has no editing state: the reason for the rule")
        cache.store(CacheFixture.layout(1), for: normalKey)
        cache.store(CacheFixture.layout(2), for: editingKey)
        cache.recordLoad(for: editingKey)
        cache.waitUntilIdle()
        #expect(cache.layout(for: editingKey) == CacheFixture.layout(2))
        #expect(cache.loadCount(for: normalKey) == 0)

        let relaunched = CacheFixture.cache(directory.url)
        #expect(relaunched.layout(for: normalKey) == CacheFixture.layout(1), "the editing layout did not overwrite it")
        #expect(relaunched.layout(for: editingKey) == nil, "an editing key reads no file")
        relaunched.waitUntilIdle()
        #expect(CacheFixture.exists(CacheFixture.layoutFile(directory, normalKey)), "and removes none")
    }
}
