import Foundation

/// Where a table's keyed heights persist: a store and the namespace within it.
public struct HeightPersistence: Sendable {
    /// The store, shared by the tables of an app.
    public let store: PersistentHeightStore
    /// The namespace of this table's heights in the store (one per kind of content).
    public let namespace: String

    /// Links a table to a namespace of a store. Open the namespace with
    /// ``PersistentHeightStore/open(namespace:contentVersion:context:completion:)`` first.
    /// Set as a ``TableHeightCache/persistence``, it makes the store read each layout context's
    /// file when the table first uses the context, and share invalidations with every other
    /// table on the namespace.
    public init(store: PersistentHeightStore, namespace: String) {
        self.store = store
        self.namespace = namespace
    }

    // The cache's keys as the store's: keys that are not integers or strings (see
    // `PersistentKey`) are never read or written.

    /// The height persisted for `key` in `context`, from the store's memory; `nil` when
    /// there is none or the key does not persist.
    func height(forKey key: AnyHashable, in context: LayoutContext) -> CGFloat? {
        PersistentKey(key).flatMap { store.height(forKey: $0, namespace: namespace, context: context) }
    }

    /// Records `height` for `key` in `context`; returns `false`, recording nothing, when the
    /// key does not persist.
    func record(_ height: CGFloat, forKey key: AnyHashable, in context: LayoutContext) -> Bool {
        guard let persistentKey = PersistentKey(key) else { return false }
        store.record(height, forKey: persistentKey, namespace: namespace, context: context)
        return true
    }

    /// Forgets the heights of `key` in every layout context.
    func invalidate(key: AnyHashable) {
        if let persistentKey = PersistentKey(key) { store.invalidate(key: persistentKey, namespace: namespace) }
    }

    /// Forgets every height of the namespace.
    func removeAll() {
        store.removeAll(namespace: namespace)
    }
}
