#if canImport(UIKit)
import UIKit

/// The screens the feed offers in its navigation bar, in order.
///
/// Screens written in Swift in these sources go in ``builtInScreens``; screens that only
/// the app target can build (the Objective-C feed, which needs the Objective-C header the
/// package generates) are added with ``register(_:)`` from `App/main.swift`, before the
/// first window is made.
@MainActor
enum DemoScreenCatalog {
    /// Screens defined in these sources. None yet: a loading screen goes here.
    private static let builtInScreens: [DemoScreen] = []

    private static var registeredScreens: [DemoScreen] = []

    /// Every screen, built-in ones first.
    static var screens: [DemoScreen] { builtInScreens + registeredScreens }

    /// Adds `screen` after the ones already known.
    static func register(_ screen: DemoScreen) {
        registeredScreens.append(screen)
    }
}
#endif
