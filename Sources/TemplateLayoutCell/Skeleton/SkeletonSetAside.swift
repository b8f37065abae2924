#if canImport(UIKit)
import UIKit

/// What the skeleton sets aside on its table while it shows, besides the data source and
/// delegate, and gives back when it hides: each is given back only if it is still what the
/// skeleton set, so a value the app set meanwhile is kept.
///
/// - Prefetching would hand the app's prefetch data source the skeleton's index paths.
/// - Dragging would ask the app's drag delegate for items at the skeleton's index paths (on
///   iPad `dragInteractionEnabled` is on by default), and dropping would hand its drop
///   delegate index paths of rows its model does not have.
/// - VoiceOver: the cells are hidden, and the table's accessibility elements become its
///   refresh control, header, one "Loading" element over the rows, and footer; so a search
///   bar in the header stays reachable.
@MainActor
final class SkeletonSetAside {
    private weak var prefetchDataSource: UITableViewDataSourcePrefetching?
    private weak var dragDelegate: UITableViewDragDelegate?
    private weak var dropDelegate: UITableViewDropDelegate?
    private let dragInteractionEnabled: Bool
    /// The app's own accessibility elements, if it set any (UIKit's default is `nil`: the
    /// table works out its elements itself).
    private let accessibilityElements: [Any]?
    private let loadingElement: SkeletonLoadingElement

    init(table: UITableView, accessibilityLabel: String) {
        prefetchDataSource = table.prefetchDataSource
        dragDelegate = table.dragDelegate
        dropDelegate = table.dropDelegate
        dragInteractionEnabled = table.dragInteractionEnabled
        accessibilityElements = table.accessibilityElements
        loadingElement = SkeletonLoadingElement(table: table, label: accessibilityLabel)
    }

    /// Sets everything aside on `table`.
    func apply(to table: UITableView) {
        table.prefetchDataSource = nil
        table.dragDelegate = nil
        table.dropDelegate = nil
        table.dragInteractionEnabled = false
        refreshAccessibilityElements(of: table)
    }

    /// Points the table's accessibility elements at its current header, footer and refresh
    /// control: the app may set them while the skeleton shows. Left alone if the app set
    /// elements of its own meanwhile.
    func refreshAccessibilityElements(of table: UITableView) {
        if let current = table.accessibilityElements, !isOurs(current) { return }
        // An explicit `accessibilityElements` array is what VoiceOver reads in this container
        // (UIAccessibilityContainer), in order; the cells are not in it.
        let elements: [Any] = [table.refreshControl, table.tableHeaderView, loadingElement, table.tableFooterView]
            .compactMap { $0 }
        table.accessibilityElements = elements
    }

    /// Gives everything back that is still what ``apply(to:)`` set.
    func restore(on table: UITableView) {
        if table.prefetchDataSource == nil { table.prefetchDataSource = prefetchDataSource }
        if table.dragDelegate == nil { table.dragDelegate = dragDelegate }
        if table.dropDelegate == nil { table.dropDelegate = dropDelegate }
        if !table.dragInteractionEnabled { table.dragInteractionEnabled = dragInteractionEnabled }
        if let current = table.accessibilityElements, isOurs(current) { table.accessibilityElements = accessibilityElements }
    }

    private func isOurs(_ elements: [Any]) -> Bool {
        elements.contains { ($0 as AnyObject) === loadingElement }
    }
}

/// The one element VoiceOver finds where the skeleton's rows are: "Loading" (or the
/// configuration's label), framed over the rows below the table header.
final class SkeletonLoadingElement: UIAccessibilityElement {
    private weak var table: UITableView?

    init(table: UITableView, label: String) {
        self.table = table
        super.init(accessibilityContainer: table)
        accessibilityLabel = label
    }

    /// From the bottom of the header to the top of the footer, or over the visible height.
    /// In the container's own coordinates (UIAccessibilityElement, iOS 10): UIKit converts
    /// them to the screen as the table scrolls.
    override var accessibilityFrameInContainerSpace: CGRect {
        get {
            guard let table else { return .zero }
            let top = table.tableHeaderView?.frame.maxY ?? 0
            let visibleBottom = table.bounds.minY + table.bounds.height - table.adjustedContentInset.bottom
            let bottom = table.tableFooterView.map { max(top, $0.frame.minY) } ?? max(top, visibleBottom)
            return CGRect(x: 0, y: top, width: table.bounds.width, height: max(bottom - top, 1))
        }
        set {}
    }
}
#endif
