#if canImport(UIKit)
import UIKit
import ObjectiveC

/// Everything this package keeps for one collection view: its size caches and, as the
/// collection-view features land, its templates and what it last read of the view's traits.
/// Attached lazily as an associated object, so it lives exactly as long as the view.
///
/// One ``TableHeightCache`` serves every item: it holds one length per item, the one
/// measured along the free dimension, per ``LayoutContext``. Items of one collection view
/// are measured at several fixed lengths at once (a full-width list section beside a grid,
/// chips of a fixed height), so each request switches the caches to its own context;
/// updates move every kept context's lengths, so a switch back hits the right items.
@MainActor
final class CollectionLayoutState {
    /// The engine: caches, measuring rule, statistics, log. Eight contexts, not a table's
    /// four: a screen of lists, grids and chips uses several at once, before rotation
    /// doubles them.
    let sizes = TableHeightCache(contextLimit: 8)
    /// The view's length across the fixed dimension when each flow-layout item was last
    /// fitted: a flow layout proposes kept sizes, so a cached size is answered only at the
    /// view length it was fitted at (see `CollectionLayoutState+SelfSizing.swift`).
    var flowFitViewLengths: [FlowFit: CGFloat] = [:]
    /// An item's fit in a flow layout: its key in a layout context.
    struct FlowFit: Hashable {
        var context: LayoutContext
        var key: HeightCacheKey
    }
    /// Misuse (an unregistered identifier, a cell of the wrong class) asserts in debug
    /// builds, as for tables; tests of that misuse turn this off to see the fallback.
    var assertsOnMisuse = true
    /// The collection view this state belongs to (which holds it).
    private(set) weak var collectionView: UICollectionView?
    private var reportedOnce: Set<String> = []
    /// Requests to the layout on the next turn (see `askForSizesAgain(at:because:)`).
    private(set) lazy var sizeRequests = CollectionSizeRequests(state: self)
    /// Whether the window is being resized, and the end of a resize.
    let resizeWatch = SceneResizeWatch()
    /// The observed reads of measurements, while `fd_invalidatesSizesOnObservedChanges` is on.
    var observedSizes: ObservedHeights?

    /// The kept templates, per kind and identifier or class (see
    /// `CollectionLayoutState+Templates.swift`).
    var templates: [CollectionTemplateKey: CollectionTemplate] = [:]
    /// The kept templates being measured now: a configure closure asking another size of the
    /// same identifier gets a view of its own (as for tables, review 18, F3).
    var templatesInUse: Set<ObjectIdentifier> = []
    /// The text size and weight the templates were made at; below iOS 17 a changed one
    /// drops them.
    var templatesTraits: (category: LayoutContext.ContentSizeCategory, weight: LayoutContext.LegibilityWeight)?
    /// The data source last checked for being diffable, held weakly (see
    /// `mayCacheByIndexPath(in:)`).
    weak var checkedDataSource: AnyObject?
    var checkedDataSourceIsDiffable = false
    /// The idle precache, once `fd_precacheEnabled` has been set.
    var precacheDriver: IdlePrecacheDriver?
    /// Batch fetching, while `fd_setBatchFetching` is on.
    var batchFetcher: BatchFetcher?

    /// Creates the state of `collectionView`, installing the registration tracking if the
    /// launch-time loader did not (see ``RegistrationTracking``).
    init(collectionView: UICollectionView) {
        self.collectionView = collectionView
        CollectionUpdateTracking.installIfNeeded()
        RegistrationTracking.installIfNeeded()
        // A size measured while the caches changed was answered uncached; the layout keeps
        // what it was given until asked again (review 19c, F7).
        sizes.heightChangedWhileMeasured = { [weak self] in
            MainActor.assumeIsolated { self?.askForSizesAgain(at: nil, because: "a size was measured while the view changed") }
        }
    }

    /// Switches the caches to the context of a request fixing `dimension` at `length`
    /// points, with the view's scale, text size, text weight and editing state, tells them
    /// whether the window is being resized, applies the observed edits made on the main
    /// thread this turn, and returns that context: what every request does before it reads
    /// a cache.
    @discardableResult
    func switchContext(fixing dimension: LayoutContext.FixedDimension, length: CGFloat) -> LayoutContext {
        guard let view = collectionView else { return .unmeasured }
        let traits = view.traitCollection
        let context = LayoutContext(
            fixing: dimension, length: length, displayScale: Self.displayScale(of: view),
            contentSizeCategory: LayoutContext.ContentSizeCategory(rawValue: traits.preferredContentSizeCategory.rawValue),
            isEditing: view.isEditing, legibilityWeight: TableGeometryReader.legibilityWeight(of: view))
        let resizing = resizeWatch.isResizing(view)
        sizes.switchContext(to: context)
        // After the switch: the context a resize ends in is the one whose sizes are recorded.
        sizes.isResizingInteractively = resizing
        applyObservedChangesMadeOnMainThread()
        return context
    }

    /// Pixels per point, as for tables (see `TableGeometryReader`): the trait collection's,
    /// else the window's screen's, else the main screen's.
    static func displayScale(of view: UIView) -> CGFloat {
        let traits = view.traitCollection.displayScale
        if traits > 0 { return traits }
        if let screen = view.window?.screen, screen.scale > 0 { return screen.scale }
        return UIScreen.main.scale
    }

    /// Called on every reload and item or section update (the update tracking): items the
    /// precache planned may be other items now, and a pass running stops; observed trackings
    /// by index path retire.
    func itemsDidChange(moved: Bool = true) {
        precacheDriver?.contentDidChange()
        observedItemsDidChange()
        sizeRequests.itemsMayHaveMoved()
        // Fits recorded by index path name other items now (review 19i, I4); the next ask of
        // each fits it once more. A reconfigure moves nothing (19k, K4).
        guard moved else { return }
        flowFitViewLengths = flowFitViewLengths.filter { if case .indexPath = $0.key.key { return false } else { return true } }
    }

    /// Reports misuse to the log and, while ``assertsOnMisuse`` is on, asserts (debug
    /// builds only, as `assertionFailure` does), as for tables.
    func reportMisuse(_ message: String) {
        sizes.log.problem(message)
        if assertsOnMisuse { assertionFailure("TemplateLayoutCell: \(message)") }
    }

    /// Reports a problem to the log the first time `topic` comes up for this view.
    func reportOnce(_ topic: String, _ message: String) {
        guard reportedOnce.insert(topic).inserted else { return }
        sizes.log.problem(message)
    }
}

extension UICollectionView {
    /// This collection view's state, made on first use.
    var collectionLayoutState: CollectionLayoutState {
        if let state = existingCollectionLayoutState { return state }
        let state = CollectionLayoutState(collectionView: self)
        objc_setAssociatedObject(self, AssociationKeys.collectionState, state, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return state
    }

    /// This collection view's state if anything has used it; hooks ask this so that views
    /// that never use the package pay one lookup and nothing else.
    var existingCollectionLayoutState: CollectionLayoutState? {
        objc_getAssociatedObject(self, AssociationKeys.collectionState) as? CollectionLayoutState
    }
}
#endif
