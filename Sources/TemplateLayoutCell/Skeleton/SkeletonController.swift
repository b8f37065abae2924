#if canImport(UIKit)
import UIKit
import ObjectiveC

/// Stands in for a table's data source and delegate while its skeleton shows: the rows,
/// heights and cells come from the skeleton plan, so the app's own methods are never asked
/// about rows that do not exist yet. Its counts are the plan's, which never change while it
/// is the data source, so UIKit's checks of row counts always hold against it.
///
/// Scroll-view delegate calls (`scrollViewDidScroll(_:)` and the like) still reach the app's
/// delegate, so navigation bars and pull-to-refresh keep working; table-specific ones do not.
/// If the app's delegate goes away meanwhile, they go nowhere (``SkeletonScrollDelegateSink``).
///
/// The rows are planned again (``SkeletonReplanDecision``) when the table first has a
/// measurable context, and when its width or visible height changes: a skeleton shown from
/// `viewDidLoad` fills the screen once the table is laid out.
///
/// The placeholder closure is let go of on detach, and when the table's screen leaves its
/// view-controller hierarchy (``SkeletonPlaceholderWatch``): it often captures the view
/// controller, which owns the table, which owns this; so a screen popped while loading is
/// not kept alive by its own skeleton. Rows mapped after that are mapped without it.
@MainActor
final class SkeletonController: NSObject, UITableViewDataSource, UITableViewDelegate {
    private(set) var configuration: SkeletonConfiguration
    /// The rows and heights; planned again when the table's layout context changes.
    private(set) var plan: SkeletonRowPlan
    private weak var table: UITableView?
    private weak var originalDataSource: UITableViewDataSource?
    private weak var originalDelegate: UITableViewDelegate?
    /// Prefetching, drag and drop, and accessibility, set aside while attached.
    private let setAside: SkeletonSetAside
    /// Every cell given an overlay, with what it was before, so each is cleaned when the
    /// skeleton hides, including those sitting in the reuse queue, which would otherwise
    /// come back with a skeleton over real content. Weak keys: a cell UIKit let go of needs
    /// no cleaning.
    private let decoratedCells = NSMapTable<UITableViewCell, SkeletonCellDecoration>.weakToStrongObjects()
    /// In the table while attached, to hear it resize, and leave or enter its window.
    private var tableWatcher: SkeletonTableWatcher?
    /// Lets go of the placeholder once the table's screen is gone.
    private var placeholderWatch: SkeletonPlaceholderWatch?
    /// Whether planning again is queued for the next main-queue turn.
    private var isReplanQueued = false
    /// Layouts used during this show, by key: mapped here, or found in the shared cache.
    private var mappedLayouts: [SkeletonLayoutKey: SkeletonLayout] = [:]
    /// Whether ``dropPlaceholder()`` let the placeholder go: cells mapped after that are
    /// not stored in the shared layout cache.
    private var placeholderWasDropped = false
    /// The keys whose load this show counted in the layout cache: each once.
    private var recordedLoads: Set<SkeletonLayoutKey> = []
    /// The app's delegate, for forwarding scroll-view calls; readable off the main actor.
    private nonisolated let scrollForwardee = LockedWeakReference()
    /// Notification observers while attached; removed on detach, or when this goes away.
    private nonisolated let observers = ObserverTokens()

    init(table: UITableView, configuration: SkeletonConfiguration, plan: SkeletonRowPlan) {
        self.table = table
        self.configuration = configuration
        self.plan = plan
        self.originalDataSource = table.dataSource
        self.originalDelegate = table.delegate
        self.setAside = SkeletonSetAside(table: table, accessibilityLabel: configuration.accessibilityLabel)
        super.init()
        scrollForwardee.object = table.delegate
    }

    deinit {
        observers.removeAll()
    }

    /// Takes the table over: its data source, delegate, and what ``SkeletonSetAside`` sets
    /// aside (prefetching, drag and drop, accessibility).
    func attach() {
        guard let table else { return }
        table.dataSource = self
        table.delegate = self
        setAside.apply(to: table)
        // VoiceOver reads the table's elements again: header, "Loading", footer.
        UIAccessibility.post(notification: Self.layoutChanged, argument: nil)
        observeSystemChanges()
        let placeholderWatch = SkeletonPlaceholderWatch(table: table) { [weak self] in self?.dropPlaceholder() }
        self.placeholderWatch = placeholderWatch
        let watcher = SkeletonTableWatcher(table: table)
        watcher.onResize = { [weak self] in self?.tableDidResize() }
        watcher.onLeaveWindow = { [weak self] in
            guard let self, self.configuration.placeholder != nil else { return }
            self.placeholderWatch?.tableLeftWindow()
        }
        watcher.onEnterWindow = { [weak self] in
            self?.placeholderWatch?.stop()
            self?.skeletonDidLayOut()
        }
        table.addSubview(watcher)
        tableWatcher = watcher
        // Shown on a screen not in a window yet (viewDidLoad): if it is never shown, nothing
        // would ever let the placeholder, and the screen it captures, go.
        if table.window == nil, configuration.placeholder != nil { placeholderWatch.tableIsNotInAWindowYet() }
    }

    /// Lets go of the placeholder closure (see the type's comment).
    func dropPlaceholder() {
        guard configuration.placeholder != nil else { return }
        configuration.placeholder = nil
        placeholderWasDropped = true
        table?.existingLayoutState?.heights.log.trace("skeleton: the table's screen went away; placeholder configuration released")
    }

    /// Gives the table back and cleans every cell that showed a skeleton. What the app set
    /// on the table while the skeleton showed (a new data source, delegate or prefetch data
    /// source) is kept, with a debug message, rather than overwritten by what it had before.
    func detach() {
        observers.removeAll()
        configuration.placeholder = nil
        placeholderWatch?.stop()
        placeholderWatch = nil
        tableWatcher?.onResize = nil
        tableWatcher?.onLeaveWindow = nil
        tableWatcher?.onEnterWindow = nil
        tableWatcher?.removeFromSuperview()
        tableWatcher = nil
        for cell in decoratedCells.keyEnumerator().allObjects.compactMap({ $0 as? UITableViewCell }) {
            if let decoration = decoratedCells.object(forKey: cell) {
                decoration.undecorate(cell)
            } else {
                SkeletonCellDecoration.removeOverlay(from: cell)
            }
        }
        decoratedCells.removeAllObjects()
        scrollForwardee.object = nil
        guard let table else { return }
        let state = table.layoutState
        if table.dataSource === self {
            table.dataSource = originalDataSource
        } else {
            state.heights.log.problem("skeleton: the table's data source was replaced while the skeleton showed; keeping the new one")
        }
        if table.delegate === self {
            table.delegate = originalDelegate
        } else {
            state.heights.log.problem("skeleton: the table's delegate was replaced while the skeleton showed; keeping the new one")
        }
        setAside.restore(on: table)
        UIAccessibility.post(notification: Self.layoutChanged, argument: nil)
    }

    // MARK: System changes

    private func observeSystemChanges() {
        let center = NotificationCenter.default
        // Queue .main: each block runs on the main thread, whoever posts.
        observers.add(center.addObserver(forName: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.rebuildLayers() }
        })
        // The whole app: UIKit posts these with scenes or without ("regardless of whether
        // your app uses scenes", applicationDidEnterBackground docs).
        observers.add(center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.pauseAnimations(onSceneWith: nil) }
        })
        observers.add(center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.restartAnimations(onSceneWith: nil) }
        })
        // One scene (the notification's object) of an app with several: only this table's
        // own scene matters. Matched when posted rather than registered with `object:`, since
        // the table may enter a window, or another scene's, after the skeleton shows.
        observers.add(center.addObserver(forName: UIScene.didEnterBackgroundNotification, object: nil, queue: .main) { [weak self] note in
            let scene = (note.object as AnyObject?).map(ObjectIdentifier.init)
            MainActor.assumeIsolated { self?.pauseAnimations(onSceneWith: scene) }
        })
        observers.add(center.addObserver(forName: UIScene.willEnterForegroundNotification, object: nil, queue: .main) { [weak self] note in
            let scene = (note.object as AnyObject?).map(ObjectIdentifier.init)
            MainActor.assumeIsolated { self?.restartAnimations(onSceneWith: scene) }
        })
    }

    /// Reduce Motion changed while the skeleton shows: the layers are made again, since a
    /// shimmer's gradient layers and a solid or pulsing style's plain layers differ.
    func rebuildLayers() {
        for cell in decoratedCells.keyEnumerator().allObjects.compactMap({ $0 as? UITableViewCell }) {
            Self.overlay(in: cell)?.rebuild()
        }
    }

    /// Stops every overlay's animation: the app went to the background (`scene` nil), or
    /// `scene` did and it is the table's. A scene offscreen shows nothing worth animating.
    func pauseAnimations(onSceneWith scene: ObjectIdentifier?) {
        if let scene, tableScene != scene { return }
        for cell in decoratedCells.keyEnumerator().allObjects.compactMap({ $0 as? UITableViewCell }) {
            Self.overlay(in: cell)?.pauseAnimation()
        }
    }

    /// Starts every overlay's animation again: the table's scene came back (`scene`), or the
    /// app did (`scene` nil). On the app's return every table restarts, even one whose scene
    /// stays in the background: which scene comes back, and whether its state has changed
    /// yet, is not known then, and a skeleton frozen on screen is worse than one animating
    /// offscreen.
    func restartAnimations(onSceneWith scene: ObjectIdentifier?) {
        if let scene, tableScene != scene { return }
        for cell in decoratedCells.keyEnumerator().allObjects.compactMap({ $0 as? UITableViewCell }) {
            Self.overlay(in: cell)?.restartAnimations()
        }
    }

    /// The scene of a table's window, if it is in one; tests replace it to stand an object in
    /// for a scene (package tests run without a host app, so without a connected scene).
    static var sceneOfTable: (UITableView) -> AnyObject? = { $0.window?.windowScene }

    /// The scene of the table's window, if it is in one.
    private var tableScene: ObjectIdentifier? {
        table.flatMap(Self.sceneOfTable).map(ObjectIdentifier.init)
    }

    // MARK: Layout context changes

    /// The table may have a new layout context or visible height: an overlay's size or text
    /// size changed (a rotation, a resized window, Dynamic Type), the table was resized or
    /// entered a window, its adjusted insets changed, or UIKit asked for a cell. If the plan
    /// no longer holds, the rows are planned again on the next main-queue turn, outside
    /// UIKit's layout pass; during an interactive window resize, once it ends.
    func skeletonDidLayOut() {
        guard !isReplanQueued, let table, let state = table.existingLayoutState, state.skeleton === self else { return }
        checkPlan(in: state.refreshGeometry(of: table), table: table, state: state)
    }

    /// The table's size changed: its header or footer may have moved too.
    private func tableDidResize() {
        if let table { setAside.refreshAccessibilityElements(of: table) }
        skeletonDidLayOut()
    }

    /// The interactive window resize ended: the rows put off during it are planned now.
    func sceneResizeDidEnd() {
        skeletonDidLayOut()
    }

    private func checkPlan(in geometry: TableGeometry, table: UITableView, state: TableLayoutState) {
        guard !isReplanQueued, state.skeleton === self else { return }
        let decision = plan.replanning(
            in: geometry.layoutContext, viewportHeight: table.visibleContentHeight,
            isResizingInteractively: state.heights.isResizingInteractively)
        guard decision == .replan else { return }
        isReplanQueued = true
        // Not inside one of the package's calls: replanning reloads the table.
        LiveCalls.onLaterTurn { [weak self] in self?.replanIfNeeded() }
    }

    /// Plans the rows in the table's current context and visible height and reloads them,
    /// when the plan no longer holds there. Parts are mapped again as cells are configured,
    /// keyed by the new context.
    func replanIfNeeded() {
        isReplanQueued = false
        guard let table, let state = table.existingLayoutState, state.skeleton === self else { return }
        let geometry = state.refreshGeometry(of: table)
        let decision = plan.replanning(
            in: geometry.layoutContext, viewportHeight: table.visibleContentHeight,
            isResizingInteractively: state.heights.isResizingInteractively)
        guard decision == .replan else { return }
        state.heights.log.trace("skeleton: planning the rows again in \(geometry.layoutContext), \(table.visibleContentHeight) pt visible")
        let newPlan = table.planSkeleton(configuration, state: state, geometry: geometry)
        // Planning ran the app's placeholder code, which may have hidden the skeleton.
        guard state.skeleton === self else { return }
        plan = newPlan
        setAside.refreshAccessibilityElements(of: table)
        // As on show: the index-path heights of the previous load are the plan's best source.
        state.keepsIndexPathHeightsOnReload = true
        table.reloadData()
        state.keepsIndexPathHeightsOnReload = false
    }

    // MARK: Data source

    func numberOfSections(in tableView: UITableView) -> Int {
        plan.numberOfSections
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        plan.numberOfRows(inSection: section)
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let state = tableView.layoutState
        guard configuration.sections.indices.contains(indexPath.section) else {
            state.heights.log.problem("skeleton: UIKit asked for a cell at \(indexPath), outside the skeleton's sections; showing an empty row")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        let identifier = configuration.sections[indexPath.section].identifier
        guard let cell = tableView.dequeueReusableCell(withIdentifier: identifier) else {
            state.reportMisuse("skeleton: no cell is registered for identifier \"\(identifier)\"; showing an empty row")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        let decoration = decoratedCells.object(forKey: cell) ?? SkeletonCellDecoration(cell)
        // A reused cell's content was made transparent by this show: the mapping skips
        // transparent views, so it is given back first.
        decoration.restoreContent()
        configuration.placeholder?(cell)
        // The app's code may have hidden the skeleton meanwhile (in a run of the loop it
        // spun): the hide cleaned every decorated cell and reloads the app's rows; this one
        // is left plain.
        guard state.skeleton === self else { return cell }
        decoratedCells.setObject(decoration, forKey: cell)
        cell.isUserInteractionEnabled = false
        cell.accessibilityElementsHidden = true
        let geometry = state.refreshGeometry(of: tableView)
        let height = plan.height(at: indexPath) ?? state.heights.fallbackHeight
        // Mapped at the width UIKit gives a displayed cell (the table's, less the safe area
        // and section index), as templates are measured, so the parts sit on the content.
        let width = geometry.cellWidth > 0 ? geometry.cellWidth : tableView.bounds.width
        cell.frame = CGRect(x: 0, y: 0, width: width, height: height)
        cell.layoutIfNeeded()
        let direction: SkeletonLayoutDirection = cell.effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        // Keyed by the context this cell is mapped in, read together with the width above.
        let key = SkeletonLayoutKey(identifier: identifier, context: geometry.layoutContext, direction: direction)
        let layout = self.layout(for: cell, key: key, state: state)
        recordLoad(of: key, state: state)
        let overlay = Self.overlay(in: cell) ?? SkeletonOverlayView(frame: cell.contentView.bounds)
        overlay.frame = cell.contentView.bounds
        overlay.onGeometryChange = { [weak self] in self?.skeletonDidLayOut() }
        if overlay.superview !== cell.contentView { cell.contentView.addSubview(overlay) }
        // On top of whatever the placeholder configuration added.
        cell.contentView.bringSubviewToFront(overlay)
        overlay.show(layout, appearance: configuration.appearance, direction: direction)
        decoration.hideContent(of: cell)
        // A first cell after a layout: the table may have its width or height only now.
        checkPlan(in: geometry, table: tableView, state: state)
        return cell
    }

    /// Counts one load of `key` for the layout cache's warm-up, the key this show's cells
    /// actually use (their direction, the context they are mapped in): once per key per
    /// show, and not during an interactive resize, whose widths are passing.
    private func recordLoad(of key: SkeletonLayoutKey, state: TableLayoutState) {
        guard let cache = configuration.layoutCache, !state.heights.isResizingInteractively,
              recordedLoads.insert(key).inserted else { return }
        cache.recordLoad(for: key)
    }

    /// The layout for `cell`: this show's, else the shared cache's memory, else mapped now.
    /// The main thread never reads a file here: after a memory miss the cache loads the file
    /// (or keeps the mapped layout) on its own queue, for the next show.
    private func layout(for cell: UITableViewCell, key: SkeletonLayoutKey, state: TableLayoutState) -> SkeletonLayout {
        if let known = mappedLayouts[key] { return known }
        // A table without a width maps at its bounds: nothing of that is worth sharing; nor is
        // a width an interactive resize passes through (one file per pixel width otherwise).
        // Nor are cells mapped without the placeholder that filled them: their labels are
        // empty, and every later show of the key, across launches, would draw no text bars
        // (review 19b, C2). Reading a good layout stays fine.
        let isShareable = key.context.isMeasurable && !state.heights.isResizingInteractively
        let sharedCache = isShareable ? configuration.layoutCache : nil
        if let cached = sharedCache?.layoutInMemory(for: key) {
            mappedLayouts[key] = cached
            return cached
        }
        let mapped = SkeletonLayout.mapping(SkeletonViewTreeReader.tree(of: cell), laidOutIn: key.direction, log: state.heights.log)
        mappedLayouts[key] = mapped
        if !placeholderWasDropped { sharedCache?.loadIntoMemory(key, storingIfMissing: mapped) }
        return mapped
    }

    // MARK: Delegate

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        plan.height(at: indexPath) ?? tableView.layoutState.heights.fallbackHeight
    }

    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        Self.sectionSpacing(configuration.sections.indices.contains(section) ? configuration.sections[section].headerHeight : 0, in: tableView)
    }

    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        Self.sectionSpacing(configuration.sections.indices.contains(section) ? configuration.sections[section].footerHeight : 0, in: tableView)
    }

    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        false
    }

    /// The visible height may have changed (bars, a keyboard): UIKit calls this after the
    /// adjusted content inset changes (UIScrollViewDelegate, iOS 11). Implemented here, so
    /// passed on to the app's delegate by hand.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
        if let forwardee = scrollForwardee.object as? UIScrollViewDelegate {
            forwardee.scrollViewDidChangeAdjustedContentInset?(scrollView)
        }
        skeletonDidLayOut()
    }

    /// A header or footer height for UIKit. In a plain table 0 means none, and anything above
    /// 0 would also bring iOS 15's `sectionHeaderTopPadding`, moving every row down; in a
    /// grouped table 0 means "the default", so the smallest positive height stands for none.
    private static func sectionSpacing(_ height: CGFloat, in table: UITableView) -> CGFloat {
        if height.isFinite && height > 0 { return height }
        return table.style == .plain ? 0 : .leastNonzeroMagnitude
    }

    /// `UIAccessibility.Notification.layoutChanged` (1001): the SDK's static property is not
    /// concurrency-safe in Swift 6, its value is ABI.
    private static let layoutChanged = UIAccessibility.Notification(rawValue: 1001)

    // MARK: Forwarding scroll-view delegate calls

    // NSObject's forwarding hooks are nonisolated, so they read the app's delegate through a
    // lock rather than from main-actor state.
    override nonisolated func responds(to selector: Selector!) -> Bool {
        if super.responds(to: selector) { return true }
        guard SkeletonScrollForwarding.forwards(selector), let target = scrollForwardee.object else { return false }
        return target.responds(to: selector)
    }

    /// The app's delegate while it lives; after it is gone the sink, since the scroll view
    /// goes on sending what it saw implemented when the skeleton became its delegate.
    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        guard SkeletonScrollForwarding.forwards(selector) else { return nil }
        if let target = scrollForwardee.object, target.responds(to: selector) { return target }
        return SkeletonScrollDelegateSink.shared
    }

    // MARK: Cells

    static func overlay(in cell: UITableViewCell) -> SkeletonOverlayView? {
        cell.contentView.subviews.lazy.compactMap { $0 as? SkeletonOverlayView }.first
    }

}
#endif
