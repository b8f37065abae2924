import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 14, item 4: tables on one namespace of a store (the same feed in two windows)
/// forget together.
@Suite struct SharedNamespaceTests {
    let context = LayoutContext(width: 375, displayScale: 3)
    let store = PersistentHeightStore(directory: nil, configuration: .init(appVersion: "1"))

    init() {
        store.open(namespace: "feed", contentVersion: "1")
        store.open(namespace: "other", contentVersion: "1")
        store.waitUntilIdle()
    }

    func table(_ namespace: String = "feed") -> TableHeightCache {
        let table = TableHeightCache(context: context)
        table.persistence = HeightPersistence(store: store, namespace: namespace)
        return table
    }

    @Test func invalidatingAKeyInOneTableReachesEveryTableOnTheNamespace() {
        let first = table()
        let second = table()
        let elsewhere = table("other")
        for cache in [first, second, elsewhere] { _ = cache.height(cachedBy: .key("post")) { 80 } }
        #expect(second.keys.peekHeight(forKey: "post") == 80)
        #expect(store.attachedTableCount(namespace: "feed") == 2)

        first.invalidateHeight(forKey: "post")
        #expect(second.keys.peekHeight(forKey: "post") == nil, "the other window forgets too")
        var measured = false
        #expect(second.height(cachedBy: .key("post")) { measured = true; return 120 } == 120)
        #expect(measured, "measured again, not served from the store either")
        #expect(elsewhere.keys.peekHeight(forKey: "post") == 80, "another namespace is other content")
        #expect(second.statistics.keyed.invalidations == 1)
    }

    @Test func invalidatingEveryKeyReachesEveryTableOnTheNamespace() {
        let first = table()
        let second = table()
        for cache in [first, second] { _ = cache.height(cachedBy: .key(1)) { 80 } }
        second.invalidateAllKeyedHeights()
        #expect(first.keys.peekHeight(forKey: 1) == nil)
        #expect(store.count(namespace: "feed") == 0)
    }

    @Test func tablesAreHeldWeaklyAndUnlinkWhenTheyStop() {
        var released: TableHeightCache? = table()
        weak let weakly = released
        let kept = table()
        #expect(store.attachedTableCount(namespace: "feed") == 2)
        released = nil
        #expect(weakly == nil, "the store does not keep a table's caches alive")
        #expect(store.attachedTableCount(namespace: "feed") == 1)

        let stopped = table()
        _ = stopped.height(cachedBy: .key(1)) { 80 }
        stopped.persistence = nil
        #expect(store.attachedTableCount(namespace: "feed") == 1)
        kept.invalidateHeight(forKey: 1)
        #expect(stopped.keys.peekHeight(forKey: 1) == 80, "a table no longer on the namespace is left alone")

        stopped.persistence = HeightPersistence(store: store, namespace: "other")
        #expect(store.attachedTableCount(namespace: "other") == 1)
        stopped.persistence = HeightPersistence(store: store, namespace: "other")
        #expect(store.attachedTableCount(namespace: "other") == 1, "linking again changes nothing")
    }
}

/// Review P8: a table does not ask again by itself for the heights of rows it shows, so each
/// other table of the namespace is told when its keyed heights were forgotten for it.
@Suite struct SharedNamespacePeerNoticeTests {
    let context = LayoutContext(width: 375, displayScale: 3)
    let store = PersistentHeightStore(directory: nil, configuration: .init(appVersion: "1"))

    init() {
        store.open(namespace: "feed", contentVersion: "1")
        store.waitUntilIdle()
    }

    /// A table of the namespace that counts the notices it gets.
    final class NoticedTable {
        let cache: TableHeightCache
        var notices = 0

        init(store: PersistentHeightStore, context: LayoutContext) {
            cache = TableHeightCache(context: context)
            cache.persistence = HeightPersistence(store: store, namespace: "feed")
            cache.peerDidInvalidateKeyedHeights = { [unowned self] in notices += 1 }
        }
    }

    @Test func theOtherTablesAreToldAndTheOneThatInvalidatedIsNot() {
        let first = NoticedTable(store: store, context: context)
        let second = NoticedTable(store: store, context: context)
        _ = second.cache.height(cachedBy: .key("post")) { 80 }

        first.cache.invalidateHeight(forKey: "post")
        #expect(second.notices == 1)
        #expect(first.notices == 0, "the app that invalidated updates its own table")

        first.cache.invalidateAllKeyedHeights()
        #expect(second.notices == 2)
        #expect(first.notices == 0)
    }
}
