#if canImport(UIKit)
import UIKit

/// The methods exchanged with UIKit's update methods (see ``UpdateTracking``). After the
/// exchange, calling `fd_x` inside `fd_x` runs UIKit's original `x`; `dynamic` makes that
/// call go through the Objective-C runtime, where the exchange happened (abandoned Swift
/// ports of FD missed it, so their invalidation never ran).
///
/// Each tells the table's engine first and UIKit second, so that a batch is applied with
/// UIKit's semantics before UIKit asks for the heights of the rows it moved.
extension UITableView {
    @objc dynamic func fd_reloadData() {
        if let state = existingLayoutState {
            state.tableDidReload()
            if !state.keepsIndexPathHeightsOnReload { state.heights.indexPaths.reloadData() }
        }
        fd_reloadData()
    }

    @objc dynamic func fd_insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        trackUpdate { $0.insertSections(sections) }
        fd_insertSections(sections, with: animation)
    }

    @objc dynamic func fd_deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        trackUpdate { $0.deleteSections(sections) }
        fd_deleteSections(sections, with: animation)
    }

    @objc dynamic func fd_reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        trackUpdate { $0.reloadSections(sections) }
        fd_reloadSections(sections, with: animation)
    }

    @objc dynamic func fd_moveSection(_ section: Int, toSection newSection: Int) {
        trackUpdate { $0.moveSection(section, toSection: newSection) }
        fd_moveSection(section, toSection: newSection)
    }

    @objc dynamic func fd_insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        trackUpdate { $0.insertRows(at: indexPaths) }
        fd_insertRows(at: indexPaths, with: animation)
    }

    @objc dynamic func fd_deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        trackUpdate { $0.deleteRows(at: indexPaths) }
        fd_deleteRows(at: indexPaths, with: animation)
    }

    @objc dynamic func fd_reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        trackUpdate { $0.reloadRows(at: indexPaths) }
        fd_reloadRows(at: indexPaths, with: animation)
    }

    @objc dynamic func fd_moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        trackUpdate { $0.moveRow(at: indexPath, to: newIndexPath) }
        fd_moveRow(at: indexPath, to: newIndexPath)
    }

    @objc dynamic func fd_beginUpdates() {
        existingLayoutState?.heights.indexPaths.beginUpdates()
        fd_beginUpdates()
    }

    @objc dynamic func fd_endUpdates() {
        // The engine first: UIKit's endUpdates asks the heights of the rows it animates.
        existingLayoutState?.heights.indexPaths.endUpdates()
        fd_endUpdates()
    }

    @objc dynamic func fd_performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        guard let cache = existingLayoutState?.heights.indexPaths else {
            fd_performBatchUpdates(updates, completion: completion)
            return
        }
        // The batch is closed inside the updates closure, before UIKit resolves it and asks
        // for heights; if UIKit brackets the closure with begin/endUpdates itself, the
        // nesting makes that harmless.
        fd_performBatchUpdates({
            cache.beginUpdates()
            updates?()
            cache.endUpdates()
        }, completion: completion)
    }

    /// Tells the engine about one update of this table, if it has used the package.
    private func trackUpdate(_ update: (IndexPathHeightCache) -> Void) {
        guard let state = existingLayoutState else { return }
        update(state.heights.indexPaths)
        state.tableDidUpdate()
    }
}
#endif
