import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 14, item 6: free window resizing records nothing until the resize ends, a namespace
/// keeps a bounded number of contexts, and opening reads only the current context.
@Suite struct ContextBoundsTests {
    func context(_ width: CGFloat) -> LayoutContext { LayoutContext(width: width, displayScale: 2) }

    func makeStore(_ directory: TemporaryDirectory, contexts: Int = 8) -> PersistentHeightStore {
        PersistentHeightStore(directory: directory.url,
                              configuration: .init(appVersion: "1", writeDelay: 3_600, maximumContextsPerNamespace: contexts),
                              log: DebugLog(reportsProblems: false))
    }

    /// A launch that recorded `key` at `height + width` in each of `widths`, and wrote.
    func earlierLaunch(_ directory: TemporaryDirectory, widths: [CGFloat], height: CGFloat = 0) {
        let store = makeStore(directory)
        store.open(namespace: "feed", contentVersion: "1")
        for width in widths { store.record(height + width, forKey: .int(1), namespace: "feed", context: context(width)) }
        store.flush()
        store.waitUntilIdle()
    }

    func table(on store: PersistentHeightStore, in context: LayoutContext) -> TableHeightCache {
        let table = TableHeightCache(context: context)
        table.persistence = HeightPersistence(store: store, namespace: "feed")
        return table
    }

    @Test func openingReadsOnlyTheCurrentContextAndTheOthersWhenUsed() {
        let directory = TemporaryDirectory()
        earlierLaunch(directory, widths: [320, 400, 500])
        let store = makeStore(directory)
        let box = ReportBox()
        store.open(namespace: "feed", contentVersion: "1", context: context(400)) { box.report = $0 }
        store.waitUntilIdle()
        #expect(box.report == .init(heights: 1, files: 1, discarded: 0))
        #expect(store.count(namespace: "feed") == 1)
        #expect(store.height(forKey: .int(1), namespace: "feed", context: context(400)) == 400)

        // A table linked to the namespace reads a context's file when it switches to it.
        let table = table(on: store, in: context(400))
        table.switchContext(to: context(500))
        store.waitUntilIdle()
        #expect(store.height(forKey: .int(1), namespace: "feed", context: context(500)) == 500)
        #expect(store.count(namespace: "feed") == 2, "320 is never used, never read")
        #expect(table.height(cachedBy: .key(1)) { Issue.record("measured"); return 0 } == 500)
    }

    @Test func openingWithoutAContextReadsTheFileWrittenLast() throws {
        let directory = TemporaryDirectory()
        earlierLaunch(directory, widths: [320, 400, 500])
        // The app was last at 400 points wide.
        let store = makeStore(directory)
        for (index, url) in directory.files.enumerated() {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(-100 * (index + 1)))],
                                                  ofItemAtPath: url.path)
        }
        let newest = store.fileName(for: .init(namespace: "feed", context: context(400)))
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: directory.url.appendingPathComponent(newest).path)
        let box = ReportBox()
        store.open(namespace: "feed", contentVersion: "1", context: nil) { box.report = $0 }
        store.waitUntilIdle()
        #expect(box.report == .init(heights: 1, files: 1, discarded: 0))
        #expect(store.height(forKey: .int(1), namespace: "feed", context: context(400)) == 400)
        // Opening again for that context reads nothing more.
        store.open(namespace: "feed", contentVersion: "1", context: context(400)) { box.report = $0 }
        store.waitUntilIdle()
        #expect(box.report == .init())
    }

    @Test func nothingIsRecordedWhileTheWindowIsResizedInteractively() {
        let directory = TemporaryDirectory()
        let store = makeStore(directory)
        store.open(namespace: "feed", contentVersion: "1", context: context(400))
        let table = table(on: store, in: context(400))
        _ = table.height(cachedBy: .key(1)) { 40 }
        #expect(store.count(namespace: "feed") == 1)

        table.isResizingInteractively = true
        for width in stride(from: 401, through: 600, by: 1) {
            table.switchContext(to: context(CGFloat(width)))
            for key in 1...3 { _ = table.height(cachedBy: .key(key)) { CGFloat(width) } }
        }
        store.flush()
        store.waitUntilIdle()
        #expect(store.count(namespace: "feed") == 1, "no bucket per pixel width")
        #expect(directory.fileNames.count == 1, "no file per pixel width")
        #expect(table.height(cachedBy: .key(2)) { Issue.record("measured"); return 0 } == 600, "memory still answers")

        table.isResizingInteractively = false
        #expect(store.height(forKey: .int(2), namespace: "feed", context: context(600)) == 600, "the width the resize ended at")
        #expect(store.count(namespace: "feed") == 4)
        store.flush()
        store.waitUntilIdle()
        #expect(directory.fileNames.count == 2)
    }

    @Test func theContextAResizeEndsInIsReadWhenItEnds() {
        let directory = TemporaryDirectory()
        earlierLaunch(directory, widths: [400, 600], height: 1_000)
        let store = makeStore(directory)
        store.open(namespace: "feed", contentVersion: "1", context: context(400))
        let table = table(on: store, in: context(400))
        table.isResizingInteractively = true
        table.switchContext(to: context(600))
        store.waitUntilIdle()
        #expect(store.height(forKey: .int(1), namespace: "feed", context: context(600)) == nil, "not read mid-resize")
        table.isResizingInteractively = false
        store.waitUntilIdle()
        #expect(store.height(forKey: .int(1), namespace: "feed", context: context(600)) == 1_600)
    }

    @Test func aNamespaceKeepsAtMostItsContextLimitOnDiskAndInMemory() {
        let directory = TemporaryDirectory()
        let store = makeStore(directory, contexts: 3)
        store.open(namespace: "feed", contentVersion: "1")
        let widths: [CGFloat] = [300, 310, 320, 330, 340]
        for width in widths {
            store.record(width, forKey: .int(1), namespace: "feed", context: context(width))
            store.flush()
        }
        // Another namespace is bounded on its own.
        store.open(namespace: "other", contentVersion: "1")
        store.record(1, forKey: .int(1), namespace: "other", context: context(300))
        store.flush()
        store.waitUntilIdle()
        let feedFiles = directory.fileNames.filter { $0.hasPrefix(StableHash.name("feed")) }
        #expect(feedFiles.count == 3)
        #expect(directory.fileNames.count == 4)
        #expect(store.count(namespace: "feed") == 3)
        for width in widths {
            let expected: CGFloat? = width >= 320 ? width : nil
            #expect(store.height(forKey: .int(1), namespace: "feed", context: context(width)) == expected, "\(width)")
        }
        let kept = Set(widths.suffix(3).map { store.fileName(for: .init(namespace: "feed", context: context($0))) })
        #expect(Set(feedFiles) == kept, "the least recently used went")
        #expect(PersistentHeightStore.Configuration(appVersion: "1", maximumContextsPerNamespace: 0).maximumContextsPerNamespace == 8)
    }

    @Test func invalidationStaysDurableWhenContextsAreReadOneAtATime() {
        let directory = TemporaryDirectory()
        earlierLaunch(directory, widths: [400, 500])
        let store = makeStore(directory)
        store.open(namespace: "feed", contentVersion: "1", context: context(400))
        store.waitUntilIdle()
        store.invalidate(key: .int(1), namespace: "feed")
        // A context read after the invalidation does not bring the key back.
        store.activate(context(500), namespace: "feed")
        store.waitUntilIdle()
        #expect(store.height(forKey: .int(1), namespace: "feed", context: context(500)) == nil)
        store.flush()
        store.waitUntilIdle()
        #expect(directory.fileNames.isEmpty, "both files held only the invalidated key")

        earlierLaunch(directory, widths: [400, 500])
        let next = makeStore(directory)
        next.open(namespace: "feed", contentVersion: "1", context: context(400))
        next.waitUntilIdle()
        next.invalidate(key: .int(1), namespace: "feed")
        next.flush()  // before the 500 file is ever read
        next.waitUntilIdle()
        let last = makeStore(directory)
        last.open(namespace: "feed", contentVersion: "1")
        last.waitUntilIdle()
        #expect(last.count(namespace: "feed") == 0, "the unread file lost the key too")
    }

    /// Issue item 12 (review L1): past the context limit a context's bucket leaves memory
    /// while its file stays (and a table may still be in it); recording into that context
    /// again must not replace the file with the one new height.
    @Test func recordingIntoAContextDroppedFromMemoryKeepsItsFileWhole() {
        let directory = TemporaryDirectory()
        let dropped = context(300)
        let store = makeStore(directory)
        store.open(namespace: "feed", contentVersion: "1")
        for key in 1...5 { store.record(CGFloat(key), forKey: .int(Int64(key)), namespace: "feed", context: dropped) }
        store.flush()
        store.waitUntilIdle()

        // Eight more contexts in use: seven with a file, and one whose only height was
        // invalidated (no file), so the disk stays within 8 files while memory holds 9.
        for width in 401...407 { store.record(1, forKey: .int(1), namespace: "feed", context: context(CGFloat(width))) }
        store.record(1, forKey: .int(99), namespace: "feed", context: context(500))
        store.invalidate(key: .int(99), namespace: "feed")
        store.flush()
        store.waitUntilIdle()
        #expect(store.height(forKey: .int(1), namespace: "feed", context: dropped) == nil, "the least recently used bucket left memory")
        #expect(directory.fileNames.contains(store.fileName(for: .init(namespace: "feed", context: dropped))), "its file stayed")

        // The table still in that context measures one new row.
        store.record(6, forKey: .int(6), namespace: "feed", context: dropped)
        store.flush()
        store.waitUntilIdle()

        let next = makeStore(directory)
        next.open(namespace: "feed", contentVersion: "1", context: dropped)
        next.waitUntilIdle()
        for key in 1...6 {
            #expect(next.height(forKey: .int(Int64(key)), namespace: "feed", context: dropped) == CGFloat(key), "key \(key)")
        }
        // And the store's memory has the context whole again.
        #expect(store.height(forKey: .int(3), namespace: "feed", context: dropped) == 3)
    }

    /// Round-2 review of issue 17: a context was marked as read when its read was queued. A
    /// write already waiting on the queue then took it as read and replaced its file with
    /// the few heights recorded since, and the read that followed found the truncated file.
    @Test func aWriteQueuedBeforeAContextsReadMergesItsFile() {
        let directory = TemporaryDirectory()
        let later = context(300)
        let first = makeStore(directory)
        first.open(namespace: "feed", contentVersion: "1")
        for key in 1...5 { first.record(CGFloat(key), forKey: .int(Int64(key)), namespace: "feed", context: later) }
        first.flush()
        first.waitUntilIdle()

        let store = makeStore(directory)
        store.open(namespace: "feed", contentVersion: "1", context: context(400))
        store.waitUntilIdle()
        // The queue is busy, and a write waits on it, before the table switches context.
        let busy = DispatchSemaphore(value: 0)
        store.disk.async { busy.wait() }
        store.disk.async { store.writeDirtyBuckets() }
        store.activate(later, namespace: "feed")
        store.record(6, forKey: .int(6), namespace: "feed", context: later)
        busy.signal()
        store.waitUntilIdle()
        store.flush()
        store.waitUntilIdle()

        let next = makeStore(directory)
        next.open(namespace: "feed", contentVersion: "1", context: later)
        next.waitUntilIdle()
        for key in 1...6 {
            #expect(next.height(forKey: .int(Int64(key)), namespace: "feed", context: later) == CGFloat(key), "key \(key)")
        }
    }
}
