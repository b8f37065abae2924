#if canImport(UIKit)
import UIKit

extension UICollectionView {
    /// Whether the sizes of the items ahead are computed during run-loop idle time, before the
    /// user scrolls to them. Off by default.
    ///
    /// The table's idle precache (``UIKit/UITableView/fd_precacheEnabled``) along the layout's
    /// scroll axis: down a vertical layout, toward the right of a horizontal one (toward the
    /// left when the layout flips for a right-to-left interface). The same rules: passes
    /// after Core Animation's commit, within the frame's spare time; Texture's preload ranges
    /// (2.5 screens ahead in the scroll direction, 1.5 behind); paused while a finger
    /// tracks, during pull-to-refresh, while a batch of updates is open, during a view
    /// controller transition, when the view is hidden or its scene in the background, and
    /// after a memory warning until the app comes back from the background. Each pass asks
    /// the data source for its counts and is skipped while they differ from the view's; a
    /// pass stops when the view reloads or updates inside one of its measurements.
    ///
    /// Items are measured by calling the delegate's
    /// `collectionView(_:layout:sizeForItemAt:)`, where apps ask ``fd_size(identifier:fittingWidth:cacheBy:configure:)-(_,_,IndexPath,_)``
    /// and its siblings, so precaching changes when a size is computed, never its value.
    /// Without that method (self-sizing layouts, compositional layouts sized by the cells)
    /// there is nothing to call: nothing is precached, and the debug log says so once. The
    /// distance ahead is counted in lines, not items: items that share a line (a grid's
    /// columns) count once. Orthogonally scrolling sections of a compositional layout are
    /// planned along the main axis only, in item order; nothing follows their own scrolling.
    ///
    /// Bad input: none; on a view whose delegate has no size method it does nothing.
    ///
    /// - Complexity: a plan costs O(items in the preload range) per idle pass, whatever the
    ///   view's size.
    public var fd_precacheEnabled: Bool {
        get { existingCollectionLayoutState?.precacheDriver?.isEnabled ?? false }
        set {
            // Turning off what was never on creates no state (and installs no hooks).
            guard newValue || existingCollectionLayoutState != nil else { return }
            let state = collectionLayoutState
            // The driver forgets its plan on reloads and updates, which the update tracking
            // sees (`itemsDidChange()`): creating the state installed it.
            if newValue, state.precacheDriver == nil { state.precacheDriver = IdlePrecacheDriver(host: self) }
            state.precacheDriver?.isEnabled = newValue
        }
    }
}

/// The viewport and layout a collection view's precache plan depends on.
private struct CollectionPrecachePlanContext: Hashable {
    var axis: ScrollAxisReading
    var boundsWidth: CGFloat
    var boundsHeight: CGFloat
    var layout: ObjectIdentifier
    var contentSizeCategory: String
}

extension UICollectionView: IdlePrecacheHost {
    var precacheAxis: ScrollAxisReading { scrollAxisReading }

    var precacheHasUpdatesInFlight: Bool {
        collectionLayoutState.sizes.indexPaths.hasOpenBatch || existingCollectionSkeletonState?.gate.isHolding == true
    }

    /// The skeleton's delegate answers sizes while it shows: precaching would measure its
    /// items for nothing.
    var precacheIsShowingSkeleton: Bool { existingCollectionSkeletonState?.skeleton != nil }

    func precacheMeasurement() -> ((IndexPath) -> Void)? {
        let selector = #selector(UICollectionViewDelegateFlowLayout.collectionView(_:layout:sizeForItemAt:))
        // A flow layout asks this optional method of its delegate when it responds
        // (UICollectionViewDelegateFlowLayout docs); so does the precache, through the protocol.
        guard let delegate = delegate as? UICollectionViewDelegateFlowLayout, delegate.responds(to: selector) else {
            collectionLayoutState.reportOnce(
                "precache without sizes",
                "fd_precacheEnabled is on, but this collection view's delegate has no collectionView(_:layout:sizeForItemAt:) " +
                    "(a self-sizing layout): there is nothing to call ahead of time, and nothing is precached")
            return nil
        }
        // Only a flow layout calls it: under any other the app's method is leftover or shared
        // code UIKit never runs, which may cast the layout to a flow layout (review 19q, Q1).
        guard let layout = collectionViewLayout as? UICollectionViewFlowLayout else {
            collectionLayoutState.reportOnce(
                "precache without a flow layout",
                "fd_precacheEnabled is on, but this collection view's layout is not a flow layout, which alone asks " +
                    "collectionView(_:layout:sizeForItemAt:): nothing is precached")
            return nil
        }
        return { indexPath in _ = delegate.collectionView?(self, layout: layout, sizeForItemAt: indexPath) }
    }

    func precachePlanContext() -> AnyHashable {
        AnyHashable(CollectionPrecachePlanContext(
            axis: scrollAxisReading, boundsWidth: bounds.width, boundsHeight: bounds.height, layout: ObjectIdentifier(collectionViewLayout),
            contentSizeCategory: traitCollection.preferredContentSizeCategory.rawValue))
    }

    /// Sorted: UIKit gives the visible items in no particular order (UICollectionView.h).
    var precacheVisibleIndexPaths: [IndexPath] { indexPathsForVisibleItems.sorted() }

    func precacheShapeAgreement() -> TableShapeAgreement? {
        guard let dataSource else { return nil }
        // UIKit counts one section when the data source does not say (the method is optional).
        let sections = dataSource.numberOfSections?(in: self) ?? 1
        let fromDataSource = TableShape(sectionCount: sections) { dataSource.collectionView(self, numberOfItemsInSection: $0) }
        let fromView = TableShape(sectionCount: numberOfSections) { self.numberOfItems(inSection: $0) }
        return TableShapeAgreement(dataSource: fromDataSource, table: fromView)
    }

    /// The item's advance along the axis beyond the item before it in its section
    /// (``ItemAdvance``), from the frames the layout has now (a flow layout places every item
    /// in `prepare()`); the layout's fallback length when it has no frame.
    func precacheLength(at indexPath: IndexPath) -> CGFloat {
        let axis = scrollAxisReading
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
            return fallbackLength(along: axis.dimension, kind: .cell)
        }
        let previous = indexPath.item > 0
            ? collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: indexPath.item - 1, section: indexPath.section))?.frame
            : nil
        return ItemAdvance.length(end: Self.end(of: frame, along: axis), previousEnd: previous.map { Self.end(of: $0, along: axis) },
                                  length: axis.axis == .vertical ? frame.height : frame.width)
    }

    /// Where `frame` ends along the axis, read from its start: a reversed axis reads leftward,
    /// so its end is the negated left edge (differences are all the advance needs).
    private static func end(of frame: CGRect, along axis: ScrollAxisReading) -> CGFloat {
        switch axis.axis {
        case .vertical: return frame.maxY
        case .horizontal: return axis.isReversed ? -frame.minX : frame.maxX
        }
    }

    func precacheHasCachedLength(at indexPath: IndexPath) -> Bool {
        // In the context of the latest request: a view sized at one fixed length (a grid's
        // column width, a row's height) asks in that one. Another context only costs a hit.
        collectionLayoutState.sizes.indexPaths.containsHeight(at: indexPath)
    }

    var precacheLog: DebugLog { collectionLayoutState.sizes.log }
    var precacheItemName: String { "item" }
}
#endif
