#if canImport(UIKit)
import UIKit

extension UITableView {
    /// Has UIKit ask the delegate for row heights again, without reloading cells, after
    /// heights were forgotten or answered before their width was known. Skipped (answering
    /// `false`) where the table will ask anyway or an update would be wrong:
    /// - while a skeleton shows: its rows are not the app's, and hiding it reloads;
    /// - inside a batch: its end asks;
    /// - while the data source's counts differ from the table's: the app changed its model
    ///   and tells the table later, which asks then; an update now would raise UIKit's
    ///   "invalid number of rows".
    @discardableResult
    func askForHeightsAgain(because reason: String, animated: Bool = true) -> Bool {
        guard let state = existingLayoutState else { return false }
        // Inside one of the package's calls (a run loop spun in a configure closure): an
        // update from here would run inside UIKit's own, or inside a height request.
        if LiveCalls.isInsideOne {
            state.askForHeightsOnNextTurn(because: reason, animated: animated)
            return false
        }
        if state.skeleton != nil || state.skeletonGate.isHolding {
            state.heights.log.trace("\(reason): a skeleton shows; heights are asked when it hides")
            return false
        }
        guard !state.heights.indexPaths.hasOpenBatch else { return false }
        guard dataSourceCountsMatchRows() else {
            state.heights.log.trace("\(reason): the data source's counts differ from the table's; heights are asked at its update")
            return false
        }
        state.heights.log.trace("\(reason): asking for heights again")
        // An empty batch makes UIKit ask for every row's height again (estimated ones when the
        // table estimates) and animate rows to them without reloading cells (beginUpdates
        // docs; UIKitCore 26.1 has no shortcut for an empty batch). It does not raise on a
        // diffable data source's table: only the nine row and section methods check that.
        if animated {
            performBatchUpdates(nil, completion: nil)
        } else {
            UIView.performWithoutAnimation { performBatchUpdates(nil, completion: nil) }
        }
        return true
    }

    /// Whether the data source's section and row counts are those the table has. Every section
    /// is compared: the empty batch's check covers every section too.
    func dataSourceCountsMatchRows() -> Bool {
        guard let dataSource else { return false }
        // UIKit counts one section when the data source does not say (the method is optional).
        let sections = dataSource.numberOfSections?(in: self) ?? 1
        let fromDataSource = TableShape(sectionCount: sections) { dataSource.tableView(self, numberOfRowsInSection: $0) }
        let fromTable = TableShape(sectionCount: numberOfSections) { self.numberOfRows(inSection: $0) }
        let agreement = TableShapeAgreement(dataSource: fromDataSource, table: fromTable)
        for section in 0..<agreement.sectionCount where agreement.disagrees == false {
            _ = agreement.rowCount(inSection: section)
        }
        return !agreement.disagrees
    }
}
#endif
