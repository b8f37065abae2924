#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// The screens the feed offers in its navigation bar, in order.
///
/// Screens written in Swift in these sources are listed in ``builtInScreens(heightStore:)``;
/// screens that only the app target can build (the Objective-C feed, which needs the
/// Objective-C header the package generates) are added with ``register(_:)`` from
/// `App/main.swift`, before the first window is made.
@MainActor
enum DemoScreenCatalog {
    /// Screens defined in these sources, made with what the app delegate owns.
    private static func builtInScreens(heightStore: PersistentHeightStore) -> [DemoScreen] {
        [
            DemoScreen(title: "Loading") { LoadingFeedViewController(heightStore: heightStore) },
        ]
    }

    private static var registeredScreens: [DemoScreen] = []

    /// Every screen, built-in ones first; those that persist heights use `heightStore`.
    static func screens(heightStore: PersistentHeightStore) -> [DemoScreen] {
        builtInScreens(heightStore: heightStore) + registeredScreens
    }

    /// Adds `screen` after the ones already known.
    static func register(_ screen: DemoScreen) {
        registeredScreens.append(screen)
    }
}
#endif
