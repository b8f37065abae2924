#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// The short texts the feed shows about its own measuring: the width cells are laid out at,
/// and what the height caches have done.
enum FeedReadouts {
    /// E.g. `Cell width 375 pt · text L`: the width (and text size) the package measures
    /// template cells at, computed with the engine's own rule from what the table reports,
    /// so it changes exactly when cached heights stop applying.
    @MainActor
    static func contentWidth(of tableView: UITableView) -> String {
        let geometry = TableGeometry(
            tableWidth: tableView.bounds.width,
            safeAreaLeft: tableView.safeAreaInsets.left,
            safeAreaRight: tableView.safeAreaInsets.right,
            insetsContentViewsToSafeArea: tableView.insetsContentViewsToSafeArea,
            contentSizeCategory: LayoutContext.ContentSizeCategory(
                rawValue: tableView.traitCollection.preferredContentSizeCategory.rawValue))
        return "Cell width \(points(geometry.cellWidth)) pt · text \(geometry.contentSizeCategory)"
    }

    /// E.g. `hits 120 · misses 30 · layouts 30 · measuring 41.2 ms · from disk 12`, from
    /// `tableView.fd_statistics`; the last part (keyed misses answered by heights an
    /// earlier launch persisted) only once there are any.
    static func statistics(_ statistics: TableHeightStatistics) -> String {
        let milliseconds = String(format: "%.1f", statistics.measuringTime * 1_000)
        return "hits \(statistics.hits) · misses \(statistics.misses) · layouts \(statistics.layouts)"
            + " · measuring \(milliseconds) ms"
            + (statistics.persistedHits > 0 ? " · from disk \(statistics.persistedHits)" : "")
    }

    /// `375` or `507.5`: whole points without a fraction.
    private static func points(_ value: CGFloat) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.1f", Double(value))
    }
}
#endif
