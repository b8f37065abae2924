#if canImport(UIKit)
import UIKit

/// Runs the idle precache of one table or collection view (its ``IdlePrecacheHost``): an
/// observer of the main run loop in the default mode, and the engine's planner and passes.
@MainActor
final class IdlePrecacheDriver: NSObject {
    var isEnabled = false {
        didSet {
            if isEnabled { install() } else { uninstall() }
            hadMemoryWarning = false
        }
    }

    private weak var host: (any IdlePrecacheHost)?
    private var observer: CFRunLoopObserver?
    private var hadMemoryWarning = false
    private var lastOffset: CGFloat?
    private var direction = ScrollDirection.still
    private var plan: [RowPosition] = []
    private var planKey: PlanKey?
    /// The current run-loop turn: when it started, from which the next frame is due.
    private var turn = RunLoopTurn()
    /// What the last pass learned one measurement costs, in nanoseconds.
    private var expectedCost: UInt64 = 0
    /// Items measured since the last reload, for apps that cache by key (the index-path cache
    /// cannot tell whether those are cached).
    private var measured: Set<RowPosition> = []
    /// Counts ``contentDidChange()`` calls: a pass checks it between items.
    private var changes = 0
    /// Whether any view's pass is measuring now: the app's `heightForRowAt` may spin the run
    /// loop, whose beforeWaiting would run another view's pass inside it with a deadline of
    /// its own (review 21b B2; shared by every driver, review 21c C2: CFRunLoop never calls
    /// an observer inside its own callback, but another driver's observer it does).
    private static var isRunningPass = false
    /// The one-frame timer a pass that could start no row set, so the run loop turns again
    /// without an outside event (review 21b, B1).
    private var wakeTimer: Timer?

    /// What a plan depends on; a new plan is made when any of it changes.
    private struct PlanKey: Equatable {
        var first: RowPosition?
        var last: RowPosition?
        var direction: ScrollDirection
        var context: AnyHashable
        var range: PreloadRange
    }

    init(host: any IdlePrecacheHost) {
        self.host = host
        super.init()
        // Selector-based: removed by NotificationCenter when this object goes away.
        NotificationCenter.default.addObserver(
            self, selector: #selector(memoryWarningReceived), name: UIApplication.didReceiveMemoryWarningNotification, object: nil)
        // A pause, not a stop (review 18): it ends when the app comes back from the
        // background, which it went to with its memory trimmed.
        NotificationCenter.default.addObserver(
            self, selector: #selector(appWillEnterForeground), name: UIApplication.willEnterForegroundNotification, object: nil)
    }

    @objc private func memoryWarningReceived() {
        hadMemoryWarning = true
    }

    @objc private func appWillEnterForeground() {
        hadMemoryWarning = false
    }

    /// Forgets what was measured and planned: the items may be other items now. Called on
    /// every reload and update of the view.
    func contentDidChange() {
        changes &+= 1
        measured = []
        planKey = nil
        plan = []
    }

    /// The observer's order among the main run loop's observers; see ``PrecacheRunLoopOrder``.
    static let observerOrder = CFIndex(PrecacheRunLoopOrder.idlePrecache)

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private func install() {
        // An Objective-C exception through the app's heightForRowAt skips the pass's defer:
        // turning the precache off and on again recovers (review 21c, C3).
        Self.isRunningPass = false
        guard observer == nil else { return }
        // `entry` as well as `afterWaiting` starts a turn: when a finger or deceleration ends,
        // UIKit leaves UITrackingRunLoopMode and the default mode is entered again (entry,
        // sources, beforeWaiting) without an afterWaiting in it (CFRunLoop.h activities).
        let activities = CFRunLoopActivity.entry.rawValue | CFRunLoopActivity.afterWaiting.rawValue
            | CFRunLoopActivity.beforeWaiting.rawValue
        // Observers of one activity run in increasing order; Core Animation commits the
        // frame at 2,000,000, so this one runs after the commit, never between an update and
        // the frame that shows it (FD 1.2's order 0 ran before it).
        let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, activities, true, Self.observerOrder) { [weak self] observer, activity in
            // The main run loop calls this on the main thread.
            let isAlive = MainActor.assumeIsolated { () -> Bool in
                guard let self else { return false }
                self.runLoop(did: activity)
                return true
            }
            // The driver went away with its view: the observer takes itself out.
            if !isAlive { CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, CFRunLoopMode.defaultMode) }
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, CFRunLoopMode.defaultMode)
        self.observer = observer
        // Installed mid-turn (precache enabled in viewDidLoad, inside the launch turn): this
        // turn's start is not seen (RunLoopTurn, review 20d).
        turn = RunLoopTurn()
    }

    /// One activity of the main run loop in the default mode.
    private func runLoop(did activity: CFRunLoopActivity) {
        if activity == .beforeWaiting {
            runPass()
        } else if !Self.isRunningPass {
            // Entry or afterWaiting: the run loop starts a turn now, so the next frame is due
            // a frame from here. Not a run spun inside a pass: the pass's turn goes on.
            turn.started(at: Self.now())
        }
    }

    private func uninstall() {
        if let observer { CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, CFRunLoopMode.defaultMode) }
        observer = nil
        wakeTimer?.invalidate()
        wakeTimer = nil
        contentDidChange()
    }

    private func runPass() {
        let passStart = Self.now()
        guard let host else {
            uninstall()
            return
        }
        // The observer fires in a default-mode run of the loop spun inside one of the
        // package's calls too; the app's heightForRowAt is not asked from there.
        // Skipped, not waited for: counting as waiting would let a long honest run end the
        // wait, and the next pass then run inside the call (review 18h). In the state an
        // exception leaves, passes stay off until other waiting work ends it: speed only.
        guard !LiveCalls.isInsideOne, !Self.isRunningPass else { return }
        let axis = host.precacheAxis
        let offset = axis.contentOffset(of: host)
        if let lastOffset, lastOffset != offset { direction = ScrollDirection(from: lastOffset, to: offset) }
        lastOffset = offset

        let conditions = PrecacheConditions(
            isEnabled: isEnabled,
            isVisible: host.window != nil && !host.isHidden && host.alpha > 0 && !Self.isSceneInBackground(of: host),
            hadMemoryWarning: hadMemoryWarning,
            isTracking: host.isTracking,
            isRefreshing: host.refreshControl?.isRefreshing ?? false,
            hasUpdatesInFlight: host.precacheHasUpdatesInFlight,
            isShowingSkeleton: host.precacheIsShowingSkeleton,
            isInTransition: Self.isInTransition(host))
        guard case .precache(let range) = conditions.decision, let measure = host.precacheMeasurement() else { return }

        let context = host.precachePlanContext()
        let visible = host.precacheVisibleIndexPaths
        let key = PlanKey(first: visible.first.map(Self.position), last: visible.last.map(Self.position),
                          direction: direction, context: context, range: range)
        // Nothing new to plan and nothing left: the data source is not asked on idle turns.
        if key == planKey, plan.isEmpty { return }
        guard let agreement = host.precacheShapeAgreement() else { return }
        if key != planKey {
            planKey = key
            plan = makePlan(for: host, key: key, shape: agreement.shape, viewportLength: axis.geometry(of: host).visibleLength)
        }
        // The counts are asked at pass time: a plan made earlier may hold rows the model has
        // lost since; while the model and the view disagree, an update is on its way.
        guard let rows = agreement.rowsToMeasure(plan) else {
            host.precacheLog.trace("idle precache skipped: the data source's counts differ from the view's (an update is pending)")
            contentDidChange()
            return
        }
        plan = rows
        guard !plan.isEmpty else { return }
        // A turn older than a frame, or one whose start was not seen: skipped, not run with no
        // time, so the learned cost per row stays (RunLoopTurn).
        guard let deadline = turn.passDeadline(startingAt: passStart, frameDuration: Self.frameDuration(of: host)) else {
            // CFRunLoopWakeUp: the run loop, about to sleep, runs another turn at once.
            CFRunLoopWakeUp(CFRunLoopGetMain())
            return
        }
        // A measurement runs the app's code, which may spin the run loop and reload, delete
        // or show a skeleton meanwhile: the rest of this plan may name items the model no
        // longer has, and asking them could trap in the app's own code (review 19b, C1).
        let changesBefore = changes
        Self.isRunningPass = true
        defer { Self.isRunningPass = false }
        let pass = IdlePrecache.runPass(
            over: plan, until: deadline, expectedCost: expectedCost, now: Self.now,
            isCached: { self.isCached($0, in: host) },
            measure: { position in
                measure(position.indexPath)
                if self.changes == changesBefore { self.measured.insert(position) }
            },
            isStillValid: { self.changes == changesBefore })
        // contentDidChange() emptied the plan: the pass's remainder is of the items before.
        guard changes == changesBefore else { return }
        plan = Array(pass.remaining)
        expectedCost = pass.nextExpectedCost
        host.precacheLog.trace("idle precache measured \(pass.measured) \(host.precacheItemName)(s), \(plan.count) left")
        switch pass.nextTurn {
        // CFRunLoopWakeUp makes the coming wait return at once: another turn, another pass.
        case .atOnce: CFRunLoopWakeUp(CFRunLoopGetMain())
        case .aFrameLater: wakeAFrameLater(for: host)
        case .whenTheRunLoopWakes: break
        }
    }

    /// Adds a one-shot timer a frame from now in the default mode, unless one is pending.
    /// Its block is empty: firing wakes the run loop, whose turn ends in this observer's
    /// beforeWaiting, where the next pass runs with the turn's fresh start.
    private func wakeAFrameLater(for host: any IdlePrecacheHost) {
        guard wakeTimer?.isValid != true else { return }
        let timer = Timer(timeInterval: Self.frameDuration(of: host) ?? 1.0 / 60, repeats: false) { _ in }
        RunLoop.main.add(timer, forMode: .default)
        wakeTimer = timer
    }

    /// Whether the view's scene is offscreen: in the background, or disconnected. Read on
    /// each pass rather than followed by notifications, so it is right for an app with several
    /// scenes, one of them in the background while the others, and the run loop, go on.
    /// A view in no window has no scene; the window test covers it.
    static func isSceneInBackground(of view: UIView) -> Bool {
        guard let scene = view.window?.windowScene else { return false }
        switch scene.activationState {
        case .background, .unattached: return true
        case .foregroundActive, .foregroundInactive: return false
        @unknown default: return false
        }
    }

    /// Seconds per frame on the view's screen; `nil` when unknown. The engine derives the
    /// pass's budget from it (``IdlePrecache/budget(frameDuration:)``) as well as the
    /// deadline. The screen's fastest rate, not the current one: a ProMotion screen that
    /// idles at a low rate speeds up the moment the user touches it.
    private static func frameDuration(of view: UIView) -> TimeInterval? {
        // maximumFramesPerSecond: 60, or 120 on ProMotion screens (iOS 10.3+).
        guard let fps = view.window?.screen.maximumFramesPerSecond, fps > 0 else { return nil }
        return 1 / TimeInterval(fps)
    }

    /// Whether the view controller nearest the view (found through the responder chain) is
    /// in a transition: a push, a pop, a presentation, an interactive swipe back.
    private static func isInTransition(_ view: UIView) -> Bool {
        var responder: UIResponder? = view
        while let current = responder {
            // A view controller's transitionCoordinator is non-nil while it, or a container
            // it is in, runs a transition (UIViewControllerTransitionCoordinator.h).
            if let controller = current as? UIViewController { return controller.transitionCoordinator != nil }
            // A view's next responder is its view controller when it is that controller's root
            // view, else its superview (UIResponder's documentation).
            responder = current.next
        }
        return false
    }

    private func makePlan(for host: any IdlePrecacheHost, key: PlanKey, shape: TableShape, viewportLength: CGFloat) -> [RowPosition] {
        let visible = key.first.flatMap { first in key.last.map { first...$0 } }
        return PreloadPlanner(range: key.range).plan(
            visible: visible, direction: key.direction, viewportHeight: viewportLength, shape: shape,
            height: { host.precacheLength(at: $0.indexPath) },
            isCached: { self.isCached($0, in: host) })
    }

    private func isCached(_ position: RowPosition, in host: any IdlePrecacheHost) -> Bool {
        measured.contains(position) || host.precacheHasCachedLength(at: position.indexPath)
    }

    private static func position(_ indexPath: IndexPath) -> RowPosition {
        RowPosition(section: indexPath.section, row: indexPath.row)
    }
}
#endif
