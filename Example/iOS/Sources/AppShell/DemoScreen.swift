#if canImport(UIKit)
import UIKit

/// A screen the feed pushes from a button in its navigation bar.
///
/// Screens are values rather than hard-wired pushes, so the feed does not know them: the
/// app registers the Objective-C feed (compiled only in the app target, see
/// `App/main.swift`), and the loading screen with skeleton placeholders
/// (`LoadingFeedViewController`) is one ``DemoScreenCatalog`` entry.
struct DemoScreen {
    /// The bar button's title.
    let title: String
    /// Makes a fresh view controller each time the screen is pushed.
    let makeViewController: @MainActor () -> UIViewController
}
#endif
