import Foundation

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
        persistence?.invalidate(key: key)
    }

    /// Forgets every keyed height in every layout context, persisted ones included.
    ///
    /// - Complexity: O(layout contexts kept) here, plus deleting the namespace's files on the
    ///   store's queue.
    public func invalidateAllKeyedHeights() {
        keys.invalidateAll()
        persistence?.removeAll()
    }

    /// A persisted height for `key` in the active context, copied into the keyed cache.
    func persistedHeight(forKey key: AnyHashable) -> CGFloat? {
        guard context.isPersistable, let height = persistence?.height(forKey: key, in: context) else { return nil }
        keys.store(height, forKey: key)
        persistedHits += 1
        log.trace("hit persisted height by key[\(key)] - \(HeightFormat.string(height))")
        return height
    }

    /// Records a measured keyed height in the store.
    func persist(_ height: CGFloat, forKey key: AnyHashable) {
        guard let persistence, context.isPersistable else { return }
        if !persistence.record(height, forKey: key, in: context) {
            log.trace("not persisting key[\(key)]: only integer and string keys are written to disk")
        }
    }
}
