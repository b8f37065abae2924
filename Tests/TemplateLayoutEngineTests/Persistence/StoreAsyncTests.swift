import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 14, item 14: every completion has an `async` twin that returns when the work on the
/// store's queue is done, awaitable from the main actor.
@Suite struct StoreAsyncTests {
    let context = LayoutContext(width: 375, displayScale: 3)

    @Test func theHeightStoresAsyncCallsReturnWhenTheirWorkIsDone() async {
        let directory = TemporaryDirectory()
        let store = PersistentHeightStore(directory: directory.url, configuration: .init(appVersion: "1", writeDelay: 3_600))
        await store.openAndWait(namespace: "feed", contentVersion: "1")
        store.record(80, forKey: .int(1), namespace: "feed", context: context)
        await store.flushAndWait()
        #expect(directory.fileNames.count == 1, "written when flushAndWait returns")

        let next = PersistentHeightStore(directory: directory.url, configuration: .init(appVersion: "1"))
        let report = await next.openAndWait(namespace: "feed", contentVersion: "1", context: context)
        #expect(report == .init(heights: 1, files: 1, discarded: 0))
        #expect(next.height(forKey: .int(1), namespace: "feed", context: context) == 80)
        #expect(await next.removeExpiredAndWait() == 0)
        await next.removeAllAndWait(namespace: "feed")
        #expect(directory.fileNames.isEmpty, "deleted when removeAllAndWait returns")
        #expect(await next.openAndWait(namespace: "feed", contentVersion: "1") == .init())
    }

    @MainActor @Test func aMainActorCallerAwaitsWithoutBlocking() async {
        let directory = TemporaryDirectory()
        let cache = CacheFixture.cache(directory.url)
        cache.store(CacheFixture.layout(), for: CacheFixture.key())
        cache.recordLoad(for: CacheFixture.key())
        cache.waitUntilIdle()
        let reader = CacheFixture.cache(directory.url)
        let loaded = await reader.warmUpAndWait()
        MainActor.assertIsolated("resumed on the main actor")
        #expect(loaded == 1)
        #expect(reader.isInMemory(CacheFixture.key()))
        #expect(await reader.removeExpiredAndWait() == 0)
    }
}
