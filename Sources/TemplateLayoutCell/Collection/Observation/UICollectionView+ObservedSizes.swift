#if canImport(UIKit)
import UIKit

extension UICollectionView {
    /// Whether a change to an `@Observable` property that an item's measurement read forgets
    /// that item's cached size and has the layout ask for sizes again. Off by default.
    ///
    /// iOS 26 re-runs a displayed cell's configuration when an observable property it read
    /// changes (iOS 18 with `UIObservationTrackingEnabled`), so its content changes with no
    /// reload, and a cached size would clip it or leave a gap. With this on, each measurement
    /// (the template's reset, your configure closure, its configuration and properties
    /// updates, layout and fitting) runs inside Swift's `withObservationTracking`; when a
    /// property it read changes, the item's size is forgotten in every layout context (every
    /// width or height it was measured at, and on disk), and on a later turn of the main run
    /// loop, outside the package's calls, the layout is asked again once however many items
    /// changed: a flow layout gets an invalidation context re-querying its delegate's metrics
    /// (naming the changed items when they were cached by index path; every item when cached
    /// by key, as where a key's item is is not known here, and the others hit the cache);
    /// other layouts (compositional, custom) are invalidated whole. An item is followed again
    /// once it is measured again. Supplementary views measured by this package are followed
    /// the same way. Turn it on before the view first asks for sizes: items measured earlier
    /// are followed once they are measured again.
    ///
    /// Items cached by key (`fd_size(identifier:fittingWidth:cacheBy: item.id)`) are followed
    /// wherever they move. Items cached by index path are followed until the view's next item
    /// or section update or reload (a change after that may belong to an item now elsewhere;
    /// it is ignored, said once in the debug log, and the item is followed again when next
    /// measured): with this setting, cache by key. Uncached sizes and sizes restored from
    /// disk are not followed until they are measured here.
    ///
    /// Bad input: below iOS 17 (no Observation) setting it does nothing, it stays `false`,
    /// and debug builds say so in the view's log. Models changed off the main thread are
    /// followed: the change is applied on the main queue, and as the main thread may measure
    /// the item again before the other thread has stored the new value, the item's size is
    /// forgotten, and asked for, once more on the turn after. While a batch of updates is
    /// open, sizes are forgotten but the layout is not asked: the batch's end asks.
    ///
    /// - Complexity: off, nothing; on, O(properties read) per measurement, and per changed
    ///   item O(layout contexts kept) plus one layout invalidation per run-loop turn with
    ///   changes.
    public var fd_invalidatesSizesOnObservedChanges: Bool {
        get { existingCollectionLayoutState?.observedSizes != nil }
        set {
            guard newValue else {
                // The callbacks hold the follower weakly: changes still in flight do nothing.
                existingCollectionLayoutState?.observedSizes = nil
                return
            }
            let state = collectionLayoutState
            guard state.observedSizes == nil else { return }
            guard #available(iOS 17, *) else {
                state.reportOnce(
                    "observation unavailable",
                    "fd_invalidatesSizesOnObservedChanges needs Swift's Observation (iOS 17 or later); " +
                    "on this system it does nothing: call fd_invalidateSize(forKey:) when a model changes")
                return
            }
            // Observation calls back on the thread that made the change; the main thread is
            // the view's (UIKit is main-thread only).
            state.observedSizes = ObservedHeights(
                heights: state.sizes, schedule: Self.observedChangeTurn(of: self), isOnTableThread: { Thread.isMainThread })
        }
    }

    /// What the follower calls when a change arrives: one block on the main queue, for the
    /// main run loop's next turn. Observation calls back on the thread that changed the
    /// property, before the new value is stored (`willSet`); the block runs after both.
    private static func observedChangeTurn(of view: UICollectionView) -> @Sendable () -> Void {
        let reference = WeakCollectionView(view)
        return {
            // Blocks submitted to the main queue run on the main thread (Dispatch). Not inside
            // one of the package's calls: a measurement would store what it read before.
            DispatchQueue.main.async {
                MainActor.assumeIsolated { LiveCalls.runOutsideLiveCalls { reference.view?.applyObservedSizeChanges() } }
            }
        }
    }

    /// Forgets the sizes of the items whose observed properties changed, then has the layout
    /// ask for sizes again: the changed items by index path when every one was cached by
    /// index path, else every item.
    func applyObservedSizeChanges() {
        guard let state = existingCollectionLayoutState, let observed = state.observedSizes else { return }
        let changes = observed.applyChanges()
        if changes.ignoredAfterMoves > 0 {
            state.reportOnce(
                "observed index paths",
                "an item cached by index path changed (an observable property its measurement read) after the " +
                "view's items changed; its index path may name another item now, so no size was forgotten. " +
                "Cache by key (fd_size(identifier:fittingWidth:cacheBy: item.id)) to follow items across updates")
        }
        guard changes.asksForHeights else { return }
        let items = changes.forgotten.compactMap { key -> IndexPath? in
            if case .indexPath(let indexPath) = key { return indexPath }
            return nil
        }
        let reason = "observed changes: \(changes.forgotten.count) size(s) forgotten"
        state.askForSizesAgain(at: items.count == changes.forgotten.count ? items : nil, because: reason)
    }
}

extension CollectionLayoutState {
    /// Applies the observed changes made on the main thread before a cache is read (from
    /// `switchContext(fixing:length:)`, which every request calls first) or moved (the update
    /// hooks), so the app's synchronous use of sizes after an edit (`performBatchUpdates`,
    /// `reloadItems`, an insert, a layout pass) sees the edit; nothing without the setting.
    /// Observation calls back in the setter's `willSet`, and the main thread stores the value
    /// before it runs anything else, so every change posted on it is complete here.
    func applyObservedChangesMadeOnMainThread() {
        observedSizes?.applyChangesMadeOnTableThread()
    }

    /// Runs `measurement` for the item cached by `key`, with its observable reads recorded
    /// when the view follows them (``UICollectionView/fd_invalidatesSizesOnObservedChanges``).
    /// Otherwise it only runs it: no Observation call at all.
    func trackingObservedReads(for key: HeightCacheKey, _ measurement: () -> CGFloat) -> CGFloat {
        guard let observedSizes else { return measurement() }
        // Set only from iOS 17 on (the setter refuses earlier); the check is for the compiler.
        guard #available(iOS 17, *) else { return measurement() }
        return observedSizes.tracking(key, measurement)
    }

    /// Tells the follower that the view's items or sections changed: trackings by index path
    /// retire, and the app may have put new models behind the same keys.
    func observedItemsDidChange() {
        observedSizes?.indexPathsMayHaveMoved()
        observedSizes?.modelsMayHaveBeenReplaced()
    }
}
#endif
