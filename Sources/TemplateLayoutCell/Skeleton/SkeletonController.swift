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
///
/// The placeholder closure is let go of when the table leaves its window (and on detach):
/// it often captures the view controller, which owns the table, which owns this; so a
/// screen popped while loading is not kept alive by its own skeleton. Rows mapped after
/// that (at a new width) are mapped without it.
@MainActor
final class SkeletonController: NSObject, UITableViewDataSource, UITableViewDelegate {
    private(set) var configuration: SkeletonConfiguration
    /// The rows and heights; planned again when the table's layout context changes.
    private(set) var plan: SkeletonRowPlan
    private weak var table: UITableView?
    private weak var originalDataSource: UITableViewDataSource?
    private weak var originalDelegate: UITableViewDelegate?
    private weak var originalPrefetchDataSource: UITableViewDataSourcePrefetching?
    private let originalAccessibility: (isElement: Bool, label: String?)
    /// Every cell given an overlay, with what it was before, so each is cleaned when the
    /// skeleton hides, including those sitting in the reuse queue, which would otherwise
    /// come back with a skeleton over real content. Weak keys: a cell UIKit let go of needs
    /// no cleaning.
    private let decoratedCells = NSMapTable<UITableViewCell, SkeletonCellDecoration>.weakToStrongObjects()
    /// In the table while attached, to hear it leave its window.
    private var windowWatcher: SkeletonWindowWatcher?
    /// Whether a check of the layout context is queued for the next main-queue turn.
    private var isReplanQueued = false
    /// Layouts used during this show, by key: mapped here, or found in the shared cache.
    private var mappedLayouts: [SkeletonLayoutKey: SkeletonLayout] = [:]
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
        self.originalPrefetchDataSource = table.prefetchDataSource
        self.originalAccessibility = (table.isAccessibilityElement, table.accessibilityLabel)
        super.init()
        scrollForwardee.object = table.delegate
    }

    deinit {
        observers.removeAll()
    }

    /// Takes the table over: its data source, delegate, prefetching data source and
    /// accessibility.
    func attach() {
        guard let table else { return }
        table.dataSource = self
        table.delegate = self
        // Prefetching would hand the app's prefetch data source the skeleton's index paths,
        // rows its model does not have.
        table.prefetchDataSource = nil
        // VoiceOver hears one element, "Loading", not a list of empty cells.
        table.isAccessibilityElement = true
        table.accessibilityLabel = configuration.accessibilityLabel
        UIAccessibility.post(notification: Self.layoutChanged, argument: table)
        observeSystemChanges()
        let watcher = SkeletonWindowWatcher(frame: .zero)
        watcher.onLeaveWindow = { [weak self] in self?.dropPlaceholder() }
        table.addSubview(watcher)
        windowWatcher = watcher
    }

    /// Lets go of the placeholder closure (see the type's comment).
    func dropPlaceholder() {
        guard configuration.placeholder != nil else { return }
        configuration.placeholder = nil
        table?.existingLayoutState?.heights.log.trace("skeleton: the table left its window; placeholder configuration released")
    }

    /// Gives the table back and cleans every cell that showed a skeleton. What the app set
    /// on the table while the skeleton showed (a new data source, delegate or prefetch data
    /// source) is kept, with a debug message, rather than overwritten by what it had before.
    func detach() {
        observers.removeAll()
        configuration.placeholder = nil
        windowWatcher?.onLeaveWindow = nil
        windowWatcher?.removeFromSuperview()
        windowWatcher = nil
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
        if table.prefetchDataSource == nil { table.prefetchDataSource = originalPrefetchDataSource }
        table.isAccessibilityElement = originalAccessibility.isElement
        if table.accessibilityLabel == configuration.accessibilityLabel { table.accessibilityLabel = originalAccessibility.label }
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

    /// The scene of the table's window, if it is in one.
    private var tableScene: ObjectIdentifier? {
        table?.window?.windowScene.map(ObjectIdentifier.init)
    }

    // MARK: Layout context changes

    /// An overlay's size or text size changed: the table may have a new layout context (a
    /// rotation, a resized window, Dynamic Type). If the plan's heights no longer hold, the
    /// rows are planned again on the next main-queue turn, outside UIKit's layout pass.
    func skeletonDidLayOut() {
        guard !isReplanQueued, let table, let state = table.existingLayoutState, state.skeleton === self else { return }
        let context = state.refreshGeometry(of: table).layoutContext
        guard !plan.isPlanned(for: context) else { return }
        isReplanQueued = true
        Task { @MainActor [weak self] in self?.replanIfContextChanged() }
    }

    /// Plans the rows in the table's current context and reloads them, when that context is
    /// not the plan's. Parts are mapped again as cells are configured, keyed by the new
    /// context.
    func replanIfContextChanged() {
        isReplanQueued = false
        guard let table, let state = table.existingLayoutState, state.skeleton === self else { return }
        let geometry = state.refreshGeometry(of: table)
        guard !plan.isPlanned(for: geometry.layoutContext) else { return }
        state.heights.log.trace("skeleton: the layout context changed to \(geometry.layoutContext); planning the rows again")
        plan = table.planSkeleton(configuration, state: state, geometry: geometry)
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
        decoratedCells.setObject(decoration, forKey: cell)
        // A reused cell's content was made transparent by this show: the mapping skips
        // transparent views, so it is given back first.
        decoration.restoreContent()
        configuration.placeholder?(cell)
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
        let overlay = Self.overlay(in: cell) ?? SkeletonOverlayView(frame: cell.contentView.bounds)
        overlay.frame = cell.contentView.bounds
        overlay.onGeometryChange = { [weak self] in self?.skeletonDidLayOut() }
        if overlay.superview !== cell.contentView { cell.contentView.addSubview(overlay) }
        // On top of whatever the placeholder configuration added.
        cell.contentView.bringSubviewToFront(overlay)
        overlay.show(layout, appearance: configuration.appearance, direction: direction)
        decoration.hideContent(of: cell)
        return cell
    }

    /// The layout for `cell`: this show's, else the shared cache's memory, else mapped now.
    /// The main thread never reads a file here: after a memory miss the cache loads the file
    /// (or keeps the mapped layout) on its own queue, for the next show.
    private func layout(for cell: UITableViewCell, key: SkeletonLayoutKey, state: TableLayoutState) -> SkeletonLayout {
        if let known = mappedLayouts[key] { return known }
        // A table without a width maps at its bounds: nothing of that is worth sharing.
        let sharedCache = key.context.isMeasurable ? configuration.layoutCache : nil
        if let cached = sharedCache?.layoutInMemory(for: key) {
            mappedLayouts[key] = cached
            return cached
        }
        let mapped = SkeletonLayout.mapping(SkeletonViewTreeReader.tree(of: cell), laidOutIn: key.direction, log: state.heights.log)
        mappedLayouts[key] = mapped
        sharedCache?.loadIntoMemory(key, storingIfMissing: mapped)
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
        guard Self.isScrollViewDelegateSelector(selector), let target = scrollForwardee.object else { return false }
        return target.responds(to: selector)
    }

    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        Self.isScrollViewDelegateSelector(selector) ? scrollForwardee.object : nil
    }

    private nonisolated static func isScrollViewDelegateSelector(_ selector: Selector) -> Bool {
        guard let scrollViewDelegate = objc_getProtocol("UIScrollViewDelegate") else { return false }
        return protocol_getMethodDescription(scrollViewDelegate, selector, false, true).name != nil
    }

    // MARK: Cells

    static func overlay(in cell: UITableViewCell) -> SkeletonOverlayView? {
        cell.contentView.subviews.lazy.compactMap { $0 as? SkeletonOverlayView }.first
    }

}

/// A weak reference any thread may read and write.
final class LockedWeakReference: @unchecked Sendable {
    // The one mutable field is behind `lock`.
    private let lock = NSLock()
    private weak var storage: NSObjectProtocol?

    var object: NSObjectProtocol? {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }
}

/// Notification observer tokens, removable from any thread (a `deinit` included).
final class ObserverTokens: @unchecked Sendable {
    // The one mutable field is behind `lock`; NotificationCenter's removeObserver is
    // thread-safe.
    private let lock = NSLock()
    private var tokens: [NSObjectProtocol] = []

    func add(_ token: NSObjectProtocol) {
        lock.withLock { tokens.append(token) }
    }

    func removeAll() {
        let removed = lock.withLock { () -> [NSObjectProtocol] in
            defer { tokens = [] }
            return tokens
        }
        removed.forEach(NotificationCenter.default.removeObserver)
    }
}
#endif
