#if canImport(UIKit)
import UIKit

/// Stands in for a table's data source and delegate while its skeleton shows: the rows,
/// heights and cells come from the skeleton plan, so the app's own methods are never asked
/// about rows that do not exist yet. Its counts are the plan's, which never change while it
/// is the data source, so UIKit's checks of row counts always hold against it. The section
/// index titles are the app's: the index, and the cell width it leaves, stay as they were.
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
final class SkeletonController: SkeletonDelegateStandIn, UITableViewDataSource, UITableViewDelegate {
    private(set) var configuration: SkeletonConfiguration
    /// The rows and heights; planned again when the table's layout context changes.
    private(set) var plan: SkeletonRowPlan
    private weak var table: UITableView?
    private weak var originalDataSource: UITableViewDataSource?
    private weak var originalDelegate: UITableViewDelegate?
    /// Prefetching, drag and drop, and accessibility, set aside while attached.
    private let setAside: SkeletonSetAside
    /// Decorates the cells, maps their parts, cleans them on detach.
    private let painter: SkeletonCellPainter
    /// Reduce Motion, background and foreground while attached.
    private var systemChanges: SkeletonSystemChanges?
    /// In the table while attached, to hear it resize, and leave or enter its window.
    private var tableWatcher: SkeletonViewWatcher?
    /// Lets go of the placeholder once the table's screen is gone.
    private var placeholderWatch: SkeletonPlaceholderWatch?
    /// Whether planning again is queued for the next main-queue turn.
    private var isReplanQueued = false

    init(table: UITableView, configuration: SkeletonConfiguration, plan: SkeletonRowPlan) {
        self.table = table
        self.configuration = configuration
        self.plan = plan
        self.originalDataSource = table.dataSource
        self.originalDelegate = table.delegate
        self.setAside = SkeletonSetAside(table: table, accessibilityLabel: configuration.accessibilityLabel)
        self.painter = SkeletonCellPainter(appearance: configuration.appearance, layoutCache: configuration.layoutCache)
        super.init()
        scrollForwardee.object = table.delegate
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
        let systemChanges = SkeletonSystemChanges(painter: painter) { [weak self] in self?.tableScene }
        systemChanges.start()
        self.systemChanges = systemChanges
        let placeholderWatch = SkeletonPlaceholderWatch(view: table) { [weak self] in self?.dropPlaceholder() }
        self.placeholderWatch = placeholderWatch
        let watcher = SkeletonViewWatcher(view: table)
        watcher.onResize = { [weak self] in self?.tableDidResize() }
        watcher.onLeaveWindow = { [weak self] in
            guard let self, self.configuration.placeholder != nil else { return }
            self.placeholderWatch?.viewLeftWindow()
        }
        watcher.onEnterWindow = { [weak self] in
            self?.placeholderWatch?.stop()
            self?.skeletonDidLayOut()
        }
        table.addSubview(watcher)
        tableWatcher = watcher
        // Shown on a screen not in a window yet (viewDidLoad): if it is never shown, nothing
        // would ever let the placeholder, and the screen it captures, go.
        if table.window == nil, configuration.placeholder != nil { placeholderWatch.viewIsNotInAWindowYet() }
    }

    /// Lets go of the placeholder closure (see the type's comment).
    func dropPlaceholder() {
        guard configuration.placeholder != nil else { return }
        configuration.placeholder = nil
        painter.placeholderWasDropped = true
        table?.existingLayoutState?.heights.log.trace("skeleton: the table's screen went away; placeholder configuration released")
    }

    /// Gives the table back and cleans every cell that showed a skeleton. What the app set
    /// on the table while the skeleton showed (a new data source, delegate or prefetch data
    /// source) is kept, with a debug message, rather than overwritten by what it had before.
    func detach() {
        systemChanges?.stop()
        systemChanges = nil
        configuration.placeholder = nil
        placeholderWatch?.stop()
        placeholderWatch = nil
        tableWatcher?.onResize = nil
        tableWatcher?.onLeaveWindow = nil
        tableWatcher?.onEnterWindow = nil
        tableWatcher?.removeFromSuperview()
        tableWatcher = nil
        painter.undecorateAll()
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

    /// Reduce Motion changed while the skeleton shows: the layers are made again.
    func rebuildLayers() {
        painter.rebuildLayers()
    }

    /// Stops every overlay's animation: the app went to the background (`scene` nil), or
    /// `scene` did and it is the table's (``SkeletonSystemChanges``).
    func pauseAnimations(onSceneWith scene: ObjectIdentifier?) {
        systemChanges?.pauseAnimations(onSceneWith: scene)
    }

    /// Starts every overlay's animation again (``SkeletonSystemChanges``).
    func restartAnimations(onSceneWith scene: ObjectIdentifier?) {
        systemChanges?.restartAnimations(onSceneWith: scene)
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

    /// The app's index titles (``SkeletonRowPlan/sectionIndexTitles(appTitles:)``): UIKit asks
    /// the data source for them after each reload and removes its index when it answers none
    /// (UIKitCore 26.1, `_updateIndex`), which would widen the cells past the width the plan's
    /// heights were measured at. Implemented, so UIKit always asks; `nil` is "no index" to it.
    func sectionIndexTitles(for tableView: UITableView) -> [String]? {
        plan.sectionIndexTitles(appTitles: originalDataSource?.sectionIndexTitles?(for: tableView))
    }

    /// A tap on an index title goes where the app says, within the skeleton's sections
    /// (``SkeletonRowPlan/section(forIndexTitleAt:appAnswer:)``): UITableView.h says the
    /// answer is a section of the table, and the skeleton may have fewer than the app.
    func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        plan.section(
            forIndexTitleAt: index,
            appAnswer: originalDataSource?.tableView?(tableView, sectionForSectionIndexTitle: title, at: index))
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
        // A reused cell's content was made transparent by this show: given back first.
        let decoration = painter.prepare(cell)
        configuration.placeholder?(cell)
        // The app's code may have hidden the skeleton meanwhile (in a run of the loop it
        // spun): the hide cleaned every decorated cell and reloads the app's rows; this one
        // is left plain.
        guard state.skeleton === self else { return cell }
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
        painter.paint(
            cell, decoration: decoration, key: key, log: state.heights.log,
            isResizingInteractively: state.heights.isResizingInteractively) { [weak self] in self?.skeletonDidLayOut() }
        // A first cell after a layout: the table may have its width or height only now.
        checkPlan(in: geometry, table: tableView, state: state)
        return cell
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
        forwardAdjustedContentInsetChange(of: scrollView)
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

    // MARK: Cells

    static func overlay(in cell: UITableViewCell) -> SkeletonOverlayView? {
        SkeletonCellPainter.overlay(in: cell)
    }
}
#endif
