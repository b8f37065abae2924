import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 19, item 7: a collection view switches its caches' context on every request (a
/// list section beside a grid, chips beside cards). Persistence must not read a context's
/// file again at each switch, and a window resize must leave each context it ends in
/// recorded, not only the one active when it ends.
@Suite struct ContextSwitchingPersistenceTests {
    func context(_ width: CGFloat) -> LayoutContext { LayoutContext(width: width, displayScale: 2) }

    func makeStore(_ directory: TemporaryDirectory) -> PersistentHeightStore {
        PersistentHeightStore(directory: directory.url, configuration: .init(appVersion: "1", writeDelay: 3_600),
                              log: DebugLog(reportsProblems: false))
    }

    func view(on store: PersistentHeightStore, in context: LayoutContext) -> TableHeightCache {
        let view = TableHeightCache(context: context, contextLimit: 8)
        view.persistence = HeightPersistence(store: store, namespace: "grid")
        return view
    }

    /// An earlier launch that recorded key 1 at `width + 1` in each of `widths`, and wrote.
    func earlierLaunch(_ directory: TemporaryDirectory, widths: [CGFloat]) {
        let store = makeStore(directory)
        store.open(namespace: "grid", contentVersion: "1")
        for width in widths { store.record(width + 1, forKey: .int(1), namespace: "grid", context: context(width)) }
        store.flush()
        store.waitUntilIdle()
    }

    @Test func switchingBetweenContextsOnEveryRequestReadsEachFileOnce() {
        let directory = TemporaryDirectory()
        earlierLaunch(directory, widths: [390, 195, 130])
        let store = makeStore(directory)
        let reads = ReadCounter()
        store.disk.io = reads.io
        store.open(namespace: "grid", contentVersion: "1", context: nil)
        store.waitUntilIdle()
        let view = view(on: store, in: .unmeasured)

        // A full-width header row, a two-column grid and a three-column grid, item after item.
        for _ in 0..<50 {
            for width: CGFloat in [390, 195, 130] {
                view.switchContext(to: context(width))
                store.waitUntilIdle()
                #expect(view.height(cachedBy: .key(1)) { Issue.record("measured at \(width)"); return 0 } == width + 1)
            }
        }
        #expect(reads.count == 3, "one read per context's file, not per switch")
        #expect(view.statistics.layouts == 0)
    }

    @Test func aResizeRecordsEveryContextUsedAfterItNotThePixelWidthsItPassed() {
        let directory = TemporaryDirectory()
        let store = makeStore(directory)
        store.open(namespace: "grid", contentVersion: "1", context: nil)
        let view = view(on: store, in: context(400))
        // Two contexts in use at once: full-width rows and a two-column grid.
        func requests(width: CGFloat) {
            view.switchContext(to: context(width))
            _ = view.height(cachedBy: .key("row")) { width }
            view.switchContext(to: context(width / 2))
            _ = view.height(cachedBy: .key("card")) { width / 2 }
        }
        view.isResizingInteractively = true
        for width: CGFloat in [410, 420, 430] { requests(width: width) }
        // The resize ends (the scene's geometry says so) while the grid's context is active.
        view.isResizingInteractively = false
        #expect(store.height(forKey: .string("card"), namespace: "grid", context: context(215)) == 215,
                "the active context is recorded when the resize ends")
        #expect(store.height(forKey: .string("row"), namespace: "grid", context: context(430)) == nil,
                "the other is not in use yet")

        // The next layout pass asks both; both hit memory, and the row's context is recorded now.
        requests(width: 430)
        #expect(store.height(forKey: .string("row"), namespace: "grid", context: context(430)) == 430)
        #expect(view.statistics.layouts == 6, "nothing measured again")
        for width: CGFloat in [410, 420] {
            #expect(store.height(forKey: .string("row"), namespace: "grid", context: context(width)) == nil)
            #expect(store.height(forKey: .string("card"), namespace: "grid", context: context(width / 2)) == nil)
        }
        #expect(store.count(namespace: "grid") == 2, "no bucket for the widths the drag passed")
        store.flush()
        store.waitUntilIdle()
        #expect(directory.fileNames.count == 2)
    }

    @Test func aContextMeasuredDuringAResizeIsRecordedOnceAfterIt() {
        let directory = TemporaryDirectory()
        let store = makeStore(directory)
        store.open(namespace: "grid", contentVersion: "1", context: nil)
        let view = view(on: store, in: context(400))
        view.isResizingInteractively = true
        view.switchContext(to: context(200))
        _ = view.height(cachedBy: .key(1)) { 20 }
        view.switchContext(to: context(420))
        view.isResizingInteractively = false
        #expect(view.contextsMeasuredWhileResizing == [context(200)])
        view.switchContext(to: context(200))
        #expect(store.height(forKey: .int(1), namespace: "grid", context: context(200)) == 20)
        #expect(view.contextsMeasuredWhileResizing.isEmpty, "recorded once, then forgotten")
    }

    @Test func aLongDragKeepsOnlyTheContextsTheCachesHold() {
        let store = makeStore(TemporaryDirectory())
        store.open(namespace: "grid", contentVersion: "1", context: nil)
        let view = TableHeightCache(context: context(400), contextLimit: 4)
        view.persistence = HeightPersistence(store: store, namespace: "grid")
        view.isResizingInteractively = true
        for width in 401...700 {
            view.switchContext(to: context(CGFloat(width)))
            _ = view.height(cachedBy: .key(1)) { CGFloat(width) }
        }
        #expect(view.contextsMeasuredWhileResizing.count <= 4)
        #expect(store.count(namespace: "grid") == 0)
    }
}

/// Counts the store's file reads, through ``DiskStore/io``.
final class ReadCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var reads = 0

    var count: Int { lock.withLock { reads } }

    var io: DiskStore.FileIO {
        DiskStore.FileIO(
            read: { [self] url in
                lock.withLock { reads += 1 }
                return try DiskStore.FileIO.system.read(url)
            },
            write: DiskStore.FileIO.system.write,
            replace: DiskStore.FileIO.system.replace)
    }
}
