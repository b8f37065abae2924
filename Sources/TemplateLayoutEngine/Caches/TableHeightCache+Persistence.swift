import Foundation

/// Where a table's keyed heights persist: a store and the namespace within it.
public struct HeightPersistence: Sendable {
    /// The store, shared by the tables of an app.
    public let store: PersistentHeightStore
    /// The namespace of this table's heights in the store (one per kind of content).
    public let namespace: String

    /// Links a table to a namespace of a store. Open the namespace with
    /// ``PersistentHeightStore/open(namespace:contentVersion:completion:)`` first.
    ///
    /// - Complexity: O(1).
    public init(store: PersistentHeightStore, namespace: String) {
        self.store = store
        self.namespace = namespace
    }
}

/// Heights that survive launches: a keyed miss asks the store's memory before anything is
/// measured, and every keyed height measured is recorded in it. Keys that are not integers or
/// strings (see ``PersistentKey``) stay in memory only, and so do heights of an editing
/// context (``LayoutContext/isPersistable``): the store names a context without the editing
/// flag, so an editing height would come back as the row's normal height.
extension TableHeightCache {
    /// Forgets the height for `key` in every layout context, persisted ones included.
    ///
    /// - Complexity: O(layout contexts kept) on average.
    public func invalidateHeight(forKey key: AnyHashable) {
        keys.invalidateHeight(forKey: key)
        if let persistence, let persistentKey = PersistentKey(key) {
            persistence.store.invalidate(key: persistentKey, namespace: persistence.namespace)
        }
    }

    /// Forgets every keyed height in every layout context, persisted ones included.
    ///
    /// - Complexity: O(layout contexts kept) here, plus deleting the namespace's files on the
    ///   store's queue.
    public func invalidateAllKeyedHeights() {
        keys.invalidateAll()
        if let persistence { persistence.store.removeAll(namespace: persistence.namespace) }
    }

    /// A persisted height for `key` in the active context, copied into the keyed cache.
    func persistedHeight(forKey key: AnyHashable) -> CGFloat? {
        guard let persistence, context.isPersistable, let persistentKey = PersistentKey(key),
              let height = persistence.store.height(forKey: persistentKey, namespace: persistence.namespace, context: context)
        else { return nil }
        keys.store(height, forKey: key)
        persistedHits += 1
        log.trace("hit persisted height by key[\(key)] - \(HeightFormat.string(height))")
        return height
    }

    /// Records a measured keyed height in the store.
    func persist(_ height: CGFloat, forKey key: AnyHashable) {
        guard let persistence, context.isPersistable else { return }
        guard let persistentKey = PersistentKey(key) else {
            log.trace("not persisting key[\(key)]: only integer and string keys are written to disk")
            return
        }
        persistence.store.record(height, forKey: persistentKey, namespace: persistence.namespace, context: context)
    }
}
