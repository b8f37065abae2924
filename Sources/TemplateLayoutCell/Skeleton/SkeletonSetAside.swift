#if canImport(UIKit)
import UIKit

/// What the skeleton sets aside on its table or collection view while it shows, besides the
/// data source and delegate, and gives back when it hides: each is given back only if it is
/// still what the skeleton set, so a value the app set meanwhile is kept.
///
/// - Prefetching would hand the app's prefetch data source the skeleton's index paths.
/// - Dragging would ask the app's drag delegate for items at the skeleton's index paths (on
///   iPad `dragInteractionEnabled` is on by default), and dropping would hand its drop
///   delegate index paths of rows its model does not have.
/// - VoiceOver: the cells are hidden, and the view's accessibility elements become its
///   refresh control, a table's header, one "Loading" element over the rows, and a table's
///   footer; so a search bar in the header stays reachable.
@MainActor
final class SkeletonSetAside {
    /// One property set aside: how to clear it, and how to give it back.
    @MainActor
    struct Slot {
        let clear: @MainActor () -> Void
        let giveBack: @MainActor () -> Void

        /// A weak object property (a delegate or data source): cleared to `nil`, given back
        /// if still `nil`. The value is held weakly meanwhile, as the view holds it.
        static func object<Value>(
            read: @escaping @MainActor () -> Value?, write: @escaping @MainActor (Value?) -> Void
        ) -> Slot {
            let saved = WeakObject(read().map { $0 as AnyObject })
            return Slot(clear: { write(nil) }, giveBack: { if read() == nil { write(saved.object as? Value) } })
        }

        /// A collection view's layout, replaced by `replacement` (see
        /// ``CollectionSkeletonLayout``) and given back if the view still has `replacement`;
        /// otherwise the app set a layout meanwhile, which is kept, and `onKept` is called.
        ///
        /// The app's layout is held strongly until given back: while `replacement` is in the
        /// view nothing else may hold it (the view held it, and an app usually holds it only
        /// through the view), and it is the app's again as soon as it is given back, so the
        /// skeleton keeps it exactly as long as the view would have, and no longer.
        static func layout(
            of collectionView: UICollectionView, replacement: UICollectionViewLayout, onKept: @escaping @MainActor () -> Void
        ) -> Slot {
            let saved = StrongLayout(collectionView.collectionViewLayout)
            return Slot(
                clear: { [weak collectionView, weak replacement] in
                    guard let collectionView, let replacement else { return }
                    // Applied at once and without animation ("Assigning a new layout object to
                    // this property causes the new layout to be applied (without animations)",
                    // collectionViewLayout docs); a layout change invalidates everything
                    // (UICollectionViewLayoutInvalidationContext.invalidateEverything docs).
                    // Set after the data source is the skeleton's, and after reloadData drops
                    // the app's counts, so whatever the change asks is asked of the skeleton,
                    // about the skeleton's items.
                    // The skeleton's own reload: the sizes of the previous load stay, its best
                    // size source when it plans again (review 19d, C1).
                    collectionView.reloadKeepingIndexPathSizes()
                    collectionView.collectionViewLayout = replacement
                },
                giveBack: { [weak collectionView, weak replacement] in
                    defer { saved.layout = nil }
                    guard let collectionView, let layout = saved.layout else { return }
                    guard collectionView.collectionViewLayout === replacement else {
                        onKept()
                        return
                    }
                    // The new layout is applied at once and may ask the data source (given back
                    // by now) for counts and cells: reloadData first drops the skeleton's counts,
                    // so it asks the app's model, never at the skeleton's index paths.
                    collectionView.reloadData()
                    collectionView.collectionViewLayout = layout
                })
        }

        /// A flag turned off, given back if still off.
        static func flag(read: @escaping @MainActor () -> Bool, write: @escaping @MainActor (Bool) -> Void) -> Slot {
            let saved = read()
            return Slot(clear: { write(false) }, giveBack: { if !read() { write(saved) } })
        }
    }

    private let slots: [Slot]
    /// The app's own accessibility elements, if it set any (UIKit's default is `nil`: the
    /// view works out its elements itself).
    private let accessibilityElements: [Any]?
    private let loadingElement: SkeletonLoadingElement
    /// The elements VoiceOver reads while the skeleton shows, the loading element included.
    private let elements: @MainActor (UIScrollView, SkeletonLoadingElement) -> [Any]

    private init(
        view: UIScrollView, slots: [Slot], loadingElement: SkeletonLoadingElement,
        elements: @escaping @MainActor (UIScrollView, SkeletonLoadingElement) -> [Any]
    ) {
        self.slots = slots
        self.accessibilityElements = view.accessibilityElements
        self.loadingElement = loadingElement
        self.elements = elements
    }

    /// What a table sets aside: its prefetch data source, drag and drop delegates, drag
    /// interaction; VoiceOver reads its refresh control, header, "Loading", footer.
    convenience init(table: UITableView, accessibilityLabel: String) {
        self.init(
            view: table,
            slots: [
                .object(read: { [weak table] in table?.prefetchDataSource }, write: { [weak table] in table?.prefetchDataSource = $0 }),
                .object(read: { [weak table] in table?.dragDelegate }, write: { [weak table] in table?.dragDelegate = $0 }),
                .object(read: { [weak table] in table?.dropDelegate }, write: { [weak table] in table?.dropDelegate = $0 }),
                .flag(read: { [weak table] in table?.dragInteractionEnabled ?? false }, write: { [weak table] in table?.dragInteractionEnabled = $0 }),
            ],
            loadingElement: SkeletonLoadingElement(container: table, label: accessibilityLabel, frame: SkeletonLoadingElement.frame(inTable:)),
            elements: { view, loading in
                guard let table = view as? UITableView else { return [loading] }
                return [table.refreshControl, table.tableHeaderView, loading, table.tableFooterView].compactMap { $0 }
            })
    }

    /// What a collection view sets aside: its prefetch data source (and prefetching), drag
    /// and drop delegates, drag interaction, and its layout when `skeletonLayout` is given;
    /// VoiceOver reads its refresh control and "Loading". `onLayoutKept` is called at restore
    /// when the app set a layout of its own meanwhile.
    convenience init(
        collectionView: UICollectionView, accessibilityLabel: String, skeletonLayout: UICollectionViewLayout? = nil,
        onLayoutKept: @escaping @MainActor () -> Void = {}
    ) {
        // Last: given back once the view's other properties are the app's again, so the
        // layout change meets the app's own view.
        let layoutSlot = skeletonLayout.map { [Slot.layout(of: collectionView, replacement: $0, onKept: onLayoutKept)] } ?? []
        self.init(
            view: collectionView,
            slots: [
                .object(read: { [weak collectionView] in collectionView?.prefetchDataSource },
                        write: { [weak collectionView] in collectionView?.prefetchDataSource = $0 }),
                .object(read: { [weak collectionView] in collectionView?.dragDelegate },
                        write: { [weak collectionView] in collectionView?.dragDelegate = $0 }),
                .object(read: { [weak collectionView] in collectionView?.dropDelegate },
                        write: { [weak collectionView] in collectionView?.dropDelegate = $0 }),
                .flag(read: { [weak collectionView] in collectionView?.dragInteractionEnabled ?? false },
                      write: { [weak collectionView] in collectionView?.dragInteractionEnabled = $0 }),
            ] + layoutSlot,
            loadingElement: SkeletonLoadingElement(
                container: collectionView, label: accessibilityLabel, frame: SkeletonLoadingElement.frame(inScrollView:)),
            elements: { view, loading in [view.refreshControl, loading].compactMap { $0 } })
    }

    /// Sets everything aside on `view`.
    func apply(to view: UIScrollView) {
        for slot in slots { slot.clear() }
        refreshAccessibilityElements(of: view)
    }

    /// Points the view's accessibility elements at its current header, footer and refresh
    /// control: the app may set them while the skeleton shows. Left alone if the app set
    /// elements of its own meanwhile.
    func refreshAccessibilityElements(of view: UIScrollView) {
        if let current = view.accessibilityElements, !isOurs(current) { return }
        // An explicit `accessibilityElements` array is what VoiceOver reads in this container
        // (UIAccessibilityContainer), in order; the cells are not in it.
        view.accessibilityElements = elements(view, loadingElement)
    }

    /// Gives everything back that is still what ``apply(to:)`` set.
    func restore(on view: UIScrollView) {
        for slot in slots { slot.giveBack() }
        if let current = view.accessibilityElements, isOurs(current) { view.accessibilityElements = accessibilityElements }
    }

    private func isOurs(_ elements: [Any]) -> Bool {
        elements.contains { ($0 as AnyObject) === loadingElement }
    }
}

/// The app's collection-view layout, held while a skeleton's layout replaces it.
final class StrongLayout {
    var layout: UICollectionViewLayout?

    init(_ layout: UICollectionViewLayout) { self.layout = layout }
}

/// An object held weakly.
final class WeakObject {
    weak var object: AnyObject?

    init(_ object: AnyObject?) { self.object = object }
}

/// The one element VoiceOver finds where the skeleton's rows are: "Loading" (or the
/// configuration's label), framed over the rows.
final class SkeletonLoadingElement: UIAccessibilityElement {
    private weak var container: UIScrollView?
    private let frame: @MainActor (UIScrollView) -> CGRect

    init(container: UIScrollView, label: String, frame: @escaping @MainActor (UIScrollView) -> CGRect) {
        self.container = container
        self.frame = frame
        super.init(accessibilityContainer: container)
        accessibilityLabel = label
    }

    /// In the container's own coordinates (UIAccessibilityElement, iOS 10): UIKit converts
    /// them to the screen as the view scrolls.
    override var accessibilityFrameInContainerSpace: CGRect {
        get { container.map(frame) ?? .zero }
        set {}
    }

    /// A table's rows: from the bottom of the header to the top of the footer, or over the
    /// visible height.
    static func frame(inTable view: UIScrollView) -> CGRect {
        guard let table = view as? UITableView else { return frame(inScrollView: view) }
        let top = table.tableHeaderView?.frame.maxY ?? 0
        let visibleBottom = table.bounds.minY + table.bounds.height - table.adjustedContentInset.bottom
        let bottom = table.tableFooterView.map { max(top, $0.frame.minY) } ?? max(top, visibleBottom)
        return CGRect(x: 0, y: top, width: table.bounds.width, height: max(bottom - top, 1))
    }

    /// A collection view's items: its visible bounds, less the adjusted content insets.
    static func frame(inScrollView view: UIScrollView) -> CGRect {
        let visible = view.bounds.inset(by: view.adjustedContentInset)
        return CGRect(x: visible.minX, y: visible.minY, width: max(visible.width, 1), height: max(visible.height, 1))
    }
}
#endif
