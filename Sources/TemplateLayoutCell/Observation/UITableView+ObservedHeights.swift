#if canImport(UIKit)
import UIKit

extension UITableView {
    /// Whether a change to an `@Observable` property that a row's measurement read forgets
    /// that row's cached height and has the table ask for heights again. Off by default.
    ///
    /// iOS 26 re-runs a displayed cell's configuration when an observable property it read
    /// changes (iOS 18 with `UIObservationTrackingEnabled`), so its content changes with no
    /// reload, and a cached height would clip it or leave a gap. With this on, each
    /// measurement (the template's reset, your configure closure, its configuration and
    /// properties updates, layout and fitting) runs inside Swift's `withObservationTracking`;
    /// when a property it read changes, the row's height is forgotten in every layout context
    /// (and on disk), and on a later turn of the main run loop the table gets one empty batch
    /// update, `performBatchUpdates(nil)`, however many rows changed: the rows animate to
    /// their new heights without reloading their cells. A row is followed again once it is
    /// measured again. Headers and footers measured by this package are followed the same way.
    /// Turn it on before the table first asks for heights: rows measured earlier are followed
    /// once they are measured again.
    ///
    /// Rows cached by key (`fd_height(identifier:cacheBy: item.id)`) are followed wherever they
    /// move. Rows cached by index path are followed until the table's next row or section
    /// update or reload (a change after that may belong to a row now elsewhere; it is ignored,
    /// said once in the debug log, and the row is followed again when next measured): with
    /// this setting, cache by key. Uncached heights (`fd_height(identifier:configure:)`) and
    /// heights restored from disk are not followed until they are measured here.
    ///
    /// Bad input: below iOS 17 (no Observation) setting it does nothing, it stays `false`,
    /// and debug builds say so in the table's log. Models changed off the main thread are
    /// followed: the change is applied on the main queue, and as the main thread may measure
    /// the row again before the other thread has stored the new value, the row's height is
    /// forgotten, and asked for, once more on the turn after. While a skeleton shows, or while
    /// the data source's counts differ from the table's (the app has an update on its way),
    /// heights are forgotten but the batch update is skipped: the coming reload or update
    /// asks for them.
    ///
    /// - Complexity: off, nothing; on, O(properties read) per measurement, and per changed row
    ///   O(layout contexts kept) plus one batch update per run-loop turn with changes.
    public var fd_invalidatesHeightsOnObservedChanges: Bool {
        get { existingLayoutState?.observedHeights != nil }
        set {
            guard newValue else {
                // The callbacks hold the follower weakly: changes still in flight do nothing.
                existingLayoutState?.observedHeights = nil
                return
            }
            let state = layoutState
            guard state.observedHeights == nil else { return }
            guard #available(iOS 17, *) else {
                state.reportOnce(
                    "observation unavailable",
                    "fd_invalidatesHeightsOnObservedChanges needs Swift's Observation (iOS 17 or later); " +
                    "on this system it does nothing: call fd_invalidateHeight(forKey:) when a model changes")
                return
            }
            // Observation calls back on the thread that made the change; the main thread is
            // the table's (UIKit is main-thread only).
            state.observedHeights = ObservedHeights(
                heights: state.heights, schedule: Self.observedChangeTurn(of: self), isOnTableThread: { Thread.isMainThread })
        }
    }

    /// What the follower calls when a change arrives: one block on the main queue, for the
    /// main run loop's next turn. Observation calls back on the thread that changed the
    /// property, before the new value is stored (`willSet`); the block runs after both.
    private static func observedChangeTurn(of table: UITableView) -> @Sendable () -> Void {
        let reference = WeakTable(table)
        return {
            // Blocks submitted to the main queue run on the main thread (Dispatch). Not inside
            // one of the package's calls: a measurement would store what it read before.
            DispatchQueue.main.async {
                MainActor.assumeIsolated { LiveCalls.runOutsideLiveCalls { reference.table?.applyObservedChanges() } }
            }
        }
    }

    /// Forgets the heights of the rows whose observed properties changed, then has UIKit ask
    /// for heights again with one empty batch update.
    func applyObservedChanges() {
        guard let state = existingLayoutState, let observed = state.observedHeights else { return }
        let changes = observed.applyChanges()
        if changes.ignoredAfterMoves > 0 {
            state.reportOnce(
                "observed index paths",
                "a row cached by index path changed (an observable property its measurement read) after the " +
                "table's rows changed; its index path may name another row now, so no height was forgotten. " +
                "Cache by key (fd_height(identifier:cacheBy: item.id)) to follow rows across updates")
        }
        guard changes.asksForHeights else { return }
        askForHeightsAgain(because: "observed changes: \(changes.forgotten.count) height(s) forgotten")
    }
}

extension TableLayoutState {
    /// Applies the observed changes made on the main thread before a cache is read (from
    /// `refreshGeometry(of:)`, which every request calls first) or moved (the update hooks),
    /// so the app's synchronous use of heights after an edit (`performBatchUpdates(nil)`,
    /// `reloadRows`, `scrollToRow`, an insert) sees the edit; nothing without the setting.
    /// Observation calls back in the setter's `willSet`, and the main thread stores the value
    /// before it runs anything else, so every change posted on it is complete here.
    func applyObservedChangesMadeOnMainThread() {
        observedHeights?.applyChangesMadeOnTableThread()
    }

    /// Runs `measurement` for the row cached by `key`, with its observable reads recorded when
    /// the table follows them (``UITableView/fd_invalidatesHeightsOnObservedChanges``).
    /// Otherwise it only runs it: no Observation call at all.
    func trackingObservedReads(for key: HeightCacheKey, _ measurement: () -> CGFloat) -> CGFloat {
        guard let observedHeights else { return measurement() }
        // Set only from iOS 17 on (the setter refuses earlier); the check is for the compiler.
        guard #available(iOS 17, *) else { return measurement() }
        return observedHeights.tracking(key, measurement)
    }
}
#endif
