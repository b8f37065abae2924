#if canImport(UIKit)
import UIKit

/// The app's delegate: one window with the feed in a navigation controller.
///
/// Scene-less (no `UIApplicationSceneManifest` in Info.plist), which every iOS version
/// from 13 runs unchanged. The entry point is `App/main.swift`, in the app target only,
/// which names this class to `UIApplicationMain`.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let feed = FeedViewController(screens: DemoScreenCatalog.screens)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: feed)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
#endif
