#if canImport(UIKit)
import UIKit

/// The delegate of each window scene: it owns the scene's window, with the feed in a
/// navigation controller. On an iPad every window the user opens is a scene of its own, with
/// its own feed; the screens of all of them share the app delegate's height store and
/// skeleton cache.
///
/// UIKit makes it from its class name: `$(PRODUCT_MODULE_NAME).SceneDelegate` in Info.plist's
/// `UIApplicationSceneManifest`, which the build expands to the app target's module,
/// `TemplateLayoutCellDemo.SceneDelegate`. The app delegate also names the class in code
/// (`UISceneConfiguration.delegateClass`), so a module of another name (the package compiles
/// these sources as `TemplateLayoutCellExample` too) finds it as well.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        // UIKit connects window scenes only (the manifest's one role), and the app delegate
        // is set before any scene connects.
        guard let windowScene = scene as? UIWindowScene, let app = UIApplication.shared.delegate as? AppDelegate else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = app.makeRootViewController()
        window.makeKeyAndVisible()
        self.window = window
    }
}
#endif
