#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Issue 14, items 2, 4, 5, 6 and 14 on real tables: Bold Text in the layout context, tables
/// on one namespace forgetting together, skeleton caches expired in the background, no
/// recording while the scene resizes, and where store completions run. They run in Xcode; on
/// Linux they are type-checked only.
final class PersistenceContextTests: XCTestCase {
    private static func makeDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("PersistenceContextTests-\(UUID().uuidString)", isDirectory: true)
    }

    private static func makeStore(in directory: URL?) -> PersistentHeightStore {
        PersistentHeightStore(directory: directory, configuration: .init(appVersion: "1.0 (1)", writeDelay: 3_600))
    }

    @MainActor
    private static func height(on table: UITableView, key: String = "post", text: String = TableFixture.text(2)) -> CGFloat {
        table.fd_height(identifier: "label", cacheBy: key) { (cell: LabelCell) in cell.label.text = text }
    }


    // MARK: Item 2: Bold Text

    @MainActor
    func testBoldTextIsPartOfTheLayoutContextAndTurningItOffHitsAgain() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("trait overrides are iOS 17+") }
        let fixture = TableFixture(sections: []).hostInWindow()
        let table = fixture.table
        table.traitOverrides.legibilityWeight = .regular
        table.updateTraitsIfNeeded()
        let regular = Self.height(on: table)
        let regularContext = table.layoutState.heights.context
        XCTAssertEqual(regularContext.legibilityWeight, .regular)

        table.traitOverrides.legibilityWeight = .bold
        table.updateTraitsIfNeeded()
        let bold = Self.height(on: table)
        XCTAssertEqual(table.layoutState.heights.context.legibilityWeight, .bold, "read from the table's traits")
        XCTAssertEqual(table.fd_statistics.layouts, 2, "Bold Text measures again")
        let template = try XCTUnwrap(table.layoutState.templateCell(withIdentifier: "label", in: table).cell)
        XCTAssertEqual(template.traitCollection.legibilityWeight, .bold, "the template is measured with the table's weight")
        XCTAssertGreaterThanOrEqual(bold, regular, "bold glyphs are never narrower")

        table.traitOverrides.legibilityWeight = .regular
        table.updateTraitsIfNeeded()
        XCTAssertEqual(Self.height(on: table), regular)
        XCTAssertEqual(table.layoutState.heights.context, regularContext)
        XCTAssertEqual(table.fd_statistics.layouts, 2, "back to regular: a hit, nothing laid out")
    }

    @MainActor
    func testBoldAndRegularHeightsArePersistedApart() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("trait overrides are iOS 17+") }
        let directory = Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = Self.makeStore(in: directory)
        let fixture = TableFixture(sections: []).hostInWindow()
        fixture.table.fd_persistHeights(in: store, namespace: "bold", contentVersion: "1")
        for weight in [UILegibilityWeight.regular, .bold] {
            fixture.table.traitOverrides.legibilityWeight = weight
            fixture.table.updateTraitsIfNeeded()
            _ = Self.height(on: fixture.table)
        }
        store.flush()
        store.waitUntilIdle()

        let next = Self.makeStore(in: directory)
        next.open(namespace: "bold", contentVersion: "1")
        next.waitUntilIdle()
        XCTAssertEqual(next.count(namespace: "bold"), 2, "one height per weight")
    }

    // MARK: Item 4: one namespace, several tables

    @MainActor
    func testInvalidatingAKeyInOneWindowReachesTheTableInAnotherWindow() {
        let store = Self.makeStore(in: nil)
        let first = TableFixture(sections: []).hostInWindow()
        let second = TableFixture(sections: []).hostInWindow()
        for fixture in [first, second] { fixture.table.fd_persistHeights(in: store, namespace: "shared", contentVersion: "1") }
        store.waitUntilIdle()
        let short = Self.height(on: first.table, text: TableFixture.text(0))
        XCTAssertEqual(Self.height(on: second.table, text: TableFixture.text(0)), short, "precondition: the second table holds it")

        // The post was edited; the app forgets its height through the table it is looking at.
        first.table.fd_invalidateHeight(forKey: "post")
        let edited = Self.height(on: second.table, text: TableFixture.text(2))

        XCTAssertGreaterThan(edited, short, "the other window measured the edited post instead of keeping the old height")
        XCTAssertEqual(store.attachedTableCount(namespace: "shared"), 2)
        second.table.fd_stopPersistingHeights()
        XCTAssertEqual(store.attachedTableCount(namespace: "shared"), 1)
    }

    // MARK: Item 5: skeleton layouts expire

    @MainActor
    func testShowingASkeletonWithACacheExpiresItsFilesInTheBackground() {
        let cache = SkeletonLayoutCache(directory: nil, appVersion: "1", isEnabled: true)
        let fixture = TableFixture(sections: []).hostInWindow()
        XCTAssertFalse(ApplicationLifecycle.isObserving(cache))
        fixture.table.fd_showSkeleton(SkeletonConfiguration(identifier: "label", rowCount: 1, layoutCache: cache))
        XCTAssertTrue(ApplicationLifecycle.isObserving(cache))
        fixture.table.fd_hideSkeleton(animated: false)
    }

    // MARK: Item 6: free window resizing

    @MainActor
    func testNothingIsRecordedWhileTheSceneResizesAndTheWidthItEndsAtIsRecorded() throws {
        // The reader stands in for the scene: this runs without a host app's scene.
        let store = Self.makeStore(in: nil)
        let fixture = TableFixture(sections: []).hostInWindow()
        let table = fixture.table
        table.fd_persistHeights(in: store, namespace: "resize", contentVersion: "1")
        let reader = SceneResizeWatch.reader
        defer { SceneResizeWatch.reader = reader }

        SceneResizeWatch.reader = { _ in true }
        for width in stride(from: 300, through: 360, by: 3) {
            table.frame.size.width = CGFloat(width)
            _ = Self.height(on: table)
        }
        XCTAssertTrue(table.layoutState.heights.isResizingInteractively)
        XCTAssertEqual(store.count(namespace: "resize"), 0, "no height per pixel width")

        // What the observation of the scene's effectiveGeometry delivers when the drag ends.
        SceneResizeWatch.reader = { _ in false }
        table.layoutState.resizeWatch.sceneGeometryDidChange()
        XCTAssertFalse(table.layoutState.heights.isResizingInteractively)
        XCTAssertEqual(store.count(namespace: "resize"), 1, "the width the resize ended at")
        XCTAssertNotNil(store.height(forKey: .string("post"), namespace: "resize", context: table.layoutState.heights.context))
    }

    @MainActor
    func testAWindowThatIsNotBeingResizedRecordsAsUsual() throws {
        let scene = try hostWindowScene()
        XCTAssertFalse(SceneResizeWatch.isInteractivelyResizing(scene), "the test host's window is not being dragged")
        if #available(iOS 26, *) {} else if #available(iOS 16, *) {
            XCTAssertFalse(scene.effectiveGeometry.responds(to: SceneResizeWatch.selector), "the property is iOS 26+")
        }
        let store = Self.makeStore(in: nil)
        let fixture = TableFixture(sections: []).hostInWindow()
        fixture.window?.windowScene = scene
        fixture.table.fd_persistHeights(in: store, namespace: "still", contentVersion: "1")
        _ = Self.height(on: fixture.table)
        XCTAssertFalse(fixture.table.layoutState.heights.isResizingInteractively)
        XCTAssertEqual(store.count(namespace: "still"), 1)
    }

    // MARK: Item 14: completions and async versions

    private final class ThreadBox: @unchecked Sendable {
        // Written on the store's queue before `waitUntilIdle()` returns, read after.
        var ranOnMainThread: Bool?
    }

    private static func isMainThread() -> Bool { Thread.isMainThread }

    @MainActor
    func testCompletionsRunOffTheMainThreadAndAsyncVersionsResumeOnTheMainActor() async {
        let store = Self.makeStore(in: nil)
        let box = ThreadBox()
        store.flush { box.ranOnMainThread = Self.isMainThread() }
        store.waitUntilIdle()
        XCTAssertEqual(box.ranOnMainThread, false, "the store's private queue")

        let report = await store.openAndWait(namespace: "async", contentVersion: "1")
        XCTAssertEqual(report, .init())
        store.record(80, forKey: .int(1), namespace: "async", context: LayoutContext(width: 320, displayScale: 2))
        await store.flushAndWait()
        XCTAssertTrue(Self.isMainThread(), "a main-actor caller resumes on the main actor")
    }
}
#endif
