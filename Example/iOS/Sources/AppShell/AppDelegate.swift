#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// The app's delegate: one window with the feed in a navigation controller, the height store
/// every screen persists its keyed heights in, and the skeleton layout cache.
///
/// Scene-less (no `UIApplicationSceneManifest` in Info.plist), which every iOS version
/// from 13 runs unchanged. The entry point is `App/main.swift`, in the app target only,
/// which names this class to `UIApplicationMain`.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    /// Keyed heights measured in earlier launches, shared by the tables that call
    /// `fd_persistHeights(in:namespace:contentVersion:)`. One store per directory, owned here
    /// and handed to the screens, so it lives as long as the app. It writes shortly after
    /// heights are measured and when the app goes to the background.
    let heightStore = PersistentHeightStore(
        directory: PersistentHeightStore.defaultDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("Heights", isDirectory: true),
        configuration: PersistentHeightStore.Configuration(appVersion: AppDelegate.appVersion))

    /// Skeletons mapped from cells in earlier shows and launches (TABAnimated's strategy):
    /// the 20 most shown are read back at launch, off the main thread. Off in debug builds,
    /// so placeholder tweaks show at once.
    let skeletonCache = SkeletonLayoutCache(directory: SkeletonLayoutCache.defaultDirectory, appVersion: AppDelegate.appVersion)

    /// E.g. `1.0 (1)`: heights written by another build of the app are discarded.
    private nonisolated static var appVersion: String {
        let info = Bundle.main.infoDictionary
        let version = info?["CFBundleShortVersionString"] as? String ?? "?"
        let build = info?["CFBundleVersion"] as? String ?? "?"
        return "\(version) (\(build))"
    }

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        skeletonCache.warmUp()
        let screens = DemoScreenCatalog.screens(heightStore: heightStore, skeletonCache: skeletonCache)
        let feed = FeedViewController(screens: screens, heightStore: heightStore)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: feed)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
#endif
