#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Backgrounding in an app with scenes: skeletons pause when their own table's scene goes to
/// the background and not when another does, and persistent stores are written when one
/// scene or the whole app goes. They post the notifications UIKit posts, with the test
/// host's window scene as their object. They run in Xcode; on Linux they are type-checked only.
final class SceneLifecycleTests: XCTestCase {
    private typealias Fixture = RecordingTableFixture

    /// A table in a window of the host's scene pauses; one in a window of no scene (standing
    /// for a table in another scene) keeps animating; both come back with their scene.
    @MainActor
    func testASkeletonPausesWhenItsOwnSceneGoesToTheBackgroundAndNotWhenAnotherDoes() throws {
        try XCTSkipIf(UIAccessibility.isReduceMotionEnabled, "Reduce Motion makes the skeleton solid")
        let scene = try hostWindowScene()
        let inScene = try Self.showPulsingSkeleton(in: scene)
        let elsewhere = try Self.showPulsingSkeleton(in: nil)
        XCTAssertTrue(Self.isPulsing(inScene.layers) && Self.isPulsing(elsewhere.layers), "precondition: pulsing")

        NotificationCenter.default.post(name: UIScene.didEnterBackgroundNotification, object: scene)
        XCTAssertTrue(inScene.layers.allSatisfy { $0.animation(forKey: "pulse") == nil }, "its scene went to the background")
        XCTAssertTrue(Self.isPulsing(elsewhere.layers), "a table outside that scene keeps animating")

        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: scene)
        XCTAssertTrue(Self.isPulsing(inScene.layers), "its scene came back")
        inScene.fixture.table.fd_hideSkeleton(animated: false)
        elsewhere.fixture.table.fd_hideSkeleton(animated: false)
    }

    /// The whole app going to the background pauses every skeleton, whatever its scene, and
    /// its return starts them again.
    @MainActor
    func testTheAppGoingToTheBackgroundPausesEverySkeletonAndItsReturnRestartsThem() throws {
        try XCTSkipIf(UIAccessibility.isReduceMotionEnabled, "Reduce Motion makes the skeleton solid")
        let scene = try hostWindowScene()
        let inScene = try Self.showPulsingSkeleton(in: scene)
        let elsewhere = try Self.showPulsingSkeleton(in: nil)

        NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: UIApplication.shared)
        XCTAssertTrue((inScene.layers + elsewhere.layers).allSatisfy { $0.animation(forKey: "pulse") == nil })

        NotificationCenter.default.post(name: UIApplication.willEnterForegroundNotification, object: UIApplication.shared)
        XCTAssertTrue(Self.isPulsing(inScene.layers + elsewhere.layers))
        inScene.fixture.table.fd_hideSkeleton(animated: false)
        elsewhere.fixture.table.fd_hideSkeleton(animated: false)
    }

    /// One scene of several going to the background writes what was measured: the next
    /// launch serves it without a layout.
    @MainActor
    func testAStoreIsWrittenWhenOneSceneGoesToTheBackground() throws {
        let scene = try hostWindowScene()
        try Self.checkAStoreIsWritten { NotificationCenter.default.post(name: UIScene.didEnterBackgroundNotification, object: scene) }
    }

    @MainActor
    func testAStoreIsWrittenWhenTheAppGoesToTheBackground() throws {
        try Self.checkAStoreIsWritten {
            NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: UIApplication.shared)
        }
    }

    // MARK: Helpers

    /// The test host's window scene; the tests that need one skip without it.

    private static func isPulsing(_ layers: [CALayer]) -> Bool {
        layers.allSatisfy { $0.animation(forKey: "pulse") != nil }
    }

    /// A table in a window (of `scene`, or of none) showing a pulsing skeleton of one row,
    /// and the part layers of its cell.
    @MainActor
    private static func showPulsingSkeleton(in scene: UIWindowScene?) throws -> (fixture: Fixture, layers: [CALayer]) {
        let fixture = Fixture(rowCount: 0)
        fixture.hostInWindow()
        let window = try XCTUnwrap(fixture.window)
        // Set either way: UIKit may have given a window made with a frame a scene of its own.
        window.windowScene = scene
        XCTAssertTrue(window.windowScene === scene, "precondition: the table's scene")
        fixture.table.layoutIfNeeded()
        return (fixture, try fixture.showPulsingSkeleton())
    }

    /// Measures a keyed height with a store that writes only when flushed, runs `background`,
    /// and checks that a store of a new launch over the same directory serves the height.
    @MainActor
    private static func checkAStoreIsWritten(when background: () -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("SceneLifecycleTests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func launch() -> (PersistentHeightStore, TableFixture) {
            let store = PersistentHeightStore(directory: directory, configuration: .init(appVersion: "1.0 (1)", writeDelay: 3_600))
            let fixture = TableFixture(sections: [])
            fixture.table.fd_persistHeights(in: store, namespace: "scenes", contentVersion: "1")
            store.waitUntilIdle()
            return (store, fixture)
        }
        let height = { (table: UITableView) in
            table.fd_height(identifier: "label", cacheBy: "post") { (cell: LabelCell) in cell.label.text = TableFixture.text(2) }
        }
        let (first, firstTable) = launch()
        let measured = height(firstTable.table)

        background()
        first.waitUntilIdle()

        let (_, next) = launch()
        XCTAssertEqual(height(next.table), measured)
        XCTAssertEqual(next.table.fd_statistics.persistedHits, 1, "served from the file the background wrote")
        XCTAssertEqual(next.table.fd_statistics.layouts, 0)
    }
}
#endif
