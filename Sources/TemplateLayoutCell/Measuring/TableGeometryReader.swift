#if canImport(UIKit)
import UIKit

/// Reads a ``TableGeometry`` off a table.
///
/// Everything is read on every request, so a width, margin, text-size, Bold Text, editing or
/// section index change is never missed. What the section index means for the request is
/// the engine's ``SectionIndexTracker``'s decision; this finds the index view (by a walk of
/// the table's subviews, then kept weakly, so its current width is one property read) and
/// turns the decision into widths.
@MainActor
struct TableGeometryReader {
    private weak var indexView: UIView?
    /// The width of the index view when last found: the best guess at it while UIKit has
    /// not added it yet (0, no index, when this table never had one).
    private var lastIndexWidth: CGFloat = 0

    /// The table's geometry now, with the section index as `index` says.
    func geometry(of table: UITableView, index: SectionIndexTracker.Reading, isEditing: Bool) -> TableGeometry {
        let style = Self.style(of: table)
        // Only inset-grouped sections are inset by the margins; other styles skip the read.
        var margins = style == .insetGrouped ? table.layoutMargins : .zero
        var safeArea = table.safeAreaInsets
        // The geometry's "right" is the side the section index is on, the trailing one.
        if table.effectiveUserInterfaceLayoutDirection == .rightToLeft {
            swap(&margins.left, &margins.right)
            swap(&safeArea.left, &safeArea.right)
        }
        var geometry = TableGeometry(
            tableWidth: table.bounds.width,
            style: style,
            layoutMarginLeft: margins.left,
            layoutMarginRight: margins.right,
            safeAreaLeft: safeArea.left,
            safeAreaRight: safeArea.right,
            insetsContentViewsToSafeArea: table.insetsContentViewsToSafeArea,
            displayScale: Self.displayScale(of: table),
            contentSizeCategory: LayoutContext.ContentSizeCategory(rawValue: table.traitCollection.preferredContentSizeCategory.rawValue),
            isEditing: isEditing,
            legibilityWeight: Self.legibilityWeight(of: table))
        switch index {
        case .none: break
        case .view(let width): geometry.sectionIndexWidth = width
        case .pending:
            // Unmeasurable for caching; the guess is what a provisional measurement uses.
            geometry.sectionIndexIsPending = true
            geometry.sectionIndexWidth = lastIndexWidth
        case .missing(let displayedContentWidth): geometry.displayedContentWidth = displayedContentWidth
        }
        return geometry
    }

    /// Bold Text: the trait collection's `legibilityWeight` is `.bold` while the user has it
    /// on (UITraitCollection.h, iOS 13); `.unspecified` (no trait yet) is drawn regular.
    static func legibilityWeight(of view: UIView) -> LayoutContext.LegibilityWeight {
        view.traitCollection.legibilityWeight == .bold ? .bold : .regular
    }

    private static func style(of table: UITableView) -> TableStyle {
        switch table.style {
        case .plain: return .plain
        case .grouped: return .grouped
        case .insetGrouped: return .insetGrouped
        // A style added after this was written: grouped sections span the table, the
        // likelier shape of a new grouped variant than an inset.
        @unknown default: return .grouped
        }
    }

    /// Pixels per point: the table's trait collection's, which a table has before it is in
    /// a window too (UIKit gives every view a trait collection; 0 means unspecified, per
    /// UITraitCollection.h); then the screen of the table's window (its scene's screen, what
    /// UIScreen.h says to use instead of `mainScreen` in a scene-based app); `UIScreen.main`
    /// only as a last resort, for an unspecified scale and no window to ask (right on one
    /// screen, possibly not for a table bound for an external display).
    private static func displayScale(of table: UITableView) -> CGFloat {
        let traits = table.traitCollection.displayScale
        if traits > 0 { return traits }
        if let screen = table.window?.screen, screen.scale > 0 { return screen.scale }
        return UIScreen.main.scale
    }

    /// The width of the table's section index view (0 while hidden), or `nil` when it has
    /// none. UIKit has no public API for the index; its view's class has been
    /// `UITableViewIndex` since iOS 3, as FD relied on. A reload may replace the view, so a
    /// kept one counts only while it is still the table's.
    mutating func indexViewWidth(of table: UITableView) -> CGFloat? {
        if indexView?.superview !== table {
            indexView = NSClassFromString(Self.indexClassName).flatMap { indexClass in
                table.subviews.first { $0.isKind(of: indexClass) }
            }
        }
        guard let view = indexView else { return nil }
        let width = view.isHidden ? 0 : max(0, view.frame.width)
        if width > 0 { lastIndexWidth = width }
        return width
    }

    /// Whether the table has enough rows for UIKit to show its index: from
    /// `sectionIndexMinimumDisplayRowCount` rows on (UITableView.h; 0, every table, by
    /// default). Counted through the data source, as UIKit counts when it fetches the titles:
    /// asking the table could make it load itself, inside a height request.
    static func hasRowsForIndex(_ table: UITableView) -> Bool {
        let minimum = table.sectionIndexMinimumDisplayRowCount
        guard minimum > 0 else { return true }
        guard let dataSource = table.dataSource else { return false }
        var rows = 0
        // UIKit counts one section when the data source does not say (the method is optional).
        for section in 0..<max(0, dataSource.numberOfSections?(in: table) ?? 1) {
            rows += dataSource.tableView(table, numberOfRowsInSection: section)
            if rows >= minimum { return true }
        }
        return false
    }

    /// The cells the table displays, found among its subviews. Not `visibleCells`: inside a
    /// height request UIKit may be creating cells, and then `visibleCells` logs a fault and
    /// answers empty (apps built with a recent SDK); outside one it may force a layout pass.
    /// Cells are the table's subviews, or (before iOS 11) its wrapper view's: both are looked
    /// at, one level down, hidden ones (in the reuse pool) left out.
    static func displayedCells(of table: UITableView) -> [UITableViewCell] {
        var cells: [UITableViewCell] = []
        for view in table.subviews {
            if let cell = view as? UITableViewCell {
                if !cell.isHidden { cells.append(cell) }
            } else if !(view is UITableViewHeaderFooterView) {
                cells += view.subviews.compactMap { ($0 as? UITableViewCell).flatMap { $0.isHidden ? nil : $0 } }
            }
        }
        return cells
    }

    /// The content view width of a displayed cell with nothing beside its content (no
    /// accessory, no editing controls), whose width is then what a template is laid out at.
    static func plainContentWidth(among cells: [UITableViewCell]) -> CGFloat? {
        let plain = cells.first { cell in
            cell.accessoryType == .none && cell.accessoryView == nil && !cell.isEditing && cell.contentView.bounds.width > 0
        }
        return plain?.contentView.bounds.width
    }

    /// The index view's class name; tests name a class that does not exist to see the
    /// fallback.
    static var indexClassName = "UITableViewIndex"
}
#endif
