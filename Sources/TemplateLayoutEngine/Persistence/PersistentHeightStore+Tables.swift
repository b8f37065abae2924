import Foundation

/// The tables linked to each namespace, so that forgetting a key in one table's memory
/// reaches every table showing the same content (the same feed in two windows or scenes).
///
/// Held weakly: the store never keeps a table's caches alive, and a released one drops out
/// the next time its namespace's list is read. The list is only read or written under the
/// store's lock; the caches it hands back are used on the caller's thread, the one thread
/// every ``TableHeightCache`` of an app is used from (the main thread).
extension PersistentHeightStore {
    /// A table's caches, weakly.
    struct AttachedCache {
        weak var cache: TableHeightCache?
    }

    /// Links `cache` to `namespace`; linking it again changes nothing.
    ///
    /// - Complexity: O(*t*) for *t* tables linked to the namespace.
    func attach(_ cache: TableHeightCache, namespace: String) {
        withLockedState { state in
            var list = state.attached[namespace, default: []].filter { $0.cache != nil }
            if !list.contains(where: { $0.cache === cache }) { list.append(AttachedCache(cache: cache)) }
            state.attached[namespace] = list
        }
    }

    /// Unlinks `cache` from `namespace`.
    ///
    /// - Complexity: O(*t*) for *t* tables linked to the namespace.
    func detach(_ cache: TableHeightCache, namespace: String) {
        withLockedState { state in
            let list = state.attached[namespace, default: []].filter { $0.cache != nil && $0.cache !== cache }
            state.attached[namespace] = list.isEmpty ? nil : list
        }
    }

    /// The caches linked to `namespace` and still alive, in the order they were linked.
    ///
    /// - Complexity: O(*t*) for *t* tables linked to the namespace.
    func attachedCaches(namespace: String) -> [TableHeightCache] {
        withLockedState { state in
            let live = state.attached[namespace, default: []].compactMap(\.cache)
            if live.count != state.attached[namespace]?.count { state.attached[namespace] = live.map { AttachedCache(cache: $0) } }
            return live
        }
    }

    /// How many tables are linked to `namespace` and alive.
    ///
    /// - Complexity: O(*t*) for *t* tables linked to the namespace.
    public func attachedTableCount(namespace: String) -> Int {
        attachedCaches(namespace: namespace).count
    }
}
