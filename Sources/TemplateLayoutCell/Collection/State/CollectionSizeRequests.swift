#if canImport(UIKit)
import UIKit

/// The collection view's requests to its layout, made on a later turn of the main queue
/// outside the package's live calls: "ask for these items' sizes again" after the cache
/// forgot sizes where UIKit would not ask on its own, and "the main queue turned" for the
/// index-path cache's update accounting. Many requests before the turn make one.
@MainActor
final class CollectionSizeRequests {
    private weak var state: CollectionLayoutState?
    private var pendingItems: Set<IndexPath> = []
    private var pendingEverything = false
    private var reasons: [String] = []
    private lazy var request = NextTurn { [weak self] in self?.askNow() }
    private lazy var turnEnd = NextTurn { [weak self] in self?.indexPathCacheTurnEnded() }

    init(state: CollectionLayoutState) {
        self.state = state
    }

    /// Asks the layout on the next turn for the sizes of `indexPaths` (as the view will
    /// display them then), or of every item when `nil`.
    func ask(at indexPaths: [IndexPath]?, because reason: String) {
        if let indexPaths { pendingItems.formUnion(indexPaths) } else { pendingEverything = true }
        reasons.append(reason)
        request.schedule()
    }

    /// Items moved (an update, a reload): index paths asked for before it may name other
    /// items now, so the pending request asks for every item instead (review 19c, F5).
    func itemsMayHaveMoved() {
        guard !pendingItems.isEmpty else { return }
        pendingItems = []
        pendingEverything = true
    }

    /// Tells the index-path cache, once, on the next turn, that no update call of this turn
    /// is still running; UIKit's update methods are synchronous, so none spans the turn.
    func reportTurnEnd() {
        turnEnd.schedule()
    }

    private func indexPathCacheTurnEnded() {
        guard let state else { return }
        // A call still open now was cut short: the cache forgets every size, and the layout,
        // which took sizes meanwhile, is asked again.
        let abandons = state.sizes.indexPaths.isInsideUpdateCall
        state.sizes.indexPaths.track(.turnEnded)
        if abandons { ask(at: nil, because: "an update call was cut short") }
    }

    private func askNow() {
        let everything = pendingEverything
        let items = pendingItems
        let reason = reasons.joined(separator: ", ")
        pendingEverything = false
        pendingItems = []
        reasons = []
        guard let state, let view = state.collectionView else { return }
        // A batch still open (an app's closure spinning the run loop is a live call, so not
        // that): its end invalidates the layout itself.
        guard !state.sizes.indexPaths.hasOpenBatch else { return }
        invalidateSelfSizedCells(of: view, at: everything ? nil : items)
        let layout = view.collectionViewLayout
        guard let flow = layout as? UICollectionViewFlowLayout else {
            // Other layouts (compositional, custom) have no per-item metrics to re-query:
            // the whole layout is invalidated (UICollectionViewLayout docs).
            state.sizes.log.trace("\(reason): invalidating the layout")
            layout.invalidateLayout()
            return
        }
        // Flow layouts re-query the delegate's sizes when the context says their metrics
        // changed (UICollectionViewFlowLayoutInvalidationContext docs); the items named are
        // invalidated too, so cached attributes (self-sizing) are not kept for them.
        let context = UICollectionViewFlowLayoutInvalidationContext()
        context.invalidateFlowLayoutDelegateMetrics = true
        if !everything {
            let valid = items.filter { Self.names($0, anItemOf: view) }
            guard !valid.isEmpty else { return }
            context.invalidateItems(at: valid.sorted())
        }
        state.sizes.log.trace("\(reason): invalidating the flow layout's metrics")
        flow.invalidateLayout(with: context)
    }

    /// A displayed self-sized cell is asked for its size again only once its preferred
    /// attributes are invalidated (reuse, or its intrinsic content size; UIKitCore 26.1,
    /// docs/uikit-behaviour/collection-view-self-sizing.md): a layout invalidation alone keeps the
    /// size it answered from the forgotten one. `invalidateIntrinsicContentSize()` on a cell
    /// makes UIKit size it again where `selfSizingInvalidation` is on (iOS 16+, the default;
    /// UICollectionView.h); elsewhere it does nothing.
    private func invalidateSelfSizedCells(of view: UICollectionView, at items: Set<IndexPath>?) {
        // A skeleton's cells are not the app's items (review 19f, F1).
        guard view.existingCollectionSkeletonState?.skeleton == nil else { return }
        for cell in view.visibleCells where cell is CachedSizeCollectionViewCell || cell is CachedSizeCollectionViewListCell {
            guard let items else { cell.invalidateIntrinsicContentSize(); continue }
            if let indexPath = view.indexPath(for: cell), items.contains(indexPath) { cell.invalidateIntrinsicContentSize() }
        }
    }

    /// Whether `indexPath` names an item the view has: invalidating others raises.
    private static func names(_ indexPath: IndexPath, anItemOf view: UICollectionView) -> Bool {
        guard indexPath.count == 2 else { return false }
        let section = indexPath[0], item = indexPath[1]
        guard section >= 0, section < view.numberOfSections, item >= 0 else { return false }
        return item < view.numberOfItems(inSection: section)
    }
}

extension CollectionLayoutState {
    /// Has the layout ask again, on the next turn outside the package's live calls, for the
    /// sizes of `indexPaths` (as displayed then), or of every item when `nil`, after the
    /// cache forgot sizes where UIKit would not ask on its own: a reconfigure (the cell and
    /// its size are kept), an interactive move, an update off the main thread, an update
    /// call cut short. Inserts, deletes, reloads and moves need none: UIKit's update end
    /// invalidates the layout with the data source counts.
    ///
    /// Flow layouts get an invalidation context re-querying the delegate's metrics of the
    /// named items (every item for `nil`); other layouts are invalidated whole. Requests
    /// before the turn are merged into one.
    ///
    /// Bad input: index paths the view does not have on that turn are skipped; nothing is
    /// asked for a view that is gone, or while a batch is open (its end asks).
    func askForSizesAgain(at indexPaths: [IndexPath]?, because reason: String) {
        sizeRequests.ask(at: indexPaths, because: reason)
    }

    /// Tells the index-path cache on the next turn that the main queue turned (see
    /// `UpdateCallAccounting`).
    func reportTurnEndToIndexPathCache() {
        sizeRequests.reportTurnEnd()
    }
}
#endif
