#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// The app's delegate: what every scene shares (the height store every screen persists its
/// keyed heights in, and the skeleton layout cache), and the configuration of each new scene.
///
/// The app uses the scene life cycle (`UIApplicationSceneManifest` in Info.plist): from the
/// release after iOS 26, an app built with the latest SDK that has not adopted it does not
/// launch (TN3187). Windows belong to scenes, so each ``SceneDelegate`` owns its own; this
/// delegate has none. The entry point is `App/main.swift`, in the app target only, which names
/// this class to `UIApplicationMain`.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    /// Keyed heights measured in earlier launches, shared by the tables that call
    /// `fd_persistHeights(in:namespace:contentVersion:)`. One store per directory, owned here
    /// and handed to the screens, so it lives as long as the app. It writes shortly after
    /// heights are measured, and when a scene or the whole app goes to the background.
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
        return true
    }

    /// Every new scene gets the manifest's one configuration, with ``SceneDelegate`` named here
    /// as well as in Info.plist.
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        // Filled in from the Info.plist entry of the same name and role.
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    /// A scene's root: the feed in a navigation controller, offering every screen, all of them
    /// on the shared height store and skeleton cache.
    func makeRootViewController() -> UIViewController {
        let screens = DemoScreenCatalog.screens(heightStore: heightStore, skeletonCache: skeletonCache)
        let feed = FeedViewController(screens: screens, heightStore: heightStore)
        return UINavigationController(rootViewController: feed)
    }
}
#endif
