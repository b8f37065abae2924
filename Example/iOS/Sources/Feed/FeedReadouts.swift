#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// The short texts the feed shows about its own measuring: the width cells are laid out at,
/// and what the height caches have done.
enum FeedReadouts {
    /// E.g. `Cell width 375 pt · text L`: the width (and text size) the package measures
    /// template cells at in this plain table: the table's width less the safe area, which
    /// UIKit keeps cells' content out of (`insetsContentViewsToSafeArea`). So it changes
    /// exactly when cached heights stop applying. Worked out here from public UIKit values:
    /// the engine's own rule (`TableGeometry`) is `package`, which the app, built outside the
    /// package by its Xcode project, cannot see.
    @MainActor
    static func contentWidth(of tableView: UITableView) -> String {
        let safeArea = tableView.insetsContentViewsToSafeArea
            ? tableView.safeAreaInsets.left + tableView.safeAreaInsets.right : 0
        let textSize = LayoutContext.ContentSizeCategory(
            rawValue: tableView.traitCollection.preferredContentSizeCategory.rawValue)
        return "Cell width \(points(max(0, tableView.bounds.width - safeArea))) pt · text \(textSize)"
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
