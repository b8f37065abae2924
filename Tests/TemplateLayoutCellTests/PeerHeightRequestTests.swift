#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Review P8: tables on one persistence namespace (the same feed in two windows) share
/// invalidations, and UITableView does not ask again by itself for the heights of rows it
/// has, so each other table asks once, on a later turn. They run in Xcode; on Linux they are
/// type-checked only.
@MainActor
final class PeerHeightRequestTests: XCTestCase {
    /// Two windows of one feed, cached by post id, persisting in one namespace of `store`.
    @available(iOS 17, *)
    private static func makeWindows(sharing store: PersistentHeightStore) -> (here: ObservedFeedFixture, there: ObservedFeedFixture) {
        let here = ObservedFeedFixture()
        let there = ObservedFeedFixture()
        for window in [here, there] {
            window.table.fd_persistHeights(in: store, namespace: "feed", contentVersion: "1")
        }
        store.waitUntilIdle()
        here.hostInWindow()
        there.hostInWindow()
        return (here, there)
    }

    private static func makeStore() -> PersistentHeightStore {
        PersistentHeightStore(directory: nil, configuration: .init(appVersion: "1"))
    }

    func testTheOtherWindowsTableShowsTheNewHeightOfARowOnScreen() throws {
        // The fixture's posts are iOS 17 types; nothing here is observed.
        guard #available(iOS 17, *) else { throw XCTSkip("the fixture is iOS 17+") }
        let store = Self.makeStore()
        let (here, there) = Self.makeWindows(sharing: store)
        let row = IndexPath(row: 1, section: 0)
        let shortHeight = there.table.rectForRow(at: row).height
        // Measured here, or served from the store `here` recorded it in: cached either way.
        let measuredBefore = there.measurements[1, default: 0]

        // The app edits post 1, which both windows show, and forgets its height from one.
        here.posts[1].text = ObservedFeedFixture.long
        there.posts[1].text = ObservedFeedFixture.long
        here.table.fd_invalidateHeight(forKey: 1)
        XCTAssertEqual(there.table.emptyBatches, 0, "nothing inside the app's call")
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))

        XCTAssertEqual(there.table.emptyBatches, 1, "the other table asked for heights again")
        XCTAssertEqual(there.measurements[1, default: 0], measuredBefore + 1, "measured again, with the new text")
        XCTAssertGreaterThan(there.table.rectForRow(at: row).height, shortHeight, "its row on screen has the new height")
        XCTAssertEqual(here.table.emptyBatches, 0, "the table the app invalidated in is the app's to update")
        withExtendedLifetime(store) {}
    }

    func testInvalidationsOfOneTurnMakeOneBatchInEachOtherTable() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("the fixture is iOS 17+") }
        let store = Self.makeStore()
        let (here, there) = Self.makeWindows(sharing: store)
        let before = there.measurements

        here.table.fd_invalidateHeight(forKey: 0)
        here.table.fd_invalidateHeight(forKey: 2)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))

        XCTAssertEqual(there.table.emptyBatches, 1)
        let measuredAgain = (0..<3).map { there.measurements[$0, default: 0] - before[$0, default: 0] }
        XCTAssertEqual(measuredAgain, [1, 0, 1], "the two forgotten rows, once each")
        withExtendedLifetime(store) {}
    }

    /// An app that changed its model and has not told the other table yet: an empty batch
    /// would raise UIKit's count check. The coming update asks for the heights.
    func testATableWhoseDataSourceCountsDifferIsNotAsked() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("the fixture is iOS 17+") }
        let store = Self.makeStore()
        let (here, there) = Self.makeWindows(sharing: store)
        there.posts.append(ObservablePost(id: 3, text: "Not told yet"))

        here.table.fd_invalidateHeight(forKey: 1)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))

        XCTAssertEqual(there.table.emptyBatches, 0)
        withExtendedLifetime(store) {}
    }
}
#endif
