#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Keyed heights that survive launches, on real tables. A "launch" is a new
/// `PersistentHeightStore` and a new table over the same directory, after the first store
/// wrote its files. They run in Xcode; on Linux they are type-checked only.
final class PersistentHeightTests: XCTestCase {
    private static let namespace = "posts"
    private static let keys = (0..<12).map { "post-\($0)" }

    /// A store over `directory` that writes only when flushed, as if the app went to the
    /// background.
    private static func makeStore(in directory: URL) -> PersistentHeightStore {
        PersistentHeightStore(directory: directory, configuration: .init(appVersion: "1.0 (1)", writeDelay: 3_600))
    }

    private static func makeTemporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("PersistentHeightTests-\(UUID().uuidString)", isDirectory: true)
    }

    /// A table of the same size in each launch, so the layout context is the same, whose
    /// keyed heights persist in `store`; returns once the store has loaded what it had.
    @MainActor
    private static func makeTable(persistingIn store: PersistentHeightStore, contentVersion: String = "1") -> TableFixture {
        let fixture = TableFixture(sections: [])
        fixture.table.fd_persistHeights(in: store, namespace: namespace, contentVersion: contentVersion)
        store.waitUntilIdle()
        return fixture
    }

    /// The height of the row with `key` at `index`, cached by key, as `heightForRowAt` asks it.
    @MainActor
    private static func keyedHeight(on table: UITableView, key: String, index: Int, text: String? = nil) -> CGFloat {
        table.fd_height(identifier: "label", cacheBy: key) { (cell: LabelCell) in
            cell.label.text = text ?? TableFixture.text(index)
        }
    }

    /// The first launch: measures every key, then writes.
    @MainActor
    private static func runFirstLaunch(in directory: URL) -> [CGFloat] {
        let store = makeStore(in: directory)
        let fixture = makeTable(persistingIn: store)
        let heights = keys.indices.map { keyedHeight(on: fixture.table, key: keys[$0], index: $0) }
        store.flush()
        store.waitUntilIdle()
        return heights
    }

    @MainActor
    func testHeightsMeasuredInOneLaunchAreServedInTheNextWithoutALayout() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let measured = Self.runFirstLaunch(in: directory)

        let store = Self.makeStore(in: directory)
        let fixture = Self.makeTable(persistingIn: store)
        let served = Self.keys.indices.map { Self.keyedHeight(on: fixture.table, key: Self.keys[$0], index: $0) }

        XCTAssertEqual(served, measured)
        XCTAssertEqual(fixture.table.fd_statistics.layouts, 0, "no cell was laid out")
        XCTAssertEqual(fixture.table.fd_statistics.persistedHits, Self.keys.count)
        XCTAssertTrue(fixture.table.fd_keyedHeightCache.existsHeight(forKey: Self.keys[0] as NSString),
                      "a persisted height is copied into the keyed cache")
    }

    @MainActor
    func testBumpingTheContentVersionMeasuresAgain() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = Self.runFirstLaunch(in: directory)

        let store = Self.makeStore(in: directory)
        let fixture = Self.makeTable(persistingIn: store, contentVersion: "2")
        for index in Self.keys.indices { _ = Self.keyedHeight(on: fixture.table, key: Self.keys[index], index: index) }

        XCTAssertEqual(fixture.table.fd_statistics.layouts, Self.keys.count, "heights of another cell layout are never served")
        XCTAssertEqual(fixture.table.fd_statistics.persistedHits, 0)
    }

    @MainActor
    func testATableThatStopsPersistingMeasuresAsUsual() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = Self.runFirstLaunch(in: directory)

        let store = Self.makeStore(in: directory)
        let fixture = Self.makeTable(persistingIn: store)
        fixture.table.fd_stopPersistingHeights()
        _ = Self.keyedHeight(on: fixture.table, key: Self.keys[0], index: 0)

        XCTAssertEqual(fixture.table.fd_statistics.layouts, 1)
        XCTAssertEqual(fixture.table.fd_statistics.persistedHits, 0)
    }

    /// A cold launch showing a skeleton for ids it knows: the rows get the heights an
    /// earlier launch measured, so nothing moves when the data arrives, and nothing was laid
    /// out to find them.
    @MainActor
    func testASkeletonOnAColdLaunchUsesPersistedHeightsOfTheKeysAboutToCome() throws {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let measured = Self.runFirstLaunch(in: directory)

        let store = Self.makeStore(in: directory)
        let fixture = Self.makeTable(persistingIn: store)
        let table = fixture.table
        table.fd_showSkeleton(SkeletonConfiguration(
            identifier: "label", rowCount: Self.keys.count, keys: Self.keys.map { AnyHashable($0) }))

        let plan = try XCTUnwrap(table.layoutState.skeleton?.plan)
        XCTAssertEqual(plan.rowsBySource, [.keyedCache: Self.keys.count])
        XCTAssertEqual((0..<Self.keys.count).compactMap { plan.height(at: IndexPath(row: $0, section: 0)) }, measured)
        XCTAssertEqual(table.fd_statistics.layouts, 0)
    }

    /// An edited post: the app forgets its height and asks again with the new content. The
    /// height persisted for the old content must not come back (an early version cleared
    /// only the in-memory keyed cache, and the store answered the next miss with the old
    /// height).
    @MainActor
    func testInvalidatingAKeyForgetsItsPersistedHeightToo() throws {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = Self.makeStore(in: directory)
        let fixture = Self.makeTable(persistingIn: store)
        let table = fixture.table
        let key = Self.keys[0]
        let before = Self.keyedHeight(on: table, key: key, index: 0, text: TableFixture.text(0))

        table.fd_invalidateHeight(forKey: key)
        let after = Self.keyedHeight(on: table, key: key, index: 0, text: TableFixture.text(2))

        XCTAssertGreaterThan(after, before, "the longer text was measured")
        XCTAssertEqual(table.fd_statistics.layouts, 2)
        XCTAssertEqual(table.fd_statistics.persistedHits, 0)
        let persistentKey = try XCTUnwrap(PersistentKey(AnyHashable(key)))
        let context = table.layoutState.heights.context
        XCTAssertEqual(store.height(forKey: persistentKey, namespace: Self.namespace, context: context), after,
                       "the store holds the new height")
    }

    // MARK: The app's lifecycle

    /// How many heights a new store over `directory` finds on disk for the namespace.
    private static func heightsOnDisk(in directory: URL) -> Int {
        let store = makeStore(in: directory)
        store.open(namespace: namespace, contentVersion: "1")
        store.waitUntilIdle()
        return store.count(namespace: namespace)
    }

    /// Stores are told apart by the object, not by an `ObjectIdentifier` kept in a set: a
    /// store made after another was released, often at the same address, was taken for the
    /// old one and never observed, so going to the background never wrote it.
    @MainActor
    func testEveryNewStoreIsObservedEvenAtAReleasedStoresAddress() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var addresses: Set<ObjectIdentifier> = []
        let rounds = 20
        for round in 0..<rounds {
            autoreleasepool {
                // Nothing is recorded, so nothing keeps the store once the table goes.
                let store = Self.makeStore(in: directory)
                let fixture = Self.makeTable(persistingIn: store)
                XCTAssertTrue(ApplicationLifecycle.isObserving(store), "round \(round)")
                addresses.insert(ObjectIdentifier(store))
                withExtendedLifetime(fixture) {}
            }
        }
        print("PersistentHeightTests: \(rounds - addresses.count) of \(rounds) stores reused a released store's address")
    }

    @MainActor
    func testGoingToTheBackgroundWritesWhatWasMeasured() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = Self.makeStore(in: directory)
        let fixture = Self.makeTable(persistingIn: store)
        for index in Self.keys.indices { _ = Self.keyedHeight(on: fixture.table, key: Self.keys[index], index: index) }

        ApplicationLifecycle.didEnterBackground(nil)
        store.waitUntilIdle()

        XCTAssertEqual(Self.heightsOnDisk(in: directory), Self.keys.count)
    }

    @MainActor
    func testTerminationWritesWhatWasMeasuredSinceTheLastWrite() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = Self.makeStore(in: directory)
        let fixture = Self.makeTable(persistingIn: store)
        for index in Self.keys.indices { _ = Self.keyedHeight(on: fixture.table, key: Self.keys[index], index: index) }

        ApplicationLifecycle.willTerminate()

        XCTAssertEqual(Self.heightsOnDisk(in: directory), Self.keys.count)
    }

    /// A store whose queue is stuck (a slow disk) must not hold the main thread past the
    /// termination budget: UIKit may kill an app that does not return from termination.
    @MainActor
    func testTerminationWaitsForABusyStoreOnlyWithinItsBudget() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = Self.makeStore(in: directory)
        let fixture = Self.makeTable(persistingIn: store)
        _ = Self.keyedHeight(on: fixture.table, key: Self.keys[0], index: 0)
        let stuck = DispatchSemaphore(value: 0)
        store.removeAll(namespace: "unrelated") { _ = stuck.wait(timeout: .now() + 10) }

        let start = Date()
        ApplicationLifecycle.willTerminate(waitingAtMost: 0.2)
        let waited = Date().timeIntervalSince(start)
        stuck.signal()
        store.waitUntilIdle()

        XCTAssertGreaterThanOrEqual(waited, 0.19, "it waited for the write")
        XCTAssertLessThan(waited, 1, "and no longer than its budget")
        XCTAssertEqual(Self.heightsOnDisk(in: directory), 1, "the write finished on the store's queue afterwards")
    }
}
#endif
