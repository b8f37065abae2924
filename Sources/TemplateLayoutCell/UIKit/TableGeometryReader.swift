#if canImport(UIKit)
import UIKit

/// Reads a ``TableGeometry`` off a table.
///
/// Everything is read on every request, so a width, margin, text-size, editing or section
/// index change is never missed. The section index view is found by a walk of the table's
/// subviews and then kept (weakly), so its current width is one property read; the walk
/// is repeated only while the data source has index titles and no index view is known
/// (before UIKit's first layout adds it, or after a reload replaced it).
@MainActor
struct TableGeometryReader {
    private weak var indexView: UIView?

    /// The table's geometry now.
    mutating func geometry(of table: UITableView) -> TableGeometry {
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
            sectionIndexWidth: sectionIndexWidth(of: table),
            displayScale: Self.displayScale(of: table),
            contentSizeCategory: ContentSizeCategory(rawValue: table.traitCollection.preferredContentSizeCategory.rawValue),
            isEditing: table.isEditing)
    }

    /// Forgets the index view found: a reload may have replaced it.
    mutating func invalidateSectionIndex() {
        indexView = nil
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

    /// The width of the table's section index view, 0 without one. UIKit has no public API
    /// for it; the view's class has been `UITableViewIndex` since iOS 3, as FD relied on.
    private mutating func sectionIndexWidth(of table: UITableView) -> CGFloat {
        if let view = indexView, view.superview === table {
            return view.isHidden ? 0 : max(0, view.frame.width)
        }
        indexView = nil
        // An optional data source method: nil when the app does not implement it.
        guard let indexClass = Self.indexClass, table.dataSource?.sectionIndexTitles?(for: table)?.isEmpty == false else { return 0 }
        // UIKit adds the index view in its own layout pass, which may not have run yet: then
        // this walks again on the next request.
        guard let view = table.subviews.first(where: { $0.isKind(of: indexClass) }) else { return 0 }
        indexView = view
        return view.isHidden ? 0 : max(0, view.frame.width)
    }

    private static let indexClass: AnyClass? = NSClassFromString("UITableViewIndex")
}
#endif
