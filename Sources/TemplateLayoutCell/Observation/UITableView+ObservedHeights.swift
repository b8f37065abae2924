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
    /// followed: the change is applied on the main queue. While a skeleton shows, or while
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
            state.observedHeights = ObservedHeights(heights: state.heights, schedule: Self.observedChangeTurn(of: self))
        }
    }

    /// What the follower calls when a change arrives: one block on the main queue, for the
    /// main run loop's next turn. Observation calls back on the thread that changed the
    /// property, before the new value is stored (`willSet`); the block runs after both.
    private static func observedChangeTurn(of table: UITableView) -> @Sendable () -> Void {
        let reference = ObservedTableReference(table)
        return {
            // Blocks submitted to the main queue run on the main thread (Dispatch).
            DispatchQueue.main.async {
                MainActor.assumeIsolated { reference.table?.applyObservedChanges() }
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
        // While a skeleton shows, its rows are not the app's, and an update would hide it;
        // hiding it reloads the table, which asks for the heights then.
        if state.skeleton != nil || state.skeletonGate.isHolding {
            state.heights.log.trace("observed changes: \(changes.forgotten.count) height(s) forgotten; a skeleton shows, heights are asked when it hides")
            return
        }
        // An empty batch checks the data source's counts against the table's and raises an
        // exception when they differ; they differ when the app changed its model in this turn
        // and tells the table later, which asks for heights anyway.
        guard dataSourceCountsMatchRows() else {
            state.heights.log.trace("observed changes: \(changes.forgotten.count) height(s) forgotten; the data source's counts differ from the table's, heights are asked at its update")
            return
        }
        state.heights.log.trace("observed changes: \(changes.forgotten.count) height(s) forgotten; asking for heights again")
        // An empty batch makes UIKit ask the delegate for row heights again and animate rows to
        // them without reloading cells ("use this method followed by endUpdates to animate the
        // change in the row heights without reloading the cell", beginUpdates docs).
        performBatchUpdates(nil, completion: nil)
    }

    /// Whether the data source's section and row counts are those the table has.
    private func dataSourceCountsMatchRows() -> Bool {
        guard let dataSource else { return false }
        // UIKit counts one section when the data source does not say (the method is optional).
        let sections = dataSource.numberOfSections?(in: self) ?? 1
        guard sections == numberOfSections else { return false }
        return (0..<sections).allSatisfy { dataSource.tableView(self, numberOfRowsInSection: $0) == numberOfRows(inSection: $0) }
    }
}

extension TableLayoutState {
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

/// A table held weakly by a `@Sendable` block; read only on the main thread.
private final class ObservedTableReference: @unchecked Sendable {
    // Sendable because the one field is written once, in init, and read on the main thread.
    nonisolated(unsafe) weak var table: UITableView?

    init(_ table: UITableView) { self.table = table }
}
#endif
