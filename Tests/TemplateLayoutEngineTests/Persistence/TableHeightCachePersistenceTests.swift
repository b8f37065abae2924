import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct TableHeightCachePersistenceTests {
    let context = LayoutContext(width: 375, displayScale: 3)

    func launch(_ directory: TemporaryDirectory) -> TableHeightCache {
        let store = PersistentHeightStore(directory: directory.url, configuration: .init(appVersion: "1", writeDelay: 3600),
                                          log: DebugLog(reportsProblems: false))
        store.open(namespace: "feed", contentVersion: "1")
        store.waitUntilIdle()
        let table = TableHeightCache(context: context)
        table.persistence = HeightPersistence(store: store, namespace: "feed")
        return table
    }

    @Test func theSecondLaunchMeasuresNothingItHasSeen() {
        let directory = TemporaryDirectory()
        let first = launch(directory)
        for id in 0..<100 { _ = first.height(cachedBy: .key(id)) { CGFloat(40 + id) } }
        #expect(first.statistics.layouts == 100)
        first.persistence?.store.flush()
        first.persistence?.store.waitUntilIdle()

        let second = launch(directory)
        for id in 0..<100 {
            let height = second.height(cachedBy: .key(id)) { Issue.record("measured \(id)"); return 0 }
            #expect(height == CGFloat(40 + id))
        }
        #expect(second.statistics.layouts == 0)
        #expect(second.statistics.persistedHits == 100)
        // Once copied into the keyed cache, the next lookups are ordinary hits.
        _ = second.height(cachedBy: .key(5)) { 0 }
        #expect(second.statistics.keyed.hits == 1)
    }

    @Test func invalidatingAKeyForgetsItsPersistedHeightToo() {
        let directory = TemporaryDirectory()
        let table = launch(directory)
        _ = table.height(cachedBy: .key("a")) { 80 }
        table.invalidateHeight(forKey: "a")
        var measured = false
        _ = table.height(cachedBy: .key("a")) { measured = true; return 90 }
        #expect(measured)
    }

    @Test func keysThatCannotBeWrittenStayInMemory() {
        struct Custom: Hashable {}
        let table = launch(TemporaryDirectory())
        _ = table.height(cachedBy: .key(Custom())) { 50 }
        #expect(table.persistence?.store.count(namespace: "feed") == 0)
        #expect(table.cachedHeight(for: .key(Custom())) == 50)
    }

    @Test func nothingIsPersistedWithoutAWidth() {
        let table = launch(TemporaryDirectory())
        table.switchContext(to: .unmeasured)
        table.store(50, for: .key(1))
        #expect(table.persistence?.store.count(namespace: "feed") == 0)
    }
}
