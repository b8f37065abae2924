#if canImport(UIKit)
import UIKit

/// Measures configured template views with UIKit; the order of methods, what counts as no
/// answer, the separator and the frame-layout width are the engine's ``SizingRules``.
@MainActor
enum TemplateMeasurer {
    /// The height of a configured template cell at the table's cell width.
    ///
    /// Auto Layout goes through the cell's own `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`,
    /// the call UIKit's self-sizing cells use, with the width required: UIKit then fits the
    /// content view inside the accessory and editing controls itself, instead of FD's
    /// hard-coded accessory widths and temporary width constraint (which conflicted with
    /// the zero-width content view constraint UIKit adds since iOS 10). The content view's
    /// `translatesAutoresizingMaskIntoConstraints` is left alone: FD turned it off, which
    /// drops the constraints that size the content view with the cell.
    ///
    /// `sizeThatFits(_:)` gets the content view's width, as FD passed it (see
    /// ``SizingRules/frameLayoutWidth(cellWidth:contentViewWidth:accessory:)``).
    static func height(of cell: UITableViewCell, in table: UITableView, geometry: TableGeometry, log: DebugLog) -> FittingHeight {
        let width = geometry.cellWidth
        return height(
            of: cell, width: width, enforceFrameLayout: cell.fd_enforceFrameLayout,
            frameLayoutWidth: { contentViewWidth(of: cell, laidOutAt: width) },
            fallback: SizingRules.fallbackRowHeight(estimatedRowHeight: table.estimatedRowHeight, rowHeight: table.rowHeight),
            separator: SizingRules.separatorHeight(showsSeparators: table.separatorStyle != .none, displayScale: geometry.displayScale),
            log: log)
    }

    /// The height of a configured template header or footer view at the table's header and
    /// footer width (``TableGeometry/headerFooterWidth``: not inset like inset-grouped
    /// cells); no separator, and the section header's (or footer's) estimate or height as
    /// the fallback.
    static func height(
        of view: UITableViewHeaderFooterView, in table: UITableView, geometry: TableGeometry, isFooter: Bool, log: DebugLog
    ) -> FittingHeight {
        let width = geometry.headerFooterWidth
        return height(
            of: view, width: width, enforceFrameLayout: false, frameLayoutWidth: { width },
            fallback: fallbackHeight(in: table, isFooter: isFooter), separator: 0, log: log)
    }

    /// What a header or footer request answers when nothing can be measured: the footer's
    /// metrics for a footer, the header's otherwise.
    static func fallbackHeight(in table: UITableView, isFooter: Bool) -> CGFloat {
        isFooter
            ? SizingRules.fallbackRowHeight(estimatedRowHeight: table.estimatedSectionFooterHeight, rowHeight: table.sectionFooterHeight)
            : SizingRules.fallbackRowHeight(estimatedRowHeight: table.estimatedSectionHeaderHeight, rowHeight: table.sectionHeaderHeight)
    }

    /// Measures `view` at `width` by the engine's rules: Auto Layout with the width
    /// required, then `sizeThatFits` at `frameLayoutWidth`, then `fallback`; plus `separator`.
    private static func height(
        of view: UIView, width: CGFloat, enforceFrameLayout: Bool, frameLayoutWidth: () -> CGFloat,
        fallback: CGFloat, separator: CGFloat, log: DebugLog
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
            frameLayout: { view.sizeThatFits(CGSize(width: frameLayoutWidth(), height: 0)).height },
            fallback: fallback, separator: separator)
        log.trace(traceLine(for: result))
        return result
    }

    /// The width a frame-layout cell fits its content to: its content view's, once UIKit
    /// has laid the cell out at `width` (a cell's `layoutSubviews` places the content view
    /// beside the accessory and editing controls), else FD's accessory widths.
    private static func contentViewWidth(of cell: UITableViewCell, laidOutAt width: CGFloat) -> CGFloat {
        cell.setNeedsLayout()
        cell.layoutIfNeeded()
        let accessory: CellAccessory
        if let view = cell.accessoryView {
            accessory = .view(width: view.frame.width)
        } else {
            switch cell.accessoryType {
            case .disclosureIndicator: accessory = .disclosureIndicator
            case .detailDisclosureButton: accessory = .detailDisclosureButton
            case .checkmark: accessory = .checkmark
            case .detailButton: accessory = .detailButton
            case .none: accessory = .none
            @unknown default: accessory = .none
            }
        }
        return SizingRules.frameLayoutWidth(cellWidth: width, contentViewWidth: cell.contentView.bounds.width, accessory: accessory)
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
