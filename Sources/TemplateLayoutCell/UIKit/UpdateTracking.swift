#if canImport(UIKit)
import UIKit
import ObjectiveC

/// Keeps each table's index-path cache aligned with the table, by exchanging UIKit's update
/// methods with the `fd_` methods in `UITableView+UpdateTracking.swift`.
///
/// Why exchange rather than subclass: apps use their own `UITableView` subclasses and
/// storyboards; the pod's users expect the cache to follow every table untouched.
///
/// Installed once per process, and only when a table first caches by index path, so an app
/// that never does is never touched. Every exchanged method looks up the table's state and
/// does nothing more when the table has none. Subclasses that override these methods and
/// call `super` reach the tracking through `super`; one that does not call `super` is not
/// tracked (nothing can be, short of exchanging its own methods).
@MainActor
enum UpdateTracking {
    private static var isInstalled = false

    /// The UIKit selectors and the `fd_` selectors exchanged with them.
    static let exchanges: [(original: Selector, tracking: Selector)] = [
        (#selector(UITableView.reloadData), #selector(UITableView.fd_reloadData)),
        (#selector(UITableView.insertSections(_:with:)), #selector(UITableView.fd_insertSections(_:with:))),
        (#selector(UITableView.deleteSections(_:with:)), #selector(UITableView.fd_deleteSections(_:with:))),
        (#selector(UITableView.reloadSections(_:with:)), #selector(UITableView.fd_reloadSections(_:with:))),
        (#selector(UITableView.moveSection(_:toSection:)), #selector(UITableView.fd_moveSection(_:toSection:))),
        (#selector(UITableView.insertRows(at:with:)), #selector(UITableView.fd_insertRows(at:with:))),
        (#selector(UITableView.deleteRows(at:with:)), #selector(UITableView.fd_deleteRows(at:with:))),
        (#selector(UITableView.reloadRows(at:with:)), #selector(UITableView.fd_reloadRows(at:with:))),
        (#selector(UITableView.moveRow(at:to:)), #selector(UITableView.fd_moveRow(at:to:))),
        (#selector(UITableView.beginUpdates), #selector(UITableView.fd_beginUpdates)),
        (#selector(UITableView.endUpdates), #selector(UITableView.fd_endUpdates)),
        (#selector(UITableView.performBatchUpdates(_:completion:)), #selector(UITableView.fd_performBatchUpdates(_:completion:))),
    ]

    /// Whether the exchange has been made in this process.
    static var installed: Bool { isInstalled }

    /// Makes the exchange the first time it is called; later calls do nothing.
    static func installIfNeeded() {
        guard !isInstalled else { return }
        isInstalled = true
        for (original, tracking) in exchanges {
            guard let originalMethod = class_getInstanceMethod(UITableView.self, original),
                  let trackingMethod = class_getInstanceMethod(UITableView.self, tracking)
            else {
                assertionFailure("TemplateLayoutCell: UITableView has no \(original); the index-path cache will not follow it")
                continue
            }
            method_exchangeImplementations(originalMethod, trackingMethod)
        }
    }
}
#endif
