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
        height(
            of: cell, width: geometry.cellWidth, enforceFrameLayout: cell.fd_enforceFrameLayout,
            fallback: SizingRules.fallbackRowHeight(estimatedRowHeight: table.estimatedRowHeight, rowHeight: table.rowHeight),
            separator: SizingRules.separatorHeight(showsSeparators: table.separatorStyle != .none, displayScale: geometry.displayScale),
            log: log)
    }

    /// The height of a configured template header or footer view at the table's cell width;
    /// no separator, and the section header's estimate or height as the fallback.
    static func height(of view: UITableViewHeaderFooterView, in table: UITableView, geometry: TableGeometry, log: DebugLog) -> FittingHeight {
        height(
            of: view, width: geometry.cellWidth, enforceFrameLayout: false,
            fallback: SizingRules.fallbackRowHeight(estimatedRowHeight: table.estimatedSectionHeaderHeight, rowHeight: table.sectionHeaderHeight),
            separator: 0, log: log)
    }

    /// Measures `view` at `width` by the engine's rules: Auto Layout with the width
    /// required, then `sizeThatFits`, then `fallback`; plus `separator`.
    private static func height(
        of view: UIView, width: CGFloat, enforceFrameLayout: Bool, fallback: CGFloat, separator: CGFloat, log: DebugLog
    ) -> FittingHeight {
        // The view's own width matters to constraints relative to it and to sizeThatFits.
        if view.bounds.width != width { view.bounds.size.width = width }
        let result = SizingRules.fittingHeight(
            enforceFrameLayout: enforceFrameLayout,
            autoLayout: {
                view.systemLayoutSizeFitting(
                    CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
                    withHorizontalFittingPriority: .required,
                    verticalFittingPriority: .fittingSizeLevel
                ).height
            },
            frameLayout: { view.sizeThatFits(CGSize(width: width, height: 0)).height },
            fallback: fallback, separator: separator)
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
