#if canImport(UIKit)
import UIKit

/// Reads a ``TableGeometry`` off a table.
///
/// Everything is read on every request, so a width, margin, text-size, Bold Text, editing or
/// section index change is never missed. The section index view is found by a walk of the table's
/// subviews and then kept (weakly), so its current width is one property read; the walk
/// is repeated only while the data source has index titles and no index view is known
/// (before UIKit's first layout adds it, or after a reload replaced it).
///
/// When the table has index titles, enough rows for UIKit to show them, displayed cells, and
/// still no index view (its private class renamed in a new iOS), the width of a displayed
/// cell's content stands in (``TableGeometry/displayedContentWidth``) and
/// ``indexViewIsMissing`` is set, for a debug report.
@MainActor
struct TableGeometryReader {
    private weak var indexView: UIView?
    /// Whether the last read found index titles but no index view where one should be.
    private(set) var indexViewIsMissing = false
    /// The displayed content width standing in for a missing index view, and the table
    /// width it was read at; kept until the width changes or the table reloads, so a
    /// missing index costs the walk once, not on every height request.
    private var missingIndexFallback: (tableWidth: CGFloat, contentWidth: CGFloat?)?
    /// The table width at which the data source last had no index titles: the app's
    /// `sectionIndexTitles(for:)` may be costly (a collation over the whole model), so it is
    /// not asked again on every height request, only after a reload, a width change or a
    /// new data source.
    private var noIndexTitlesAt: (width: CGFloat, dataSource: ObjectIdentifier?)?

    /// The table's geometry now.
    mutating func geometry(of table: UITableView) -> TableGeometry {
        let index = sectionIndex(of: table)
        let style = Self.style(of: table)
        // Only inset-grouped sections are inset by the margins; other styles skip the read.
        var margins = style == .insetGrouped ? table.layoutMargins : .zero
        var safeArea = table.safeAreaInsets
        // The geometry's "right" is the side the section index is on, the trailing one.
        if table.effectiveUserInterfaceLayoutDirection == .rightToLeft {
            swap(&margins.left, &margins.right)
            swap(&safeArea.left, &safeArea.right)
        }
        return TableGeometry(
            tableWidth: table.bounds.width,
            style: style,
            layoutMarginLeft: margins.left,
            layoutMarginRight: margins.right,
            safeAreaLeft: safeArea.left,
            safeAreaRight: safeArea.right,
            insetsContentViewsToSafeArea: table.insetsContentViewsToSafeArea,
            sectionIndexWidth: index.width,
            displayedContentWidth: index.displayedContentWidth,
            displayScale: Self.displayScale(of: table),
            contentSizeCategory: LayoutContext.ContentSizeCategory(rawValue: table.traitCollection.preferredContentSizeCategory.rawValue),
            isEditing: table.isEditing,
            legibilityWeight: Self.legibilityWeight(of: table))
    }

    /// Bold Text: the trait collection's `legibilityWeight` is `.bold` while the user has it
    /// on (UITraitCollection.h, iOS 13); `.unspecified` (no trait yet) is drawn regular.
    static func legibilityWeight(of view: UIView) -> LayoutContext.LegibilityWeight {
        view.traitCollection.legibilityWeight == .bold ? .bold : .regular
    }

    /// Forgets the index view found: a reload may have replaced it.
    mutating func invalidateSectionIndex() {
        indexView = nil
        missingIndexFallback = nil
        noIndexTitlesAt = nil
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

    /// The width of the table's section index view, 0 without one; and, when the index
    /// view should be there and is not found, a displayed cell's content width. UIKit has no
    /// public API for the index; its view's class has been `UITableViewIndex` since iOS 3,
    /// as FD relied on.
    private mutating func sectionIndex(of table: UITableView) -> (width: CGFloat, displayedContentWidth: CGFloat?) {
        indexViewIsMissing = false
        if let view = indexView, view.superview === table {
            return (view.isHidden ? 0 : max(0, view.frame.width), nil)
        }
        indexView = nil
        if let fallback = missingIndexFallback, fallback.tableWidth == table.bounds.width {
            indexViewIsMissing = true
            return (0, fallback.contentWidth)
        }
        missingIndexFallback = nil
        let asked = (width: table.bounds.width, dataSource: table.dataSource.map { ObjectIdentifier($0) })
        if let last = noIndexTitlesAt, last.width == asked.width, last.dataSource == asked.dataSource { return (0, nil) }
        // An optional data source method: nil when the app does not implement it.
        guard table.dataSource?.sectionIndexTitles?(for: table)?.isEmpty == false else {
            noIndexTitlesAt = asked
            return (0, nil)
        }
        noIndexTitlesAt = nil
        if let indexClass = NSClassFromString(Self.indexClassName), let view = table.subviews.first(where: { $0.isKind(of: indexClass) }) {
            indexView = view
            return (view.isHidden ? 0 : max(0, view.frame.width), nil)
        }
        // UIKit adds the index view in its own layout pass, which may not have run yet (no
        // cells displayed): then this walks again on the next request. It shows the index
        // only from `sectionIndexMinimumDisplayRowCount` rows on (UITableView.h).
        guard Self.rowCount(of: table) >= table.sectionIndexMinimumDisplayRowCount else { return (0, nil) }
        let cells = table.visibleCells
        guard !cells.isEmpty else { return (0, nil) }
        indexViewIsMissing = true
        let contentWidth = Self.plainContentWidth(among: cells)
        missingIndexFallback = (table.bounds.width, contentWidth)
        return (0, contentWidth)
    }

    /// The content view width of a displayed cell with nothing beside its content (no
    /// accessory, no editing controls), whose width is then what a template is laid out at.
    private static func plainContentWidth(among cells: [UITableViewCell]) -> CGFloat? {
        let plain = cells.first { cell in
            cell.accessoryType == .none && cell.accessoryView == nil && !cell.isEditing && cell.contentView.bounds.width > 0
        }
        return plain?.contentView.bounds.width
    }

    private static func rowCount(of table: UITableView) -> Int {
        (0..<table.numberOfSections).reduce(0) { $0 + table.numberOfRows(inSection: $1) }
    }

    /// The index view's class name; tests name a class that does not exist to see the
    /// fallback.
    static var indexClassName = "UITableViewIndex"
}
#endif
