#if canImport(UIKit)
import UIKit

/// Follows what the system changes under a showing skeleton, for a table or collection view
/// alike: Reduce Motion (the layers are made again) and the app or the view's scene going to
/// the background and coming back (animations stop and start again).
@MainActor
final class SkeletonSystemChanges {
    private weak var painter: SkeletonCellPainter?
    /// The scene of the view's window, if it is in one.
    private let scene: @MainActor () -> ObjectIdentifier?
    /// Notification observers while started; removed on stop, or when this goes away.
    private nonisolated let observers = ObserverTokens()

    init(painter: SkeletonCellPainter, scene: @escaping @MainActor () -> ObjectIdentifier?) {
        self.painter = painter
        self.scene = scene
    }

    deinit {
        observers.removeAll()
    }

    /// Starts following the system's changes.
    func start() {
        let center = NotificationCenter.default
        // Queue .main: each block runs on the main thread, whoever posts.
        observers.add(center.addObserver(forName: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.painter?.rebuildLayers() }
        })
        // The whole app: UIKit posts these with scenes or without ("regardless of whether
        // your app uses scenes", applicationDidEnterBackground docs).
        observers.add(center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.pauseAnimations(onSceneWith: nil) }
        })
        observers.add(center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.restartAnimations(onSceneWith: nil) }
        })
        // One scene (the notification's object) of an app with several: only the view's
        // own scene matters. Matched when posted rather than registered with `object:`, since
        // the view may enter a window, or another scene's, after the skeleton shows.
        observers.add(center.addObserver(forName: UIScene.didEnterBackgroundNotification, object: nil, queue: .main) { [weak self] note in
            let scene = (note.object as AnyObject?).map(ObjectIdentifier.init)
            MainActor.assumeIsolated { self?.pauseAnimations(onSceneWith: scene) }
        })
        observers.add(center.addObserver(forName: UIScene.willEnterForegroundNotification, object: nil, queue: .main) { [weak self] note in
            let scene = (note.object as AnyObject?).map(ObjectIdentifier.init)
            MainActor.assumeIsolated { self?.restartAnimations(onSceneWith: scene) }
        })
    }

    /// Stops following; the skeleton hides.
    func stop() {
        observers.removeAll()
    }

    /// Stops every overlay's animation: the app went to the background (`scene` nil), or
    /// `scene` did and it is the view's. A scene offscreen shows nothing worth animating.
    func pauseAnimations(onSceneWith scene: ObjectIdentifier?) {
        if let scene, self.scene() != scene { return }
        painter?.pauseAnimations()
    }

    /// Starts every overlay's animation again: the view's scene came back (`scene`), or the
    /// app did (`scene` nil). On the app's return every view restarts, even one whose scene
    /// stays in the background: which scene comes back, and whether its state has changed
    /// yet, is not known then, and a skeleton frozen on screen is worse than one animating
    /// offscreen.
    func restartAnimations(onSceneWith scene: ObjectIdentifier?) {
        if let scene, self.scene() != scene { return }
        painter?.restartAnimations()
    }
}
#endif
