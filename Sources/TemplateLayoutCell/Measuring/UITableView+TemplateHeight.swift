#if canImport(UIKit)
import UIKit

extension UITableView {
    /// The height of the cell registered for `identifier`, configured by `configure`, cached
    /// by index path and kept aligned while rows and sections move.
    ///
    /// Call it from `tableView(_:heightForRowAt:)`. On a hit `configure` is not called. On a
    /// miss the template cell for `identifier` is reset with `prepareForReuse()`, given the
    /// table's text size and editing state, configured, given its configuration update
    /// (`configurationUpdateHandler`), and measured at the width a displayed cell's content
    /// has in this table's style; the height is cached in that layout context (width, text
    /// size, editing), so rotating back, restoring the text size or leaving editing mode
    /// hits again.
    ///
    /// Bad input: an unregistered identifier, or a registered cell that is not a `Cell`,
    /// asserts in debug builds naming the identifier, and answers the table's fallback height
    /// (its estimated row height, else its row height, else 44) without caching. While the
    /// table has no width nothing is measured or cached. With a diffable data source
    /// nothing is cached by index path (it can move rows with no update the cache follows, a
    /// drag-reorder commit): cache by item identifier with the `cacheBy key:` variant.
    /// Called from `cellForRowAt` while UIKit reconfigures the row, when no template is kept
    /// and none can be made but the row's shown cell (never measured), it answers the fallback
    /// height without caching or asserting, and the table asks for its heights again on the
    /// next turn.
    ///
    /// - Complexity: O(1) on a hit; one Auto Layout pass on a miss.
    public func fd_height<Cell: UITableViewCell>(
        identifier: String, cacheBy indexPath: IndexPath, configure: (Cell) -> Void
    ) -> CGFloat {
        let state = layoutState
        let key: HeightCacheKey = state.mayCacheByIndexPath(in: self) ? .indexPath(indexPath) : .none
        // The row is named either way: its own editing settings decide its width.
        return templateHeight(identifier: identifier, key: key, row: indexPath, state: state, configure: configure)
    }

    /// The height of the cell registered for `identifier`, configured by `configure`, cached
    /// by `key`, typically the model's identifier (a diffable data source's item identifier).
    ///
    /// Row updates never touch heights cached by key; when an item's content changes, forget
    /// its height with `fd_keyedHeightCache.invalidateHeight(forKey:)` or
    /// ``fd_invalidateHeight(forKey:)``.
    ///
    /// Bad input: as for the index-path variant.
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    public func fd_height<Cell: UITableViewCell, Key: Hashable>(
        identifier: String, cacheBy key: Key, configure: (Cell) -> Void
    ) -> CGFloat {
        templateHeight(identifier: identifier, key: .key(AnyHashable(key)), state: layoutState, configure: configure)
    }

    /// The height of the cell registered for `identifier`, configured by `configure`,
    /// measured every time and never cached.
    ///
    /// Bad input: as for the cached variants.
    ///
    /// - Complexity: one Auto Layout pass.
    public func fd_height<Cell: UITableViewCell>(identifier: String, configure: (Cell) -> Void) -> CGFloat {
        templateHeight(identifier: identifier, key: .none, state: layoutState, configure: configure)
    }

    /// Forgets the height cached for `key` in every layout context, persisted ones included,
    /// for when an item's content changes. The Swift spelling of `fd_keyedHeightCache.invalidateHeight(forKey:)`
    /// for any `Hashable` key. With `@Observable` models, ``fd_invalidatesHeightsOnObservedChanges``
    /// does this for you when a property the row's measurement read changes.
    ///
    /// - Complexity: O(1) on average per layout context kept.
    public func fd_invalidateHeight<Key: Hashable>(forKey key: Key) {
        // Through the table's caches, so a persisted height goes too.
        layoutState.heights.invalidateHeight(forKey: AnyHashable(key))
    }

    /// The height to answer from `tableView(_:estimatedHeightForRowAt:)` for a row cached by
    /// index path, from the first source that has one:
    ///
    /// 1. the row's own height, measured from a template or recorded from UIKit's layout
    ///    (``fd_recordHeight(of:forRowAt:)``), so the row does not jump as it scrolls in;
    /// 2. the median of the first heights measured or recorded for `identifier` (the row's
    ///    cell reuse identifier) at this width, text size and editing state, once enough
    ///    of them are known for it to stay put;
    /// 3. the table's `estimatedRowHeight`, when it is a height (`automaticDimension` is not);
    /// 4. the table's fallback height (its row height, else 44).
    ///
    /// Never measures, and is not counted as a lookup.
    ///
    /// Bad input: an index path that names no cached row, or an identifier with no heights,
    /// moves on to the next source.
    ///
    /// - Parameters:
    ///   - indexPath: The row.
    ///   - identifier: The row's cell reuse identifier; `nil` skips the median.
    /// - Complexity: O(1) (the median is kept once settled).
    public func fd_estimatedHeight(cacheBy indexPath: IndexPath, identifier: String? = nil) -> CGFloat {
        estimatedHeight(for: .indexPath(indexPath), identifier: identifier)
    }

    /// The height to answer from `tableView(_:estimatedHeightForRowAt:)` for a row cached
    /// by `key` (a diffable data source's item identifier): its own height (measured,
    /// recorded with ``fd_recordHeight(of:forRowAt:cacheBy:)``, or persisted by an earlier
    /// launch), else `identifier`'s median, else the table's `estimatedRowHeight`, else its
    /// fallback height, as for the index-path variant.
    ///
    /// Bad input: as for the index-path variant.
    ///
    /// - Complexity: O(1) on average (the median is kept once settled).
    public func fd_estimatedHeight<Key: Hashable>(cacheBy key: Key, identifier: String? = nil) -> CGFloat {
        estimatedHeight(for: .key(AnyHashable(key)), identifier: identifier)
    }

    /// What this table's caches and measurements have done: hits, misses, layouts, time
    /// spent measuring.
    public var fd_statistics: TableHeightStatistics {
        layoutState.heights.statistics
    }

    /// The shared path of every cell height request: look up, else find and type-check the
    /// template, then measure once.
    /// `row`: the row asked about, when the request names one (by index path, cached or not).
    func templateHeight<Cell: UITableViewCell>(
        identifier: String, key: HeightCacheKey, row: IndexPath? = nil, state: TableLayoutState, configure: (Cell) -> Void
    ) -> CGFloat {
        let geometry = state.refreshGeometry(of: self)
        // So that the row's display does not record a sum of this answer and the app's own
        // (TableHeightCache.recordDisplayedHeight, review 21d D2).
        state.heights.lastTemplateAnswer = key
        if let cached = state.heights.cachedHeight(for: key) { return cached }
        let fallback = state.heights.fallbackHeight
        let template: UITableViewCell
        switch state.templateCell(withIdentifier: identifier, in: self) {
        case .template(let found):
            template = found
        case .unregistered:
            state.reportMisuse("no cell is registered for identifier \"\(identifier)\"; answering \(fallback) without caching")
            return fallback
        case .onlyShownCell:
            // Asked from a row's reconfigure, with no template to measure: not misuse; the
            // table is asked again on the next turn.
            return fallback
        }
        // A nib registered again under the identifier may hold another class: one fresh
        // cell before the type check fails (review 19a C1, 19e G5).
        let replaced = template is Cell ? nil : state.replaceKeptTemplate(template, identifier: identifier, in: self)
        if case .onlyShownCell = replaced { return fallback }
        guard let cell = template as? Cell ?? replaced?.cell as? Cell else {
            state.reportMisuse("the cell registered for \"\(identifier)\" is a \(type(of: template)), not the \(Cell.self) the configure closure takes; answering \(fallback) without caching")
            return fallback
        }
        // With the identifier, so skeleton rows of unknown height can use its median.
        return state.heights.measuredHeight(for: key, identifier: identifier) {
            // All of it observed when the app opted in: iOS 26 cells read their model in
            // configuration updates, updateProperties() and layoutSubviews(), not only here.
            state.trackingObservedReads(for: key) {
                measureTemplate(cell, geometry: geometry, state: state, indexPath: row) { configure(cell) }
            }
        }
    }

    /// The one sequence every cell template is measured by (rows and skeleton placeholders):
    /// reset; the table's text size and editing state before the app's configuration reads
    /// them (the row's own editing settings when `indexPath` names it); the configuration
    /// and properties updates after it, as a displayed cell gets them; then the fitting.
    func measureTemplate(
        _ cell: UITableViewCell, geometry: TableGeometry, state: TableLayoutState, indexPath: IndexPath? = nil,
        configure: () -> Void
    ) -> CGFloat {
        state.measuring(cell) {
            cell.prepareForReuse()
            TemplatePreparation.prepare(cell, for: geometry, at: indexPath, in: self, state: state)
            configure()
            TemplatePreparation.runConfigurationUpdate(of: cell, width: geometry.cellWidth)
            return TemplateMeasurer.height(of: cell, in: self, geometry: geometry, log: state.heights.log).height
        }
    }
}
#endif
