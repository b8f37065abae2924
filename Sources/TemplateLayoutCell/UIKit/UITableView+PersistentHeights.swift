#if canImport(UIKit)
import UIKit

extension UITableView {
    /// Makes this table's keyed heights survive launches: heights measured with
    /// `fd_height(identifier:cacheBy: key ...)` are recorded in `store` under `namespace`, and a
    /// keyed miss is answered from heights an earlier launch measured before anything is laid
    /// out. Index-path heights are not persisted: index paths do not name the same content
    /// across launches.
    ///
    /// Bump `contentVersion` whenever the cell's layout changes (fonts, margins, subviews):
    /// heights measured for another content version, or by another app version, are
    /// discarded, never served. The store loads the namespace back on its own queue; until it
    /// has, misses are measured as usual. The store writes shortly after heights are measured,
    /// and when the app goes to the background it writes and removes expired files.
    ///
    /// Bad input: keys that are not integers or strings (or `UUID`s) stay in memory only.
    ///
    /// - Complexity: O(1) here; the load runs on the store's queue.
    public func fd_persistHeights(in store: PersistentHeightStore, namespace: String, contentVersion: String) {
        store.open(namespace: namespace, contentVersion: contentVersion)
        layoutState.heights.persistence = HeightPersistence(store: store, namespace: namespace)
        ApplicationLifecycle.flushAndExpireInBackground(store)
    }

    /// Stops recording this table's keyed heights in a store; what is recorded stays.
    ///
    /// - Complexity: O(1).
    public func fd_stopPersistingHeights() {
        existingLayoutState?.heights.persistence = nil
    }
}

/// Writes every store in use, and removes its expired files, when the app goes to the
/// background (as SDWebImage cleans its disk cache), and writes again before it terminates.
@MainActor
enum ApplicationLifecycle {
    private static var observedStores: Set<ObjectIdentifier> = []

    /// Starts observing for `store`, once per store.
    static func flushAndExpireInBackground(_ store: PersistentHeightStore) {
        guard observedStores.insert(ObjectIdentifier(store)).inserted else { return }
        let center = NotificationCenter.default
        // The observers live as long as the process; they hold the store weakly.
        // The whole app went to the background: posted "regardless of whether your app uses scenes" (applicationDidEnterBackground docs).
        _ = center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { [weak store] _ in
            store?.flush()
            store?.removeExpired()
        }
        // One scene went to the background (object: that scene); the app's other scenes may stay in front.
        _ = center.addObserver(forName: UIScene.didEnterBackgroundNotification, object: nil, queue: .main) { [weak store] _ in
            store?.flush()
        }
        _ = center.addObserver(forName: UIApplication.willTerminateNotification, object: nil, queue: .main) { [weak store] _ in
            store?.flush()
            store?.waitUntilIdle()
        }
    }
}
#endif
