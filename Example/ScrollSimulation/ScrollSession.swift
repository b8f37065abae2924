import Foundation
import TemplateLayoutEngine

/// Plays a script frame by frame on a simulated table for one strategy, on a simulated
/// clock: the table's height requests land in the frame; the idle precache (for the
/// strategy that has it) runs in what the frame leaves, through the engine's own
/// `PreloadPlanner`, `IdlePrecache.passDeadline` and `runPass`, with the clock injected.
///
/// Model assumptions, beyond `HeightRequests`' rules:
/// - A template layout costs its kind's `LayoutCostTable` entry and nothing else does:
///   cache lookups, dequeuing and displaying cells, drawing and disk reads are 0. Displaying
///   a cell costs every strategy the same, so it moves no comparison; it does make real
///   frames fuller than these.
/// - One precache pass per frame interval, idle ones included: a pass that measured a row
///   wakes the run loop at once, and one that could start none (a row dearer than its
///   budget) sets a timer a frame later (`IdlePrecacheDriver`, review 21b B1), so an idle
///   app turns about once a frame while rows are left. The planner's unknown rows count
///   `estimatedRowHeight`.
/// - The precache runs only where the package's driver does: its run-loop observer is in
///   the default mode (`IdlePrecacheDriver`), and UIScrollView tracks and decelerates in
///   `UITrackingRunLoopMode` (`RunLoop.Mode.tracking`: "the mode set when tracking events
///   modally"), so there is no pass during a drag, a flick or the animated scroll to top.
/// - A frame is due (can hitch) while the main thread must commit one: a layout, a scroll.
///   Animations Core Animation runs alone (a rotation after its first layout, a spinner)
///   need no commit per frame, so main-thread work then delays nothing on screen (WWDC21
///   "Explore UI animation hitches and the render loop": a commit hitch is the app's
///   commit running late).
package struct ScrollSession {
    package var feed: ScrollFeed
    package var clock = FrameClock()
    package var costs = LayoutCostTable()
    package var requests = HeightRequests()
    /// The screen at the first launch: portrait, default text size.
    package var screen = ScreenLayout()
    package var preloadRange = PreloadRange.full
    /// The table's `estimatedRowHeight`.
    package var estimatedRowHeight: CGFloat = 150
    /// UIKit's animated scroll to top; Apple does not document its length (assumed).
    package var scrollToTopSeconds: Double = 0.5
    /// A rotation's animation after its first layout (UIKit's usual 0.4 s; assumed).
    package var rotationSeconds: Double = 0.4
    /// How long the user drags to pull to refresh (assumed).
    package var pullSeconds: Double = 0.3
    /// How long a refresh or a page takes to arrive while the spinner turns (assumed).
    package var loadingSeconds: Double = 1
    /// Sees each frame's record as it is played (index, record): for diagnosis and the
    /// frame-time strips.
    package var frameObserver: ((Int, FrameRecord) -> Void)?

    package init(feed: ScrollFeed) {
        self.feed = feed
    }

    /// Plays `script` on a fresh table with `strategy`.
    package func run(_ script: ScrollScript, strategy: ScrollStrategy) -> ScrollMetrics {
        let disk = SimulatedDisk()
        defer { disk.remove() }
        var player = ScrollPlayer(session: self, script: script, strategy: strategy, disk: disk)
        for step in script.steps { player.play(step) }
        return player.finish()
    }
}

/// What the main run loop is doing in a frame interval.
enum RunLoopState {
    /// A frame is due and the run loop is in its default mode (a launch, an update).
    case `default`
    /// A frame is due and the run loop is in the tracking mode (a scroll view moving).
    case tracking
    /// No frame is due from the main thread; the run loop is in its default mode.
    case idle
}

/// An entry on a screen: what a measured height belongs to.
struct ShownEntry: Hashable {
    let screen: ScreenLayout
    let entry: Int
}

/// One run's state.
struct ScrollPlayer {
    let session: ScrollSession
    let strategy: ScrollStrategy
    let disk: SimulatedDisk
    let planner: PreloadPlanner
    var store: any SimulatedHeightStore
    var metrics: ScrollMetrics
    var screen: ScreenLayout
    /// The table's rows, top to bottom: the feed entry each shows.
    var entries: [Int]
    /// Each row's true height on the current screen, and where the rows sit: computed once
    /// per change of rows or screen, not per frame.
    var rowHeights: [CGFloat] = []
    var tops: RowTops
    /// The next entries a refresh inserts (counting down) and a load appends.
    var nextRefreshedEntry: Int
    var nextLoadedEntry: Int
    var offset: CGFloat = 0
    var displayed: Range<Int> = 0..<0
    var measured: Set<ShownEntry> = []
    var shown: Set<ShownEntry> = []
    var frameIndex = 0
    var expectedCost: UInt64 = 0
    /// The precache driver's view of the run-loop turn, as in the app.
    var turn = RunLoopTurn()
    /// The next frame is a launch's: the driver is installed inside it (precache enabled in
    /// `viewDidLoad`), so it does not see that turn start.
    var installsDriver = false
    /// The entries the preload range covered when the current step began.
    var preloadBand: Set<Int> = []
    var layoutsInFramesWithinPreloadRange = 0

    init(session: ScrollSession, script: ScrollScript, strategy: ScrollStrategy, disk: SimulatedDisk) {
        self.session = session
        self.strategy = strategy
        self.disk = disk
        screen = session.screen
        store = strategy.makeStore(on: session.screen, disk: disk)
        planner = PreloadPlanner(range: session.preloadRange)
        metrics = ScrollMetrics(strategy: strategy)
        let launched = script.entriesAtLaunch(feedCount: session.feed.count)
        entries = Array(launched)
        nextRefreshedEntry = launched.lowerBound
        nextLoadedEntry = launched.upperBound
        tops = RowTops(heights: [])
        layOutRows()
    }

    var viewportHeight: CGFloat { screen.viewportHeight }
    var maximumOffset: CGFloat { max(0, tops.contentHeight - viewportHeight) }
    var framesPerSecond: Double { Double(session.clock.framesPerSecond) }

    /// Where the rows sit on the current screen.
    mutating func layOutRows() {
        rowHeights = entries.map { session.feed.height(of: $0, on: screen) }
        tops = RowTops(heights: rowHeights)
    }

    /// The rows on screen at the current offset.
    var rowsOnScreen: Range<Int> { session.requests.displayedRows(in: tops, offset: offset, viewportHeight: viewportHeight) }

    mutating func play(_ step: ScrollStep) {
        let before = metrics.layoutsInFrames
        let hitchBefore = metrics.hitchNanoseconds
        let range = session.preloadRange
        let band = tops.rows(
            from: offset - range.trailingScreens * viewportHeight, to: offset + viewportHeight + range.leadingScreens * viewportHeight)
        preloadBand = Set(band.map { entries[$0] })
        layoutsInFramesWithinPreloadRange = 0
        perform(step)
        metrics.heightBytes = max(metrics.heightBytes, store.bytes)
        metrics.layoutsInFramesPerStep.append(StepCount(
            step: step.name, count: metrics.layoutsInFrames - before, withinPreloadRange: layoutsInFramesWithinPreloadRange,
            hitchNanoseconds: metrics.hitchNanoseconds - hitchBefore))
    }

    /// One frame: the table's requests for `rows`, then the precache in the time left.
    mutating func frame(asking rows: [Int], direction: ScrollDirection, runLoop: RunLoopState) {
        let start = session.clock.start(ofFrame: frameIndex)
        frameIndex += 1
        if installsDriver { installsDriver = false } else { turn.started(at: start) }
        var record = FrameRecord()
        record.isAnimating = runLoop != .idle
        for row in rows {
            let entry = entries[row]
            switch store.answer(entry: entry, row: row) {
            case .current?: continue
            case .stale?: metrics.staleHeights += 1
            case nil:
                record.layoutsInFrame += 1
                record.frameWork += measure(row)
                if preloadBand.contains(entry) { layoutsInFramesWithinPreloadRange += 1 }
            }
        }
        for row in tops.rows(from: offset, to: offset + viewportHeight) { shown.insert(ShownEntry(screen: screen, entry: entries[row])) }
        if strategy.precaches, runLoop != .tracking { precache(frameStart: start, record: &record, direction: direction) }
        session.frameObserver?(frameIndex - 1, record)
        metrics.add(record, budget: session.clock.frameNanoseconds)
    }

    mutating func precache(frameStart: UInt64, record: inout FrameRecord, direction: ScrollDirection) {
        let store = store
        let entries = entries
        let estimate = session.estimatedRowHeight
        let heights = rowHeights
        let visible = displayed.isEmpty
            ? nil : RowPosition(section: 0, row: displayed.lowerBound)...RowPosition(section: 0, row: displayed.upperBound - 1)
        let isCached = { (position: RowPosition) in store.answer(entry: entries[position.row], row: position.row) != nil }
        let plan = planner.plan(
            visible: visible, direction: direction, viewportHeight: viewportHeight, shape: TableShape(rowCounts: [entries.count]),
            height: { isCached($0) ? heights[$0.row] : estimate }, isCached: isCached)
        guard !plan.isEmpty else { return }
        var now = frameStart + record.frameWork
        // As the driver: a turn older than a frame, or unseen, skips its pass (the next frame
        // interval is the fresh turn it wakes).
        guard let deadline = turn.passDeadline(startingAt: now, frameDuration: session.clock.frameDuration) else { return }
        var measuredRows: [Int] = []
        var idleWork: UInt64 = 0
        let costs = session.costs
        let kinds = session.feed.kinds
        let pass = IdlePrecache.runPass(
            over: plan, until: deadline, expectedCost: expectedCost, now: { now }, isCached: isCached,
            measure: { position in
                let cost = costs.cost(of: kinds[entries[position.row]])
                store.store(heights[position.row], entry: entries[position.row], row: position.row)
                measuredRows.append(position.row)
                now += cost
                idleWork += cost
            })
        for row in measuredRows { measured.insert(ShownEntry(screen: screen, entry: entries[row])) }
        expectedCost = pass.nextExpectedCost
        record.idleWork += idleWork
        record.layoutsInIdle += measuredRows.count
    }

    /// Measures a row for the table (a template layout) and returns its cost.
    mutating func measure(_ row: Int) -> UInt64 {
        let entry = entries[row]
        store.store(rowHeights[row], entry: entry, row: row)
        measured.insert(ShownEntry(screen: screen, entry: entry))
        return session.costs.cost(of: session.feed.kinds[entry])
    }

    mutating func finish() -> ScrollMetrics {
        store.quit()
        metrics.layoutsWasted = measured.subtracting(shown).count
        return metrics
    }
}
