import Foundation

/// Heights that survive launches: a keyed miss asks the store's memory before anything is
/// measured, and every keyed height measured is recorded in it. Keys that are not integers or
/// strings (see ``PersistentKey``) stay in memory only, and so do heights of an editing
/// context (``LayoutContext/isPersistable``): the store names a context without the editing
/// flag, so an editing height would come back as the row's normal height. Nothing is
/// recorded while the window is resized interactively (``isResizingInteractively``).
///
/// Every table linked to one namespace of a store is known to the store (weakly): forgetting
/// a key, or every key, in one reaches the memory of all of them, which must all be used from
/// this cache's thread (the main thread in an app). Each of the others is then told
/// (``peerDidInvalidateKeyedHeights``): a table does not ask again by itself for the heights of
/// rows it shows, so the UIKit layer has it ask once.
extension TableHeightCache {
    /// Forgets the height for `key` in every layout context, persisted ones included, and in
    /// every other table linked to the same namespace of the same store.
    ///
    /// - Complexity: O(layout contexts kept) on average, per table of the namespace.
    public func invalidateHeight(forKey key: AnyHashable) {
        keys.invalidateHeight(forKey: key)
        observedHeights?.keyedHeightsWereInvalidated(key)
        guard let persistence else { return }
        persistence.invalidate(key: key)
        for peer in peers(of: persistence) {
            peer.keys.invalidateHeight(forKey: key)
            peer.observedHeights?.keyedHeightsWereInvalidated(key)
            peer.peerDidInvalidateKeyedHeights?()
        }
    }

    /// Forgets every keyed height in every layout context, persisted ones included, here and
    /// in every other table linked to the same namespace of the same store, and the
    /// identifiers' median heights, which summarise them.
    ///
    /// - Complexity: O(layout contexts kept) per table of the namespace, plus deleting the
    ///   namespace's files on the store's queue.
    public func invalidateAllKeyedHeights() {
        keys.invalidateAll()
        // The medians summarise the heights just forgotten: the content changed wholesale.
        samples.removeAll()
        observedHeights?.keyedHeightsWereInvalidated(nil)
        guard let persistence else { return }
        persistence.removeAll()
        for peer in peers(of: persistence) {
            peer.keys.invalidateAll()
            peer.samples.removeAll()
            peer.observedHeights?.keyedHeightsWereInvalidated(nil)
            peer.peerDidInvalidateKeyedHeights?()
        }
    }

    /// The other tables linked to this namespace now (a table whose persistence moved on
    /// since is left alone).
    private func peers(of persistence: HeightPersistence) -> [TableHeightCache] {
        persistence.store.attachedCaches(namespace: persistence.namespace).filter { peer in
            peer !== self && peer.persistence?.store === persistence.store && peer.persistence?.namespace == persistence.namespace
        }
    }

    /// Links this table to its new namespace, unlinks it from the old one, and reads the
    /// current context's file.
    func persistenceDidChange(from old: HeightPersistence?) {
        // Heights left unrecorded by a resize belong to the old link, if any.
        contextsMeasuredWhileResizing = []
        if let old, old.store !== persistence?.store || old.namespace != persistence?.namespace {
            old.store.detach(self, namespace: old.namespace)
        }
        guard let persistence else { return }
        persistence.store.attach(self, namespace: persistence.namespace)
        activatePersistedContext()
    }

    /// Tells the store the context in use, which reads its file the first time; not while
    /// the window is being resized, when contexts pass by a pixel at a time. The store reads
    /// each context's file once (it remembers the contexts read), so a view switching between
    /// contexts on every request (a collection view's lists, grids and chips) costs one
    /// locked lookup per switch, never a read.
    ///
    /// With `recordingWhatTheResizeLeft`, a context keyed heights were measured in during a
    /// resize, and not recorded since, is recorded now: it is in use again after the resize.
    func activatePersistedContext(recordingWhatTheResizeLeft: Bool = false) {
        guard let persistence, !isResizingInteractively, context.isPersistable else { return }
        persistence.store.activate(context, namespace: persistence.namespace)
        if recordingWhatTheResizeLeft, contextsMeasuredWhileResizing.remove(context) != nil {
            recordKeyedHeightsOfTheActiveContext(because: "used again after the window resize")
        }
    }

    /// The resize is over: the context it ended in is the table's, so its file is read and
    /// the keyed heights measured in it, while nothing was recorded, are recorded now. Other
    /// contexts measured during the resize wait until they are used again: a view with one
    /// context (a table) passed through them on the way, but a view with several at once (a
    /// collection view's chips beside its cards) comes back to its others at its next
    /// requests. The ones never used again, the widths the drag passed by, are never written.
    func resizingDidEnd() {
        activatePersistedContext()
        guard context.isPersistable else { return }
        contextsMeasuredWhileResizing.remove(context)
        // Only contexts the caches still hold can come back with heights to record.
        contextsMeasuredWhileResizing.formIntersection(keys.contexts)
        recordKeyedHeightsOfTheActiveContext(because: "the window resize ended in it")
    }

    /// Records the active context's keyed heights the store lacks or holds otherwise.
    private func recordKeyedHeightsOfTheActiveContext(because reason: String) {
        guard let persistence, context.isPersistable else { return }
        var recorded = 0
        for (key, height) in keys.entries where persistence.height(forKey: key, in: context) != height {
            if persistence.record(height, forKey: key, in: context) { recorded += 1 }
        }
        if recorded > 0 { log.trace("\(context), \(reason): recorded \(recorded) keyed height(s)") }
    }

    /// A persisted height for `key` in the active context, copied into the keyed cache.
    func persistedHeight(forKey key: AnyHashable) -> CGFloat? {
        guard context.isPersistable, let height = persistence?.height(forKey: key, in: context) else { return nil }
        keys.store(height, forKey: key)
        persistedHits += 1
        log.trace("hit persisted height by key[\(key)] - \(HeightFormat.string(height))")
        return height
    }

    /// Records a measured keyed height in the store; not while the window is being resized.
    func persist(_ height: CGFloat, forKey key: AnyHashable) {
        guard let persistence, context.isPersistable else { return }
        guard !isResizingInteractively else {
            contextsMeasuredWhileResizing.insert(context)
            // A drag passes a context per pixel: only those the caches still hold are kept.
            if contextsMeasuredWhileResizing.count > keys.contexts.count { contextsMeasuredWhileResizing.formIntersection(keys.contexts) }
            return
        }
        if !persistence.record(height, forKey: key, in: context) {
            log.trace("not persisting key[\(key)]: only integer and string keys are written to disk")
        }
    }
}
