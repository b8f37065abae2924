#if canImport(UIKit)
import UIKit

extension UITableView {
    /// Records the height UIKit gave a displayed self-sizing row, cached by index path, so
    /// that ``fd_estimatedHeight(cacheBy:identifier:)-(IndexPath,_)`` answers it exactly
    /// and the row does not jump when UIKit lays it out again.
    ///
    /// Call it from `tableView(_:willDisplay:forRowAt:)` in a table whose rows size
    /// themselves (`rowHeight = UITableView.automaticDimension`):
    ///
    /// ```swift
    /// func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
    ///     tableView.fd_recordHeight(of: cell, forRowAt: indexPath)
    /// }
    /// ```
    ///
    /// The height recorded is the cell's frame height: UIKit sizes the cell and sets its
    /// frame before it sends `willDisplay`. The cell's `reuseIdentifier` also records the
    /// height among that identifier's samples, whose median estimates the rows of the
    /// identifier not seen yet. A recorded height is an ordinary index-path height: it
    /// follows inserts, deletes and moves, and is forgotten by a reload of its row, a
    /// `reconfigureRows(at:)` of it and by `reloadData()`, as FDTemplateLayoutCell's
    /// index-path cache forgot its heights (cache by key to keep heights across reloads).
    ///
    /// Why one call from `willDisplay`, not an opt-in property: `willDisplay` is documented to
    /// come after the frame is set ("After the delegate returns, the table view sets only the
    /// alpha and frame properties, and then only when animating rows as they slide in or
    /// out"); an opt-in would have to swap the app's delegate or its class, which breaks
    /// other libraries' delegate proxies; and answering the estimate needs a delegate
    /// method anyway.
    ///
    /// Bad input, each reported to the debug log, with nothing recorded: an index path that
    /// is not a row of the table, a table with no width, a template cell (never displayed),
    /// a cell the table has not sized (no width), or a height that is not one. Nothing is
    /// recorded while a skeleton shows (its cells show placeholders, not the app's rows),
    /// nor while the table's section index is not laid out yet (the height's width is not
    /// known), nor during a drag-reorder or a drop (`hasUncommittedUpdates`: the positions
    /// shown are not the data source's). A row whose `heightForRowAt` answered from
    /// ``fd_height(identifier:cacheBy:configure:)-(_,IndexPath,_)`` needs no recording: its
    /// height is cached already; if UIKit gave it another height (the app added to the
    /// answer), that is reported and not recorded, since the next answer would add again.
    /// With a diffable data source nothing is cached by index path (as for
    /// ``fd_height(identifier:cacheBy:configure:)-(_,IndexPath,_)``), and nothing is recorded
    /// (a row nothing names cannot be told from one shown before): use the `cacheBy key:`
    /// variant. Whether `cell` is the one
    /// displayed at `indexPath`, sized by UIKit, is not checked: inside `willDisplay` the table
    /// has not yet added the cell to its visible cells, and asking it for the row's rect
    /// could make it lay the row out again (from `cellForRowAt`, with no end); a cell made
    /// elsewhere has a frame of its own (320 x 44), which would be recorded. Pass the cell
    /// `willDisplay` gives.
    ///
    /// A row whose height changes while it is shown (expanded in place, then
    /// `performBatchUpdates(nil)`) gets no `willDisplay`: record it again once the update is
    /// laid out, from its cell (`cellForRow(at:)`), so its estimate stays its height.
    ///
    /// - Complexity: O(1) amortised.
    public func fd_recordHeight(of cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        let state = layoutState
        let key: HeightCacheKey = state.mayCacheByIndexPath(in: self) ? .indexPath(indexPath) : .none
        recordHeight(of: cell, at: indexPath, key: key, state: state)
    }

    /// Records the height UIKit gave a displayed self-sizing row, cached by `key` (a
    /// diffable data source's item identifier), so that
    /// ``fd_estimatedHeight(cacheBy:identifier:)-(Key,_)`` answers it exactly after any
    /// `reloadData()`, snapshot apply or move, and on the next launch with persisted heights.
    ///
    /// Call it from `tableView(_:willDisplay:forRowAt:)`:
    ///
    /// ```swift
    /// func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
    ///     guard let id = dataSource.itemIdentifier(for: indexPath) else { return }
    ///     tableView.fd_recordHeight(of: cell, forRowAt: indexPath, cacheBy: id)
    /// }
    /// ```
    ///
    /// Row updates never touch heights cached by key, and neither does
    /// `reconfigureRows(at:)`, which names positions: when an item's content changes, forget
    /// its height with ``fd_invalidateHeight(forKey:)``, as for heights measured from
    /// templates. The row is recorded again the next time it is displayed.
    ///
    /// Why one call from `willDisplay`, and the bad input: as for the index-path variant,
    /// ``fd_recordHeight(of:forRowAt:)``; `indexPath` is checked against the table's rows.
    ///
    /// - Complexity: O(1) on average.
    public func fd_recordHeight<Key: Hashable>(of cell: UITableViewCell, forRowAt indexPath: IndexPath, cacheBy key: Key) {
        recordHeight(of: cell, at: indexPath, key: .key(AnyHashable(key)), state: layoutState)
    }

    /// The checks every recording makes before the engine records the height.
    private func recordHeight(of cell: UITableViewCell, at indexPath: IndexPath, key: HeightCacheKey, state: TableLayoutState) {
        let log = state.heights.log
        // FDTemplateLayoutCell's spelling of an index path in its log lines.
        let row = indexPath.count == 2 ? "[\(indexPath[0]):\(indexPath[1])]" : "\(Array(indexPath))"
        // The skeleton's cells are the app's classes showing placeholders at the plan's rows.
        guard state.skeleton == nil, !state.skeletonShowIsPlanning else {
            log.trace("not recording row \(row): a skeleton shows")
            return
        }
        guard !cell.fd_isTemplateLayoutCell else {
            log.problem("not recording row \(row): the cell is a template, which is never displayed; pass the cell willDisplay gives")
            return
        }
        guard Self.isRow(indexPath, of: self) else {
            log.problem("not recording row \(row): the table has no such row (\(numberOfSections) section(s))")
            return
        }
        let geometry = state.refreshGeometry(of: self)
        // A pending section index: the width the height belongs to is not known yet, so
        // nothing is cached, as for a measurement then (its context has no width either).
        guard !geometry.sectionIndexIsPending else {
            log.trace("not recording row \(row): the section index is not laid out yet")
            return
        }
        guard state.heights.context.isMeasurable else {
            log.problem("not recording row \(row): the table has no width yet")
            return
        }
        // A drag-reorder or a drop placeholder shows positions the data source does not have
        // yet: a height recorded there would sit a row off once the move is committed
        // (review 21d, D3). `hasUncommittedUpdates`: iOS 11+.
        // Any key: the app's key for a shown position is its neighbour's there (review 21f, F5).
        if hasUncommittedUpdates {
            log.trace("not recording row \(row): the table shows uncommitted changes (a drag or a drop)")
            return
        }
        guard cell.frame.width > 0 else {
            log.problem("not recording row \(row): the cell has no width, so the table has not sized it; call this from willDisplay")
            return
        }
        // UIKitCore's `_configureCellForDisplay:forIndexPath:` sizes the cell and sets its frame before willDisplay.
        let height = cell.frame.height
        state.heights.recordDisplayedHeight(height, for: key, identifier: cell.reuseIdentifier)
    }

    /// Whether `indexPath` names a row the table has now.
    private static func isRow(_ indexPath: IndexPath, of table: UITableView) -> Bool {
        guard indexPath.count == 2, (0..<table.numberOfSections).contains(indexPath[0]) else { return false }
        return (0..<table.numberOfRows(inSection: indexPath[0])).contains(indexPath[1])
    }

    /// The estimate of the row cached by `key`: its own height, else `identifier`'s median,
    /// else the table's `estimatedRowHeight`, else the fallback height (see
    /// `TableHeightCache.estimate(for:identifier:tableEstimate:)`).
    func estimatedHeight(for key: HeightCacheKey, identifier: String?) -> CGFloat {
        let state = layoutState
        _ = state.refreshGeometry(of: self)
        return state.heights.estimate(for: key, identifier: identifier, tableEstimate: estimatedRowHeight).height
    }
}
#endif
