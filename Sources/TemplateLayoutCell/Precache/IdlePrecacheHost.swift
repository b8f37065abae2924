#if canImport(UIKit)
import UIKit

/// What the idle precache (``IdlePrecacheDriver``) needs from the view it runs on, a table
/// or a collection view: everything else (the run-loop observer, the conditions, deadlines,
/// the count checks, stopping on a change) is the same rule for both and lives in the driver.
@MainActor
protocol IdlePrecacheHost: UIScrollView {
    /// Along which axis, and from which end, offsets and lengths are read.
    var precacheAxis: ScrollAxisReading { get }
    /// Whether a batch of updates is open, or an update is held while a skeleton shows.
    var precacheHasUpdatesInFlight: Bool { get }
    /// Whether a skeleton stands in for the app's content.
    var precacheIsShowingSkeleton: Bool { get }
    /// The app's own measurement of the item at an index path (its delegate's height or size
    /// method, where apps ask the package's caches), for this pass; `nil` when the app has
    /// none, and nothing is precached.
    func precacheMeasurement() -> ((IndexPath) -> Void)?
    /// What a plan depends on besides the visible items, the direction and the range: the
    /// layout context, the viewport. Read once per pass, after ``precacheMeasurement()``.
    func precachePlanContext() -> AnyHashable
    /// The visible items, in index-path order.
    var precacheVisibleIndexPaths: [IndexPath] { get }
    /// The data source's counts now, against the view's; `nil` without a data source.
    func precacheShapeAgreement() -> TableShapeAgreement?
    /// How far along the axis an item takes the content, cached or estimated.
    func precacheLength(at indexPath: IndexPath) -> CGFloat
    /// Whether the item's length is in the index-path cache already.
    func precacheHasCachedLength(at indexPath: IndexPath) -> Bool
    /// The view's debug log.
    var precacheLog: DebugLog { get }
    /// What the log calls the view's items: "row", "item".
    var precacheItemName: String { get }
}

extension UITableView: IdlePrecacheHost {
    var precacheAxis: ScrollAxisReading { .vertical }

    var precacheHasUpdatesInFlight: Bool {
        let state = layoutState
        return state.heights.indexPaths.hasOpenBatch || state.skeletonGate.isHolding
    }

    var precacheIsShowingSkeleton: Bool { layoutState.skeleton != nil }

    func precacheMeasurement() -> ((IndexPath) -> Void)? {
        guard let delegate, delegate.responds(to: #selector(UITableViewDelegate.tableView(_:heightForRowAt:))) else { return nil }
        return { indexPath in _ = delegate.tableView?(self, heightForRowAt: indexPath) }
    }

    func precachePlanContext() -> AnyHashable {
        AnyHashable(layoutState.refreshGeometry(of: self).layoutContext)
    }

    var precacheVisibleIndexPaths: [IndexPath] { indexPathsForVisibleRows ?? [] }

    func precacheShapeAgreement() -> TableShapeAgreement? {
        guard let dataSource else { return nil }
        // UIKit counts one section when the data source does not say (the method is optional).
        let sections = dataSource.numberOfSections?(in: self) ?? 1
        let fromDataSource = TableShape(sectionCount: sections) { dataSource.tableView(self, numberOfRowsInSection: $0) }
        let fromTable = TableShape(sectionCount: numberOfSections) { self.numberOfRows(inSection: $0) }
        return TableShapeAgreement(dataSource: fromDataSource, table: fromTable)
    }

    func precacheLength(at indexPath: IndexPath) -> CGFloat {
        layoutState.heights.estimatedHeight(for: .indexPath(indexPath))
    }

    func precacheHasCachedLength(at indexPath: IndexPath) -> Bool {
        layoutState.heights.indexPaths.containsHeight(at: indexPath)
    }

    var precacheLog: DebugLog { layoutState.heights.log }
    var precacheItemName: String { "row" }
}
#endif
