#if canImport(UIKit)
import UIKit

/// Whether a table's or collection view's window scene is being resized by the user (iPadOS
/// 26 windows, iPhone and iPad apps on a Mac), and, while it is, a watch on the scene that
/// says when the resize is over, so that the heights (sizes) of the width it ended at are
/// recorded even if the view asks for none afterwards.
///
/// While a resize lasts, the view's caches record nothing in the persistent store
/// (``TableHeightCache/isResizingInteractively``): a drag through a hundred widths would
/// otherwise leave a file and a bucket per pixel width.
@MainActor
final class SceneResizeWatch {
    /// The getter of `UIWindowScene.Geometry.isInteractivelyResizing` (iOS 26): looked up by
    /// name, as the package must also compile against SDKs that do not declare it (its iOS
    /// check builds with the iOS 17.4 SDK; apps build with Xcode 26's).
    static let selector = NSSelectorFromString("isInteractivelyResizing")
    /// Whether this system has that getter, found once per process: every height request
    /// asks whether the scene resizes, and before iOS 26 it then reads no scene geometry and
    /// does no run-time lookup. (`UIWindowSceneGeometry` is the Objective-C name of
    /// `UIWindowScene.Geometry`, iOS 16.)
    private static let systemHasResizingState =
        NSClassFromString("UIWindowSceneGeometry")?.instancesRespond(to: selector) ?? false
    /// Reads whether a view's window scene is resizing; tests replace it to play a resize
    /// (with or without a scene: package tests have no host app).
    static var reader: (UIView) -> Bool = { view in
        guard let scene = view.window?.windowScene else { return false }
        return SceneResizeWatch.isInteractivelyResizing(scene)
    }

    /// The table or collection view watched for.
    private weak var view: UIView?
    private weak var scene: UIWindowScene?
    private var observation: NSKeyValueObservation?

    /// Whether `view`'s scene (a table's or a collection view's) is being resized now; while
    /// it is, the scene is watched for the end of the resize.
    func isResizing(_ view: UIView) -> Bool {
        guard Self.reader(view) else {
            stop()
            return false
        }
        self.view = view
        if let scene = view.window?.windowScene { watch(scene) }
        return true
    }

    /// `scene.effectiveGeometry.isInteractivelyResizing` where the system has it (iOS 26 and
    /// later); `false` before, where a scene is never resized freely.
    static func isInteractivelyResizing(_ scene: UIWindowScene) -> Bool {
        guard systemHasResizingState, #available(iOS 16, *) else { return false }
        let geometry = scene.effectiveGeometry
        // Present from iOS 26 on: asked at run time, since no SDK this builds with may declare it.
        guard geometry.responds(to: selector), let implementation = geometry.method(for: selector) else { return false }
        // A BOOL getter, called through its own signature rather than `perform(_:)`, whose
        // object result a BOOL is not.
        typealias Getter = @convention(c) (AnyObject, Selector) -> Bool
        return unsafeBitCast(implementation, to: Getter.self)(geometry, selector)
    }

    private func watch(_ scene: UIWindowScene) {
        guard observation == nil || self.scene !== scene else { return }
        observation?.invalidate()
        self.scene = scene
        guard #available(iOS 16, *) else { return }
        // `effectiveGeometry` is key-value observing compliant, "the recommended way to receive
        // notifications of changes to the window scene's geometry" (UIWindowScene docs); UIKit
        // changes it on the main thread. The observation holds the scene weakly.
        let changed: @Sendable (UIWindowScene, NSKeyValueObservedChange<UIWindowScene.Geometry>) -> Void = { [weak self] _, _ in
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated { self?.sceneGeometryDidChange() }
        }
        observation = scene.observe(\.effectiveGeometry, changeHandler: changed)
    }

    /// The scene's geometry changed: when the resize is over, the view's caches record the
    /// heights (sizes) of the width it ended at.
    func sceneGeometryDidChange() {
        if let view, Self.reader(view) { return }
        stop()
        if let table = view as? UITableView {
            table.existingLayoutState?.heights.isResizingInteractively = false
            // A skeleton put off planning its rows during the resize.
            table.existingLayoutState?.skeleton?.sceneResizeDidEnd()
        } else if let collectionView = view as? UICollectionView {
            // The active context is recorded now, the view's others at its next requests.
            collectionView.existingCollectionLayoutState?.sizes.isResizingInteractively = false
            // A skeleton put off planning its items during the resize (review 19d, C2).
            collectionView.existingCollectionSkeletonState?.skeleton?.skeletonDidLayOut()
        }
    }

    /// Stops watching.
    func stop() {
        observation?.invalidate()
        observation = nil
        scene = nil
    }
}
#endif
