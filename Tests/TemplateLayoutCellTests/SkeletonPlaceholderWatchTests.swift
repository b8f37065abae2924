#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// Extras review P9: the placeholder closure survives ordinary navigation (a tab switch, a
/// push) and is let go of once the table's screen is gone. They run in Xcode; on Linux they
/// are type-checked only.
final class SkeletonPlaceholderWatchTests: XCTestCase {
    private typealias Fixture = RecordingTableFixture

    @MainActor
    func testThePlaceholderIsKeptThroughATabSwitchAndLetGoOnceTheScreenIsRemoved() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
        window.isHidden = false
        let tabs = UITabBarController()
        let other = UIViewController()
        weak var weakScreen: LoadingScreen?
        weak var weakTable: UITableView?
        autoreleasepool {
            let screen = LoadingScreen()
            weakScreen = screen
            weakTable = screen.table
            tabs.viewControllers = [screen, other]
            window.rootViewController = tabs
            window.layoutIfNeeded()
            screen.startLoading()
        }
        XCTAssertNotNil(weakTable?.window, "precondition: on screen")

        tabs.selectedIndex = 1
        window.layoutIfNeeded()
        XCTAssertNil(weakTable?.window, "precondition: the tab switch took the table out of its window")
        spinMainRunLoop(timeout: 3 * SkeletonPlaceholderWatch.interval)
        XCTAssertNotNil(weakTable?.layoutState.skeleton?.configuration.placeholder,
                        "kept: the screen is still a tab, and comes back with its placeholder")

        autoreleasepool { tabs.viewControllers = [other] }
        let released = spinMainRunLoop(timeout: 2 * SkeletonPlaceholderWatch.longestInterval) { weakScreen == nil }
        XCTAssertTrue(released, "removed, the screen is not kept alive by its skeleton")
        withExtendedLifetime(window) {}
    }

    @MainActor
    func testAScreenPushedOverKeepsThePlaceholder() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
        window.isHidden = false
        let screen = LoadingScreen()
        let navigation = UINavigationController(rootViewController: screen)
        window.rootViewController = navigation
        window.layoutIfNeeded()
        screen.startLoading()

        navigation.pushViewController(UIViewController(), animated: false)
        window.layoutIfNeeded()
        spinMainRunLoop(timeout: 3 * SkeletonPlaceholderWatch.interval)
        XCTAssertNil(screen.table.window, "precondition: pushed over")

        XCTAssertNotNil(screen.table.layoutState.skeleton?.configuration.placeholder)
        screen.table.fd_hideSkeleton(animated: false)
    }

    /// Issue 17 review: a skeleton shown from `viewDidLoad` of a screen that is loaded and
    /// never shown (a page preloaded, then discarded) never left a window, so nothing let go
    /// of its placeholder: screen, table, skeleton and closure kept each other alive.
    @MainActor
    func testAScreenNeverShownIsNotKeptAliveByItsSkeleton() {
        weak var weakScreen: LoadingScreen?
        autoreleasepool {
            let screen = LoadingScreen()
            screen.loadViewIfNeeded()
            screen.startLoading()
            weakScreen = screen
        }
        XCTAssertNotNil(weakScreen, "precondition: the cycle holds it for now")
        let released = spinMainRunLoop(timeout: SkeletonPlaceholderWatch.patience + 2 * SkeletonPlaceholderWatch.longestInterval) {
            weakScreen == nil
        }
        XCTAssertTrue(released, "not in a window, not in a shown hierarchy: the placeholder goes, and the screen with it")
    }

    /// A screen prepared before it is shown (loaded, then pushed when its data arrives)
    /// keeps its placeholder: the watch waits for it.
    @MainActor
    func testAScreenShownAfterItWasLoadedKeepsThePlaceholder() {
        let screen = LoadingScreen()
        screen.loadViewIfNeeded()
        screen.startLoading()
        spinMainRunLoop(timeout: 3 * SkeletonPlaceholderWatch.interval)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
        window.rootViewController = UINavigationController(rootViewController: screen)
        window.isHidden = false
        window.layoutIfNeeded()
        XCTAssertNotNil(screen.table.window, "precondition: shown")
        XCTAssertNotNil(screen.table.layoutState.skeleton?.configuration.placeholder, "kept for the screen's first showing")
        screen.table.fd_hideSkeleton(animated: false)
    }
}
#endif
