#if canImport(UIKit)
import UIKit

extension UITableView {
    /// Whether heights of the rows ahead are computed during run-loop idle time, before the
    /// user scrolls to them. Off by default.
    ///
    /// What FDTemplateLayoutCell 1.2 tried and dropped, with the reasons it was dropped
    /// addressed: it runs only when the main run loop is about to sleep in the default mode
    /// (never while a finger tracks, which runs in the tracking mode), in passes of about
    /// 4 ms; it plans with Texture's preload ranges (2.5 screens ahead in the scroll
    /// direction, 1.5 behind); it pauses during pull-to-refresh, while a batch of updates is
    /// open, when the table is hidden, and after a memory warning. Rows are measured by
    /// calling the delegate's `tableView(_:heightForRowAt:)`, so precaching changes when a
    /// height is computed, never its value.
    ///
    /// - Complexity: a plan costs O(rows in the preload range) per idle pass, whatever the
    ///   table's size.
    public var fd_precacheEnabled: Bool {
        get { existingLayoutState?.precacheDriver?.isEnabled ?? false }
        set {
            let state = layoutState
            // The driver forgets its plan on reloads and updates, which only the update
            // tracking sees; an app that caches only by key would not have installed it.
            if newValue { UpdateTracking.installIfNeeded() }
            if newValue, state.precacheDriver == nil { state.precacheDriver = IdlePrecacheDriver(table: self) }
            state.precacheDriver?.isEnabled = newValue
        }
    }
}

/// Runs the idle precache of one table: an observer of the main run loop's
/// `beforeWaiting` in the default mode, and the engine's planner and passes.
@MainActor
final class IdlePrecacheDriver: NSObject {
    var isEnabled = false {
        didSet {
            if isEnabled { install() } else { uninstall() }
            hadMemoryWarning = false
        }
    }

    private weak var table: UITableView?
    private var observer: CFRunLoopObserver?
    private var hadMemoryWarning = false
    private var lastOffset: CGFloat?
    private var direction = ScrollDirection.still
    private var plan: [RowPosition] = []
    private var planKey: PlanKey?
    /// Rows measured since the last reload, for apps that cache by key (the index-path cache
    /// cannot tell whether those are cached).
    private var measured: Set<RowPosition> = []

    /// What a plan depends on; a new plan is made when any of it changes.
    private struct PlanKey: Equatable {
        var first: RowPosition?
        var last: RowPosition?
        var direction: ScrollDirection
        var context: LayoutContext
        var range: PreloadRange
    }

    init(table: UITableView) {
        self.table = table
        super.init()
        // Selector-based: removed by NotificationCenter when this object goes away.
        NotificationCenter.default.addObserver(
            self, selector: #selector(memoryWarningReceived), name: UIApplication.didReceiveMemoryWarningNotification, object: nil)
    }

    @objc private func memoryWarningReceived() {
        hadMemoryWarning = true
    }

    /// Forgets what was measured and planned: the rows may be other rows now.
    func tableDidChange() {
        measured = []
        planKey = nil
        plan = []
    }

    private func install() {
        guard observer == nil else { return }
        let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { [weak self] observer, _ in
            // The main run loop calls this on the main thread.
            let isAlive = MainActor.assumeIsolated { () -> Bool in
                guard let self else { return false }
                self.runPass()
                return true
            }
            // The driver went away with its table: the observer takes itself out.
            if !isAlive { CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, CFRunLoopMode.defaultMode) }
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, CFRunLoopMode.defaultMode)
        self.observer = observer
    }

    private func uninstall() {
        if let observer { CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, CFRunLoopMode.defaultMode) }
        observer = nil
        tableDidChange()
    }

    private func runPass() {
        guard let table else {
            uninstall()
            return
        }
        let state = table.layoutState
        let offset = table.contentOffset.y
        if let lastOffset, lastOffset != offset { direction = ScrollDirection(from: lastOffset, to: offset) }
        lastOffset = offset

        let conditions = PrecacheConditions(
            isEnabled: isEnabled,
            isVisible: table.window != nil && !table.isHidden && table.alpha > 0,
            hadMemoryWarning: hadMemoryWarning,
            isTracking: table.isTracking,
            isRefreshing: table.refreshControl?.isRefreshing ?? false,
            hasUpdatesInFlight: state.heights.indexPaths.hasOpenBatch)
        guard case .precache(let range) = conditions.decision,
              let delegate = table.delegate,
              delegate.responds(to: #selector(UITableViewDelegate.tableView(_:heightForRowAt:)))
        else { return }

        let geometry = state.refreshGeometry(of: table)
        let visible = table.indexPathsForVisibleRows ?? []
        let key = PlanKey(first: visible.first.map(Self.position), last: visible.last.map(Self.position),
                          direction: direction, context: geometry.layoutContext, range: range)
        if key != planKey {
            planKey = key
            plan = makePlan(for: table, key: key, state: state)
        }
        guard !plan.isEmpty else { return }
        let result = IdlePrecache.runPass(
            over: plan, now: { DispatchTime.now().uptimeNanoseconds },
            isCached: { self.isCached($0, state: state) },
            measure: { position in
                _ = delegate.tableView?(table, heightForRowAt: position.indexPath)
                self.measured.insert(position)
            })
        plan = Array(result.remaining)
        state.heights.log.trace("idle precache measured \(result.measured) row(s), \(plan.count) left")
        // Work is left: make the run loop turn again (and come back here) before sleeping.
        if !plan.isEmpty { CFRunLoopWakeUp(CFRunLoopGetMain()) }
    }

    private func makePlan(for table: UITableView, key: PlanKey, state: TableLayoutState) -> [RowPosition] {
        let visible = key.first.flatMap { first in key.last.map { first...$0 } }
        let shape = TableShape(sectionCount: table.numberOfSections) { table.numberOfRows(inSection: $0) }
        return PreloadPlanner(range: key.range).plan(
            visible: visible, direction: key.direction, viewportHeight: table.visibleContentHeight, shape: shape,
            height: { state.heights.estimatedHeight(for: .indexPath($0.indexPath)) },
            isCached: { self.isCached($0, state: state) })
    }

    private func isCached(_ position: RowPosition, state: TableLayoutState) -> Bool {
        measured.contains(position) || state.heights.indexPaths.containsHeight(at: position.indexPath)
    }

    private static func position(_ indexPath: IndexPath) -> RowPosition {
        RowPosition(section: indexPath.section, row: indexPath.row)
    }
}
#endif
