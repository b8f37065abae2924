#if canImport(UIKit)
import UIKit

extension UITableView {
    /// Sends `update`'s row changes to the table. Call it inside `performBatchUpdates`,
    /// after the model changed, so UIKit checks the new row counts against them; the
    /// package's index-path cache follows these same calls.
    func apply(_ update: FeedUpdate) {
        deleteRows(at: update.deletions, with: .fade)
        reloadRows(at: update.reloads, with: .fade)
        for move in update.moves {
            moveRow(at: move.source, to: move.destination)
        }
        insertRows(at: update.insertions, with: .top)
    }
}
#endif
