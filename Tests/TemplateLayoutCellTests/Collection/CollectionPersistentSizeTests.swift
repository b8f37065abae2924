#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Keyed collection-view sizes that survive launches (issue 19, item 7). A "launch" is a new
/// `PersistentHeightStore` and a new collection view over the same directory, after the
/// first store wrote its files. They run in Xcode; on Linux they are type-checked only.
final class CollectionPersistentSizeTests: XCTestCase {
    private static let namespace = "cards"
    private static let keys = (0..<8).map { "card-\($0)" }

    /// A store over `directory` that writes only when flushed, as if the app went to the
    /// background.
    private static func makeStore(in directory: URL) -> PersistentHeightStore {
        PersistentHeightStore(directory: directory, configuration: .init(appVersion: "1.0 (1)", writeDelay: 3_600))
    }

    private static func makeTemporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("CollectionPersistentSizeTests-\(UUID().uuidString)", isDirectory: true)
    }

    /// A collection view (the same in each launch, so the same layout contexts) whose keyed
    /// sizes persist in `store`; returns once the store has read what it reads at the link.
    @MainActor
    private static func makeView(persistingIn store: PersistentHeightStore, layout: UICollectionViewLayout = UICollectionViewFlowLayout()) -> CollectionFixture {
        let fixture = CollectionFixture(layout: layout)
        fixture.collectionView.fd_persistSizes(in: store, namespace: namespace, contentVersion: "1")
        store.waitUntilIdle()
        return fixture
    }

    /// The size of the card with `key`, text `index`, in a two-column grid of a phone.
    @MainActor
    private static func cardSize(in fixture: CollectionFixture, key: String, index: Int) -> CGSize {
        fixture.collectionView.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 195, cacheBy: key) { (cell: CardCell) in
            fixture.configure(cell, item: index)
        }
    }

    @MainActor
    func testKeyedSizesComeBackFromDiskInANewCollectionViewWithoutAMeasurement() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let firstStore = Self.makeStore(in: directory)
        let first = Self.makeView(persistingIn: firstStore)
        let measured = Self.keys.indices.map { Self.cardSize(in: first, key: Self.keys[$0], index: $0) }
        XCTAssertEqual(first.collectionView.fd_sizeStatistics.layouts, Self.keys.count)
        firstStore.flush()
        firstStore.waitUntilIdle()

        let store = Self.makeStore(in: directory)
        let second = Self.makeView(persistingIn: store)
        let served = Self.keys.indices.map { Self.cardSize(in: second, key: Self.keys[$0], index: $0) }

        XCTAssertEqual(served, measured)
        XCTAssertEqual(second.collectionView.fd_sizeStatistics.layouts, 0, "no cell was measured")
        XCTAssertEqual(second.collectionView.fd_sizeStatistics.persistedHits, Self.keys.count)
    }

    @MainActor
    func testAViewThatStopsPersistingMeasuresAsUsual() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let firstStore = Self.makeStore(in: directory)
        let first = Self.makeView(persistingIn: firstStore)
        _ = Self.cardSize(in: first, key: Self.keys[0], index: 0)
        firstStore.flush()
        firstStore.waitUntilIdle()

        let second = Self.makeView(persistingIn: Self.makeStore(in: directory))
        second.collectionView.fd_stopPersistingSizes()
        _ = Self.cardSize(in: second, key: Self.keys[0], index: 0)

        XCTAssertEqual(second.collectionView.fd_sizeStatistics.layouts, 1)
        XCTAssertEqual(second.collectionView.fd_sizeStatistics.persistedHits, 0)
    }

    /// A chip (fitting a height) and a card (fitting a width) with the same key and the same
    /// fixed length: their contexts differ only in the fixed dimension, and neither may ever
    /// be answered with the other's length, in memory or from disk. Both persist, in files
    /// that name the fixed dimension: the second launch measures neither.
    @MainActor
    func testAChipAndACardWithTheSameKeyAndLengthNeverShareASize() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func card(_ fixture: CollectionFixture) -> CGSize {
            fixture.collectionView.fd_size(identifier: CollectionFixture.identifier, fittingWidth: 120, cacheBy: "a") { (cell: CardCell) in
                fixture.configure(cell, item: 2)
            }
        }
        func chip(_ fixture: CollectionFixture) -> CGSize {
            fixture.collectionView.fd_size(identifier: CollectionFixture.identifier, fittingHeight: 120, cacheBy: "a") { (cell: CardCell) in
                cell.label.text = "Chip"
            }
        }
        let firstStore = Self.makeStore(in: directory)
        let first = Self.makeView(persistingIn: firstStore)
        let measuredCard = card(first)
        let measuredChip = chip(first)
        XCTAssertEqual(first.collectionView.fd_sizeStatistics.layouts, 2, "two contexts, two measurements")
        XCTAssertEqual(card(first), measuredCard, "switching back hits the card's context")
        XCTAssertGreaterThan(measuredCard.height, 2 * measuredChip.width, "three sentences at 120 points against one word")
        firstStore.flush()
        firstStore.waitUntilIdle()

        let store = Self.makeStore(in: directory)
        let second = Self.makeView(persistingIn: store)
        // Each context's file is read when the view first uses it; let both reads land.
        second.collectionView.collectionLayoutState.switchContext(fixing: .width, length: 120)
        second.collectionView.collectionLayoutState.switchContext(fixing: .height, length: 120)
        store.waitUntilIdle()

        XCTAssertEqual(card(second), measuredCard)
        XCTAssertEqual(chip(second), measuredChip)
        XCTAssertEqual(card(second), measuredCard, "and after switching back")
        let statistics = second.collectionView.fd_sizeStatistics
        XCTAssertGreaterThanOrEqual(statistics.persistedHits, 2, "the card and the chip came from disk")
        XCTAssertEqual(statistics.layouts, 0, "neither was measured again")
    }

    /// A window resized by a drag (iPadOS 26, Mac): nothing is recorded mid-drag, the context
    /// active when it ends is recorded then, and the view's other context (full-width rows
    /// beside two-column cards) when the view next asks in it; the widths passed by, never.
    @MainActor
    func testAResizeRecordsNothingMidDragAndEveryContextTheViewUsesAfterIt() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = Self.makeStore(in: directory)
        let fixture = Self.makeView(persistingIn: store)
        let view = fixture.collectionView
        // The reader stands in for the scene: this runs without a host app's scene.
        let reader = SceneResizeWatch.reader
        defer { SceneResizeWatch.reader = reader }
        func layoutPass(width: CGFloat) {
            _ = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: width, cacheBy: "row") { (cell: CardCell) in
                fixture.configure(cell, item: 1)
            }
            _ = view.fd_size(identifier: CollectionFixture.identifier, fittingWidth: width / 2, cacheBy: "card") { (cell: CardCell) in
                fixture.configure(cell, item: 2)
            }
        }

        SceneResizeWatch.reader = { _ in true }
        for width in stride(from: 300, through: 360, by: 6) { layoutPass(width: CGFloat(width)) }
        XCTAssertTrue(view.collectionLayoutState.sizes.isResizingInteractively)
        XCTAssertEqual(store.count(namespace: Self.namespace), 0, "no size per pixel width")

        // What the observation of the scene's effectiveGeometry delivers when the drag ends.
        SceneResizeWatch.reader = { _ in false }
        view.collectionLayoutState.resizeWatch.sceneGeometryDidChange()
        XCTAssertFalse(view.collectionLayoutState.sizes.isResizingInteractively)
        XCTAssertEqual(store.count(namespace: Self.namespace), 1, "the cards' context, active when the drag ended")
        let layouts = view.fd_sizeStatistics.layouts

        layoutPass(width: 360)
        XCTAssertEqual(view.fd_sizeStatistics.layouts, layouts, "both hit memory")
        XCTAssertEqual(store.count(namespace: Self.namespace), 2, "the rows' context, used again, is recorded too")
        let rowContext = view.collectionLayoutState.switchContext(fixing: .width, length: 360)
        XCTAssertNotNil(store.height(forKey: .string("row"), namespace: Self.namespace, context: rowContext))
    }

    /// The same feed in two windows: forgetting a key in one makes the other forget it and
    /// ask its layout for sizes again, as a layout keeps the sizes it was given.
    @MainActor
    func testAPeerForgettingAKeyMakesThisViewAskItsLayoutAgain() {
        let directory = Self.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = Self.makeStore(in: directory)
        let layout = InvalidationCountingFlowLayout()
        let mine = Self.makeView(persistingIn: store, layout: layout)
        let peer = Self.makeView(persistingIn: store)
        _ = Self.cardSize(in: mine, key: Self.keys[0], index: 0)
        _ = Self.cardSize(in: peer, key: Self.keys[0], index: 0)
        let before = layout.invalidations.count

        peer.collectionView.fd_invalidateSize(forKey: Self.keys[0])
        XCTAssertNil(mine.collectionView.collectionLayoutState.sizes.keys.height(forKey: AnyHashable(Self.keys[0])),
                     "forgotten here at once")
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))

        let asked = layout.invalidations.dropFirst(before)
        XCTAssertTrue(asked.contains { $0.metrics && $0.items.isEmpty }, "the delegate's metrics of every item asked again")
        _ = Self.cardSize(in: mine, key: Self.keys[0], index: 0)
        XCTAssertEqual(mine.collectionView.fd_sizeStatistics.layouts, 2, "measured again, not served from disk")
    }
}
#endif
