#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// The screens the feed offers in its navigation bar, in order.
///
/// Screens written in Swift in these sources are listed in ``builtInScreens(heightStore:skeletonCache:)``;
/// screens that only the app target can build (the Objective-C feed, which needs the
/// Objective-C header the package generates) are added with ``register(_:)`` from
/// `App/main.swift`, before the first scene connects.
@MainActor
enum DemoScreenCatalog {
    /// Screens defined in these sources, made with what the app delegate owns.
    /// The observed feed needs Swift's Observation, iOS 17 or later.
    private static func builtInScreens(heightStore: PersistentHeightStore, skeletonCache: SkeletonLayoutCache) -> [DemoScreen] {
        var screens = [
            DemoScreen(title: "Loading") { LoadingFeedViewController(heightStore: heightStore, skeletonCache: skeletonCache) },
            DemoScreen(title: "Grid") { CollectionDemoViewController() },
        ]
        if #available(iOS 17, *) {
            screens.append(DemoScreen(title: "Observed") { ObservedFeedViewController() })
        }
        return screens
    }

    private static var registeredScreens: [DemoScreen] = []

    /// Every screen, built-in ones first; those that persist heights use `heightStore`, those
    /// that show skeletons `skeletonCache`.
    static func screens(heightStore: PersistentHeightStore, skeletonCache: SkeletonLayoutCache) -> [DemoScreen] {
        builtInScreens(heightStore: heightStore, skeletonCache: skeletonCache) + registeredScreens
    }

    /// Adds `screen` after the ones already known.
    static func register(_ screen: DemoScreen) {
        registeredScreens.append(screen)
    }
}
#endif
