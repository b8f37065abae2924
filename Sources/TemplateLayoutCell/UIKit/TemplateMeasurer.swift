#if canImport(UIKit)
import UIKit

/// Measures configured template views with UIKit; the order of methods, what counts as no
/// answer and the separator are the engine's ``SizingRules``.
@MainActor
enum TemplateMeasurer {
    /// The height of a configured template cell at the table's cell width.
    ///
    /// Auto Layout goes through the cell's own `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`,
    /// the call UIKit's self-sizing cells use, with the width required: UIKit then fits the
    /// content view inside the accessory and editing controls itself, instead of FD's
    /// hard-coded accessory widths and temporary width constraint (the one that met iOS
    /// 10's zero-width content view constraint, FD #242). The content view's
    /// `translatesAutoresizingMaskIntoConstraints` is left alone (FD #348).
    static func height(of cell: UITableViewCell, in table: UITableView, geometry: TableGeometry, log: DebugLog) -> FittingHeight {
        let width = geometry.cellWidth
        // The cell's own width matters to constraints relative to it and to sizeThatFits.
        if cell.bounds.width != width { cell.bounds.size.width = width }
        let result = SizingRules.fittingHeight(
            enforceFrameLayout: cell.fd_enforceFrameLayout,
            autoLayout: {
                cell.systemLayoutSizeFitting(
                    CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
                    withHorizontalFittingPriority: .required,
                    verticalFittingPriority: .fittingSizeLevel
                ).height
            },
            frameLayout: { cell.sizeThatFits(CGSize(width: width, height: 0)).height },
            fallback: SizingRules.fallbackRowHeight(estimatedRowHeight: table.estimatedRowHeight, rowHeight: table.rowHeight),
            separator: SizingRules.separatorHeight(showsSeparators: table.separatorStyle != .none, displayScale: geometry.displayScale))
        log.trace(traceLine(for: result))
        return result
    }

    /// The height of a configured template header or footer view at the table's cell width.
    static func height(of view: UITableViewHeaderFooterView, in table: UITableView, geometry: TableGeometry, log: DebugLog) -> FittingHeight {
        let width = geometry.cellWidth
        if view.bounds.width != width { view.bounds.size.width = width }
        let result = SizingRules.fittingHeight(
            enforceFrameLayout: false,
            autoLayout: {
                view.systemLayoutSizeFitting(
                    CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
                    withHorizontalFittingPriority: .required,
                    verticalFittingPriority: .fittingSizeLevel
                ).height
            },
            frameLayout: { view.sizeThatFits(CGSize(width: width, height: 0)).height },
            fallback: SizingRules.fallbackRowHeight(
                estimatedRowHeight: table.estimatedSectionHeaderHeight, rowHeight: table.sectionHeaderHeight),
            separator: 0)
        log.trace(traceLine(for: result))
        return result
    }

    /// FD's lines: "calculate using system fitting size (AutoLayout) - 88" and the like.
    private static func traceLine(for result: FittingHeight) -> String {
        let height = String(describing: result.height)
        switch result.method {
        case .autoLayout: return "calculate using system fitting size (AutoLayout) - \(height)"
        case .frameLayout: return "calculate using sizeThatFits - \(height)"
        case .fallback: return "calculate using the fallback height (neither Auto Layout nor sizeThatFits gave one) - \(height)"
        }
    }
}
#endif
