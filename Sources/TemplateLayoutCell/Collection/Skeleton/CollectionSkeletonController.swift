#if canImport(UIKit)
import UIKit

/// Stands in for a collection view's data source and delegate while its skeleton shows, as
/// `SkeletonController` does for a table: the sections, items, sizes and cells come from
/// the skeleton plan, so the app's own methods are never asked about items that do not
/// exist yet, and UIKit's item-count checks hold against counts that do not change while it
/// is the data source.
///
/// Cells are dequeued inside `collectionView(_:cellForItemAt:)`, the one place UIKit allows
/// it, from the classes or nibs the app registered. A flow layout gets each item's size from
/// the plan through `collectionView(_:layout:sizeForItemAt:)`, and no headers or footers
/// (the app's supplementary views are for the app's sections); its insets and spacing are
/// its own properties, as the plan read them. Scroll-view delegate calls still reach the
/// app's delegate; collection-view ones do not.
///
/// The items are planned again when a section first has a measurable context (a skeleton
/// shown before the view had a width has no items until then), when a context changes (a
/// rotation, a text-size change), and when the visible length grows past what is filled.
/// The placeholder closure is let go of as for tables (``SkeletonPlaceholderWatch``).
@MainActor
final class CollectionSkeletonController: SkeletonDelegateStandIn, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    private(set) var configuration: CollectionSkeletonConfiguration
    /// The items and sizes; planned again when the view's geometry moves on.
    private(set) var plan: SkeletonItemPlan
    private weak var collectionView: UICollectionView?
    private weak var originalDataSource: UICollectionViewDataSource?
    private weak var originalDelegate: UICollectionViewDelegate?
    /// Prefetching, drag and drop, and accessibility, set aside while attached.
    private let setAside: SkeletonSetAside
    /// Decorates the cells, maps their parts, cleans them on detach.
    private let painter: SkeletonCellPainter
    /// Reduce Motion, background and foreground while attached.
    private var systemChanges: SkeletonSystemChanges?
    /// In the view while attached, to hear it resize, and leave or enter its window.
    private var watcher: SkeletonViewWatcher?
    /// Lets go of the placeholder once the view's screen is gone.
    private var placeholderWatch: SkeletonPlaceholderWatch?
    /// Whether planning again is queued for the next main-queue turn.
    private var isReplanQueued = false

    /// The flow layout the items are laid out with in place of the app's non-flow layout
    /// (``CollectionSkeletonLayout``); `nil` over a flow layout, which stays.
    let skeletonLayout: CollectionSkeletonFlowLayout?
    /// Reuse kinds of the blank supplementary views registered (see
    /// `collectionView(_:viewForSupplementaryElementOfKind:at:)`).
    private var blankSupplementaryKinds: Set<String> = []

    init(
        collectionView: UICollectionView, configuration: CollectionSkeletonConfiguration, plan: SkeletonItemPlan,
        skeletonLayout: CollectionSkeletonFlowLayout? = nil
    ) {
        self.collectionView = collectionView
        self.configuration = configuration
        self.plan = plan
        self.skeletonLayout = skeletonLayout
        self.originalDataSource = collectionView.dataSource
        self.originalDelegate = collectionView.delegate
        self.setAside = SkeletonSetAside(
            collectionView: collectionView, accessibilityLabel: configuration.accessibilityLabel, skeletonLayout: skeletonLayout,
            onLayoutKept: { [weak collectionView] in
                collectionView?.collectionLayoutState.sizes.log.problem(
                    "skeleton: the collection view's layout was replaced while the skeleton showed; keeping the new one")
            })
        self.painter = SkeletonCellPainter(appearance: configuration.appearance, layoutCache: configuration.layoutCache)
        super.init()
        scrollForwardee.object = collectionView.delegate
    }

    /// Takes the view over: its data source, delegate, and what ``SkeletonSetAside`` sets
    /// aside (prefetching, drag and drop, accessibility).
    func attach() {
        guard let collectionView else { return }
        collectionView.dataSource = self
        collectionView.delegate = self
        setAside.apply(to: collectionView)
        // VoiceOver reads the view's elements again: "Loading".
        UIAccessibility.post(notification: Self.layoutChanged, argument: nil)
        let systemChanges = SkeletonSystemChanges(painter: painter) { [weak self] in
            (self?.collectionView?.window?.windowScene).map(ObjectIdentifier.init)
        }
        systemChanges.start()
        self.systemChanges = systemChanges
        let placeholderWatch = SkeletonPlaceholderWatch(view: collectionView) { [weak self] in self?.dropPlaceholder() }
        self.placeholderWatch = placeholderWatch
        let watcher = SkeletonViewWatcher(view: collectionView)
        watcher.onResize = { [weak self] in self?.viewDidResize() }
        watcher.onLeaveWindow = { [weak self] in
            guard let self, self.configuration.placeholder != nil else { return }
            self.placeholderWatch?.viewLeftWindow()
        }
        watcher.onEnterWindow = { [weak self] in
            self?.placeholderWatch?.stop()
            self?.skeletonDidLayOut()
        }
        collectionView.addSubview(watcher)
        self.watcher = watcher
        if collectionView.window == nil, configuration.placeholder != nil { placeholderWatch.viewIsNotInAWindowYet() }
    }

    /// Lets go of the placeholder closure (see the type's comment).
    func dropPlaceholder() {
        guard configuration.placeholder != nil else { return }
        configuration.placeholder = nil
        painter.placeholderWasDropped = true
        collectionView?.existingCollectionLayoutState?.sizes.log.trace("skeleton: the collection view's screen went away; placeholder configuration released")
    }

    /// Gives the view back and cleans every cell that showed a skeleton. What the app set on
    /// the view while the skeleton showed is kept, with a debug message.
    func detach() {
        systemChanges?.stop()
        systemChanges = nil
        configuration.placeholder = nil
        placeholderWatch?.stop()
        placeholderWatch = nil
        watcher?.onResize = nil
        watcher?.onLeaveWindow = nil
        watcher?.onEnterWindow = nil
        watcher?.removeFromSuperview()
        watcher = nil
        painter.undecorateAll()
        scrollForwardee.object = nil
        guard let collectionView else { return }
        let log = collectionView.collectionLayoutState.sizes.log
        if collectionView.dataSource === self {
            collectionView.dataSource = originalDataSource
        } else {
            log.problem("skeleton: the collection view's data source was replaced while the skeleton showed; keeping the new one")
        }
        if collectionView.delegate === self {
            collectionView.delegate = originalDelegate
        } else {
            log.problem("skeleton: the collection view's delegate was replaced while the skeleton showed; keeping the new one")
        }
        setAside.restore(on: collectionView)
        UIAccessibility.post(notification: Self.layoutChanged, argument: nil)
    }

    // MARK: Geometry changes

    /// The view may have a new geometry: an overlay's size or text size changed, the view was
    /// resized or entered a window, its adjusted insets changed, or UIKit asked for a cell.
    /// If the plan no longer holds, the items are planned again on the next main-queue turn,
    /// outside UIKit's layout pass.
    func skeletonDidLayOut() {
        guard !isReplanQueued, let collectionView, collectionView.existingCollectionSkeletonState?.skeleton === self else { return }
        let state = collectionView.collectionLayoutState
        let geometry = collectionView.skeletonGeometry(of: configuration.sections, state: state)
        let decision = plan.replanning(
            in: geometry.contexts, viewportLength: geometry.viewportLength, isResizingInteractively: state.sizes.isResizingInteractively)
        guard decision == .replan else { return }
        isReplanQueued = true
        // Not inside one of the package's calls: replanning reloads the view.
        LiveCalls.onLaterTurn { [weak self] in self?.replanIfNeeded() }
    }

    private func viewDidResize() {
        if let collectionView { setAside.refreshAccessibilityElements(of: collectionView) }
        skeletonDidLayOut()
    }

    /// Plans the items in the view's current geometry and reloads them, when the plan no
    /// longer holds there.
    func replanIfNeeded() {
        isReplanQueued = false
        guard let collectionView, collectionView.existingCollectionSkeletonState?.skeleton === self else { return }
        let state = collectionView.collectionLayoutState
        let geometry = collectionView.skeletonGeometry(of: configuration.sections, state: state)
        let decision = plan.replanning(
            in: geometry.contexts, viewportLength: geometry.viewportLength, isResizingInteractively: state.sizes.isResizingInteractively)
        guard decision == .replan else { return }
        state.sizes.log.trace("skeleton: planning the items again, \(geometry.viewportLength) pt visible")
        let newPlan = collectionView.planSkeleton(configuration, state: state)
        // Planning ran the app's placeholder code, which may have hidden the skeleton.
        guard collectionView.existingCollectionSkeletonState?.skeleton === self else { return }
        plan = newPlan
        setAside.refreshAccessibilityElements(of: collectionView)
        collectionView.reloadKeepingIndexPathSizes()
    }

    // MARK: Data source

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        plan.numberOfSections
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        plan.numberOfItems(inSection: section)
    }

    /// The app's index titles (``SkeletonItemPlan/indexTitles(appTitles:)``): UIKit asks the
    /// data source after each reload, and a stand-in answering none would take the index bar
    /// away while the skeleton shows (the tables' twin: SkeletonController).
    func indexTitles(for collectionView: UICollectionView) -> [String]? {
        plan.indexTitles(appTitles: originalDataSource?.indexTitles?(for: collectionView))
    }

    /// A tap on an index title goes where the app says, moved to an item the skeleton has
    /// (``SkeletonItemPlan/indexPath(forIndexTitleAt:appAnswer:)``): UIKit scrolls to the
    /// index path answered, and the skeleton may have fewer items than the app.
    func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        plan.indexPath(
            forIndexTitleAt: index,
            appAnswer: originalDataSource?.collectionView?(collectionView, indexPathForIndexTitle: title, at: index))
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        // Only index paths the plan has are asked for (its counts), and only sections whose
        // identifier is not known to be unregistered have items (planSkeleton).
        let section = configuration.sections[indexPath.section]
        // Inside cellForItemAt, as UIKit requires ("Avoid dequeuing views without a request
        // from the collection view", iOS 18).
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: section.identifier, for: indexPath)
        let decoration = painter.prepare(cell)
        configuration.placeholder?(cell)
        // The app's code may have hidden the skeleton meanwhile: this cell is left plain.
        guard collectionView.existingCollectionSkeletonState?.skeleton === self else { return cell }
        let state = collectionView.collectionLayoutState
        let planned = plan.sections[indexPath.section].context
        // Mapped at the planned size, the one the flow layout gives it, so the parts sit on
        // the content; other layouts size the cell themselves, and the overlay follows.
        if let size = plan.size(at: indexPath), size.width > 0, size.height > 0 {
            cell.bounds.size = size
        }
        cell.layoutIfNeeded()
        let direction: SkeletonLayoutDirection = cell.effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        // Named apart from a table's cell of the same identifier, which an app sharing one
        // layout cache between a table and a collection view may have (review 19d, P2).
        let key = SkeletonLayoutKey(identifier: "UICollectionView/" + section.identifier, context: planned, direction: direction)
        painter.paint(
            cell, decoration: decoration, key: key, log: state.sizes.log,
            isResizingInteractively: state.sizes.isResizingInteractively) { [weak self] in self?.skeletonDidLayOut() }
        // A first cell after a layout: the view may have its size only now.
        skeletonDidLayOut()
        return cell
    }

    /// Only asked when the app set a layout with supplementary items while the skeleton
    /// showed (its own flow layout asks for none): a blank view of a kind registered here,
    /// rather than UIKit's exception for a data source without this method. The app's
    /// registrations are for its own sections, and are left alone.
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        if blankSupplementaryKinds.insert(kind).inserted {
            collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.blankIdentifier)
        }
        // Inside the data source's request, as UIKit requires of a dequeue (iOS 18).
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.blankIdentifier, for: indexPath)
    }

    /// The reuse identifier of the blank supplementary views.
    private static let blankIdentifier = "TemplateLayoutCell.SkeletonBlankSupplementaryView"

    // MARK: Delegate

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        if let size = plan.size(at: indexPath) { return size }
        return (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }

    /// No headers: UIKit would ask this data source for the app's supplementary views.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        .zero
    }

    /// No footers, as for headers.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
        .zero
    }

    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        false
    }

    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        false
    }

    /// The visible length may have changed (bars, a keyboard): UIKit calls this after the
    /// adjusted content inset changes (UIScrollViewDelegate, iOS 11). Implemented here, so
    /// passed on to the app's delegate by hand.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
        forwardAdjustedContentInsetChange(of: scrollView)
        skeletonDidLayOut()
    }

    /// `UIAccessibility.Notification.layoutChanged` (1001): the SDK's static property is not
    /// concurrency-safe in Swift 6, its value is ABI.
    private static let layoutChanged = UIAccessibility.Notification(rawValue: 1001)
}
#endif
