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
    /// heights measured for another content version, by another app version, under another
    /// OS major version or SDK, or with Bold Text the other way, are never served. The store
    /// reads one layout context's file back on its own queue: the table's, if it has been laid
    /// out, else the one written last; each other context (a rotation, a window size) is read
    /// when the table first uses it. Until a file is read, misses are measured as usual.
    /// Nothing is recorded while the window is being resized interactively (iPadOS 26, apps
    /// on a Mac); the width the resize ends at is recorded when it ends.
    ///
    /// Tables linked to the same namespace of one store (the same feed in two windows) share
    /// invalidations: ``fd_invalidateHeight(forKey:)`` on one forgets the key in all of them,
    /// and each of the others asks for its rows' heights again on a later turn (one empty
    /// batch update, skipped while it shows a skeleton or its data source's counts differ).
    /// The store writes shortly after heights are measured; when the app goes to the
    /// background it writes and removes expired files inside a background task, and when it
    /// terminates it writes, waiting at most a second.
    ///
    /// Bad input: keys that are not integers or strings (or `UUID`s) stay in memory only.
    ///
    /// - Complexity: O(1) here; the load runs on the store's queue.
    public func fd_persistHeights(in store: PersistentHeightStore, namespace: String, contentVersion: String) {
        let heights = layoutState.heights
        // The table's context once it has been laid out; before, the store reads the file
        // written last, the context the app was in when it last wrote.
        store.open(namespace: namespace, contentVersion: contentVersion, context: heights.context.isPersistable ? heights.context : nil)
        heights.persistence = HeightPersistence(store: store, namespace: namespace)
        layoutState.asksForHeightsWhenPeersInvalidate()
        ApplicationLifecycle.flushAndExpireInBackground(store)
    }

    /// Stops recording this table's keyed heights in a store, and unlinks the table from its
    /// namespace; what is recorded stays.
    ///
    /// - Complexity: O(1).
    public func fd_stopPersistingHeights() {
        existingLayoutState?.heights.persistence = nil
    }
}

/// Writes every store in use, and removes its expired files, when the app goes to the
/// background (as SDWebImage cleans its disk cache), and writes again before it terminates.
/// Skeleton layout caches that have shown a skeleton have their stale and expired files
/// removed at the same time.
///
/// Stores and caches are held weakly and compared by identity in one table, with one set of
/// observers for the process: a released store drops out, and a new store is always a new
/// entry (a set of `ObjectIdentifier`s, used before, kept a released store's identifier, so
/// a new store at the same address was never observed).
@MainActor
enum ApplicationLifecycle {
    /// How long termination waits, in all, for the stores' writes.
    static let terminationBudget: TimeInterval = 1

    private static let stores = NSHashTable<PersistentHeightStore>(options: [.weakMemory, .objectPointerPersonality])
    private static let skeletonCaches = NSHashTable<SkeletonLayoutCache>(options: [.weakMemory, .objectPointerPersonality])
    private static var isObserving = false

    /// Starts observing for `store`; adding it again changes nothing.
    static func flushAndExpireInBackground(_ store: PersistentHeightStore) {
        stores.add(store)
        observeIfNeeded()
    }

    /// Starts observing for `cache`, whose stale files go when the app goes to the background;
    /// adding it again changes nothing.
    static func expireInBackground(_ cache: SkeletonLayoutCache) {
        skeletonCaches.add(cache)
        observeIfNeeded()
    }

    private static func observeIfNeeded() {
        guard !isObserving else { return }
        isObserving = true
        let center = NotificationCenter.default
        // The observers live as long as the process and hold no store. `queue: .main`
        // delivers on the main queue. The whole app going to the background is posted
        // "regardless of whether your app uses scenes" (applicationDidEnterBackground docs).
        _ = center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { note in
            let application = note.object as? UIApplication
            MainActor.assumeIsolated { didEnterBackground(application) }
        }
        // One scene went to the background (object: that scene); the app's other scenes may
        // stay in front, so its tables' heights are written now, without expiring anything.
        _ = center.addObserver(forName: UIScene.didEnterBackgroundNotification, object: nil, queue: .main) { _ in
            MainActor.assumeIsolated { for store in liveStores { store.flush() } }
        }
        _ = center.addObserver(forName: UIApplication.willTerminateNotification, object: nil, queue: .main) { _ in
            MainActor.assumeIsolated { willTerminate() }
        }
    }

    /// Whether `store` is observed; for tests.
    static func isObserving(_ store: PersistentHeightStore) -> Bool {
        stores.contains(store)
    }

    /// Whether `cache` is observed; for tests.
    static func isObserving(_ cache: SkeletonLayoutCache) -> Bool {
        skeletonCaches.contains(cache)
    }

    /// The stores observed and alive.
    static var liveStores: [PersistentHeightStore] { stores.allObjects }

    /// Writes and expires every store on its own queue, inside a background task: UIKit
    /// suspends a backgrounded app soon after this notification, and a background task asks
    /// for the time to finish (`beginBackgroundTask(withName:expirationHandler:)`).
    static func didEnterBackground(_ application: UIApplication?) {
        let live = liveStores
        let caches = skeletonCaches.allObjects
        guard !live.isEmpty || !caches.isEmpty else { return }
        let task = BackgroundTask(application, name: "TemplateLayoutCell heights")
        let group = DispatchGroup()
        for store in live {
            group.enter()
            store.flush()
            // The store's queue is serial: this runs after the flush's writes.
            store.removeExpired { _ in group.leave() }
        }
        for cache in caches {
            group.enter()
            cache.removeExpired { _ in group.leave() }
        }
        group.notify(queue: .main) {
            MainActor.assumeIsolated { task.end() }
        }
    }

    /// Writes every store, waiting for the writes at most `budget` seconds in all, never
    /// indefinitely: UIKit gives `applicationWillTerminate(_:)` "approximately five seconds"
    /// before it may kill the process, shared with the app's own work, and a store's queue
    /// may be busy (a large write, a slow disk). Writes are atomic, so one cut short loses
    /// the heights measured since the last write (normally since the app went to the
    /// background, when everything was written), never a file.
    static func willTerminate(waitingAtMost budget: TimeInterval = terminationBudget) {
        let live = liveStores
        guard !live.isEmpty else { return }
        let written = DispatchSemaphore(value: 0)
        for store in live { store.flush { written.signal() } }
        let deadline = DispatchTime.now() + budget
        for _ in live {
            guard written.wait(timeout: deadline) == .success else { break }
        }
    }
}

/// One background task, ended once: when the work is done or when time runs out.
@MainActor
private final class BackgroundTask {
    private weak var application: UIApplication?
    private var identifier = UIBackgroundTaskIdentifier.invalid

    init(_ application: UIApplication?, name: String) {
        self.application = application
        // UIKit calls the expiration handler on the main thread, just before suspending the
        // app; the task must be ended there or the app is killed.
        identifier = application?.beginBackgroundTask(withName: name) { [weak self] in
            MainActor.assumeIsolated { self?.end() }
        } ?? .invalid
    }

    func end() {
        guard identifier != .invalid else { return }
        application?.endBackgroundTask(identifier)
        identifier = .invalid
    }
}
#endif
