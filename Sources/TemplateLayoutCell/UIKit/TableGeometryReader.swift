#if canImport(UIKit)
import UIKit

/// Reads a ``TableGeometry`` off a table.
///
/// Everything but the section index is a cheap property read, done on every request so a
/// width or text-size change is never missed. The section index width needs a walk of the
/// table's subviews, so it is read again only when the table's width changes or its data
/// reloads (when an index can appear or go).
@MainActor
struct TableGeometryReader {
    private var sectionIndexWidth: CGFloat = 0
    private var sectionIndexReadAtWidth: CGFloat?

    /// The table's geometry now.
    mutating func geometry(of table: UITableView) -> TableGeometry {
        let width = table.bounds.width
        if sectionIndexReadAtWidth != width {
            sectionIndexWidth = Self.sectionIndexWidth(of: table)
            sectionIndexReadAtWidth = width
        }
        let traits = table.traitCollection
        let scale = traits.displayScale > 0 ? traits.displayScale : (table.window?.screen.scale ?? 1)
        return TableGeometry(
            tableWidth: width,
            safeAreaLeft: table.safeAreaInsets.left,
            safeAreaRight: table.safeAreaInsets.right,
            insetsContentViewsToSafeArea: table.insetsContentViewsToSafeArea,
            sectionIndexWidth: sectionIndexWidth,
            displayScale: scale,
            contentSizeCategory: ContentSizeCategory(rawValue: traits.preferredContentSizeCategory.rawValue))
    }

    /// Forgets the section index width, to read it again on the next request.
    mutating func invalidateSectionIndex() {
        sectionIndexReadAtWidth = nil
    }

    /// The width of the table's section index view, 0 without one. UIKit has no public API
    /// for it; the view's class has been `UITableViewIndex` since iOS 3, as FD relied on.
    private static func sectionIndexWidth(of table: UITableView) -> CGFloat {
        guard table.dataSource?.sectionIndexTitles?(for: table)?.isEmpty == false else { return 0 }
        let index = table.subviews.first { NSStringFromClass(type(of: $0)) == "UITableViewIndex" }
        return index?.frame.width ?? 0
    }
}
#endif
