#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Backgrounding in an app with scenes: skeletons pause when their own table's scene goes to
/// the background and not when another does, and persistent stores are written when one
/// scene or the whole app goes. They post the notifications UIKit posts, with an object
/// standing in for the scene. They run in Xcode; on Linux they are type-checked only.
final class SceneLifecycleTests: XCTestCase {
    private typealias Fixture = RecordingTableFixture

    /// A table in its scene pauses; one in another scene (or none) keeps animating; both come
    /// back with their scene. An object stands in for the table's scene: package tests run
    /// without a host app, which has the only connected scenes.
    @MainActor
    func testASkeletonPausesWhenItsOwnSceneGoesToTheBackgroundAndNotWhenAnotherDoes() throws {
        try XCTSkipIf(UIAccessibility.isReduceMotionEnabled, "Reduce Motion makes the skeleton solid")
        let inScene = try Self.showPulsingSkeleton()
        let elsewhere = try Self.showPulsingSkeleton()
        let scene = NSObject()
        let sceneOfTable = SkeletonController.sceneOfTable
        defer { SkeletonController.sceneOfTable = sceneOfTable }
        SkeletonController.sceneOfTable = { [weak table = inScene.fixture.table] in $0 === table ? scene : nil }
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
        let inScene = try Self.showPulsingSkeleton()
        let elsewhere = try Self.showPulsingSkeleton()
        let scene = NSObject()
        let sceneOfTable = SkeletonController.sceneOfTable
        defer { SkeletonController.sceneOfTable = sceneOfTable }
        SkeletonController.sceneOfTable = { [weak table = inScene.fixture.table] in $0 === table ? scene : nil }

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
        // Any scene's: the store serves every scene's tables (an object stands in for it).
        try Self.checkAStoreIsWritten { NotificationCenter.default.post(name: UIScene.didEnterBackgroundNotification, object: NSObject()) }
    }

    @MainActor
    func testAStoreIsWrittenWhenTheAppGoesToTheBackground() throws {
        try Self.checkAStoreIsWritten {
            NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: UIApplication.shared)
        }
    }

    // MARK: Helpers

    private static func isPulsing(_ layers: [CALayer]) -> Bool {
        layers.allSatisfy { $0.animation(forKey: "pulse") != nil }
    }

    /// A table in a window showing a pulsing skeleton of one row, and the part layers of its
    /// cell.
    @MainActor
    private static func showPulsingSkeleton() throws -> (fixture: Fixture, layers: [CALayer]) {
        let fixture = Fixture(rowCount: 0)
        fixture.hostInWindow()
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
