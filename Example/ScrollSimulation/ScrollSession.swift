import Foundation
import TemplateLayoutEngine

/// Plays a script frame by frame on a simulated table for one strategy, on a simulated
/// clock: the table's height requests land in the frame; the idle precache (for the
/// strategy that has it) runs in what the frame leaves, through the engine's own
/// `IdlePrecache.passDeadline` and `runPass`, with the clock injected.
///
/// Model assumptions, beyond `HeightRequests`' rules: a template layout costs its kind's
/// `LayoutCostTable` entry and nothing else does (cache lookups, cell display, drawing are
/// 0); one precache pass per frame interval, idle ones included (a run loop turn per
/// display refresh); the planner's unknown rows count `estimatedRowHeight`.
///
/// The precache runs only where the package's driver does: its run-loop observer is in the
/// default mode (`IdlePrecacheDriver`), and UIScrollView tracks and decelerates in
/// `UITrackingRunLoopMode` (`RunLoop.Mode.tracking`: "the mode set when tracking events
/// modally"), so there is no pass during a flick or the animated scroll to top; there is
/// at launch and in pauses.
package struct ScrollSession {
    package var feed: ScrollFeed
    package var clock = FrameClock()
    package var costs = LayoutCostTable()
    package var requests = HeightRequests()
    /// An iPhone 15's portrait screen: 390 x 844 points; the table fills it.
    package var viewportWidth: CGFloat = 390
    package var viewportHeight: CGFloat = 844
    package var preloadRange = PreloadRange.full
    /// The table's `estimatedRowHeight`.
    package var estimatedRowHeight: CGFloat = 150
    /// UIKit's animated scroll to top; Apple does not document its length (assumed).
    package var scrollToTopSeconds: Double = 0.5
    /// Sees each frame's record as it is played (index, record): for diagnosis and the
    /// frame-time strips.
    package var frameObserver: ((Int, FrameRecord) -> Void)?

    package init(feed: ScrollFeed) {
        self.feed = feed
    }

    /// Plays `script` on a fresh table with `strategy`.
    package func run(_ script: ScrollScript, strategy: ScrollStrategy) -> ScrollMetrics {
        var player = Player(session: self, strategy: strategy)
        for step in script.steps { player.play(step) }
        return player.finish()
    }
}

/// One run's state.
private struct Player {
    let session: ScrollSession
    let strategy: ScrollStrategy
    let store: any SimulatedHeightStore
    let planner: PreloadPlanner
    let shape: TableShape
    var metrics: ScrollMetrics
    var offset: CGFloat = 0
    var displayed: Range<Int> = 0..<0
    var measured: [Bool]
    var shown: [Bool]
    var frameIndex = 0
    var expectedCost: UInt64 = 0
    /// The content the preload range covered when the current step began.
    var preloadBand: Range<CGFloat> = 0..<0
    var layoutsInFramesWithinPreloadRange = 0

    init(session: ScrollSession, strategy: ScrollStrategy) {
        self.session = session
        self.strategy = strategy
        store = strategy.makeStore(width: session.viewportWidth)
        planner = PreloadPlanner(range: session.preloadRange)
        shape = TableShape(rowCounts: [session.feed.count])
        metrics = ScrollMetrics(strategy: strategy)
        measured = Array(repeating: false, count: session.feed.count)
        shown = Array(repeating: false, count: session.feed.count)
    }

    var maximumOffset: CGFloat { max(0, session.feed.contentHeight - session.viewportHeight) }

    mutating func play(_ step: ScrollStep) {
        let before = metrics.layoutsInFrames
        let range = session.preloadRange
        let screen = session.viewportHeight
        // Toward the end, as every flick of the first script goes (the planner's `.still`).
        preloadBand = (offset - range.trailingScreens * screen)..<(offset + screen + range.leadingScreens * screen)
        layoutsInFramesWithinPreloadRange = 0
        let fps = Double(session.clock.framesPerSecond)
        let frameMilliseconds = 1000 / fps
        switch step {
        case .launch:
            offset = 0
            let asked = session.requests.rowsAskedAtReload(in: session.feed, offset: 0, viewportHeight: session.viewportHeight)
            displayed = session.requests.displayedRows(in: session.feed, offset: 0, viewportHeight: session.viewportHeight)
            frame(asking: Array(asked), direction: .still, runLoop: .default)
        case .flick(let velocity):
            let deceleration = Deceleration(velocity: velocity)
            let start = offset
            var elapsed = frameMilliseconds
            repeat {
                let target = min(max(0, start + CGFloat(deceleration.distance(atMilliseconds: elapsed))), maximumOffset)
                let done = elapsed >= deceleration.durationMilliseconds || target == 0 || target == maximumOffset
                move(to: target)
                elapsed += frameMilliseconds
                if done { break }
            } while true
        case .pause(let seconds):
            for _ in 0..<Int((seconds * fps).rounded()) { frame(asking: [], direction: .still, runLoop: .idle) }
        case .scrollToTop:
            let start = offset
            let count = max(1, Int((session.scrollToTopSeconds * fps).rounded()))
            for index in 1...count {
                // Ease in and out, as UIKit's default animation curve.
                let progress = (1 - cos(Double.pi * Double(index) / Double(count))) / 2
                move(to: start * CGFloat(1 - progress))
            }
        }
        metrics.layoutsInFramesPerStep.append(StepCount(
            step: Self.name(of: step), count: metrics.layoutsInFrames - before, withinPreloadRange: layoutsInFramesWithinPreloadRange))
    }

    mutating func move(to newOffset: CGFloat) {
        let direction = ScrollDirection(from: offset, to: newOffset)
        offset = newOffset
        let now = session.requests.displayedRows(in: session.feed, offset: offset, viewportHeight: session.viewportHeight)
        let asked = session.requests.rowsAsked(movingFrom: displayed, to: now)
        displayed = now
        frame(asking: asked, direction: direction, runLoop: .tracking)
    }

    /// One frame: the table's requests, then the precache in the time left.
    /// What the main run loop is doing in a frame interval.
    enum RunLoopState {
        /// A frame is due and the run loop is in its default mode (launch).
        case `default`
        /// A frame is due and the run loop is in the tracking mode (a scroll view moving).
        case tracking
        /// No frame is due; the run loop is in its default mode.
        case idle
    }

    mutating func frame(asking rows: [Int], direction: ScrollDirection, runLoop: RunLoopState) {
        let start = session.clock.start(ofFrame: frameIndex)
        frameIndex += 1
        var record = FrameRecord()
        record.isAnimating = runLoop != .idle
        for row in rows where !store.isCached(row) {
            record.layoutsInFrame += 1
            record.frameWork += measure(row)
            if preloadBand.contains(session.feed.tops[row]) { layoutsInFramesWithinPreloadRange += 1 }
        }
        for row in session.feed.rows(from: offset, to: offset + session.viewportHeight) { shown[row] = true }
        if strategy.precaches, runLoop != .tracking { precache(frameStart: start, record: &record, direction: direction) }
        session.frameObserver?(frameIndex - 1, record)
        metrics.add(record, budget: session.clock.frameNanoseconds)
    }

    mutating func precache(frameStart: UInt64, record: inout FrameRecord, direction: ScrollDirection) {
        let store = store
        let feed = session.feed
        let estimate = session.estimatedRowHeight
        let visible = displayed.isEmpty ? nil : RowPosition(section: 0, row: displayed.lowerBound)...RowPosition(section: 0, row: displayed.upperBound - 1)
        let plan = planner.plan(
            visible: visible, direction: direction, viewportHeight: session.viewportHeight, shape: shape,
            height: { store.isCached($0.row) ? feed.heights[$0.row] : estimate }, isCached: { store.isCached($0.row) })
        guard !plan.isEmpty else { return }
        var now = frameStart + record.frameWork
        let deadline = IdlePrecache.passDeadline(passStart: now, turnStart: frameStart, frameDuration: session.clock.frameDuration)
        var idleWork: UInt64 = 0
        var idleLayouts = 0
        let pass = IdlePrecache.runPass(
            over: plan, until: deadline, expectedCost: expectedCost, now: { now },
            isCached: { store.isCached($0.row) },
            measure: { position in
                let cost = self.session.costs.cost(of: feed.kinds[position.row])
                store.store(feed.heights[position.row], row: position.row)
                now += cost
                idleWork += cost
                idleLayouts += 1
            })
        for position in plan.prefix(plan.count - pass.remaining.count) { measured[position.row] = true }
        expectedCost = pass.nextExpectedCost
        record.idleWork += idleWork
        record.layoutsInIdle += idleLayouts
    }

    /// Measures a row for the table (a template layout) and returns its cost.
    mutating func measure(_ row: Int) -> UInt64 {
        store.store(session.feed.heights[row], row: row)
        measured[row] = true
        return session.costs.cost(of: session.feed.kinds[row])
    }

    mutating func finish() -> ScrollMetrics {
        metrics.layoutsWasted = zip(measured, shown).filter { $0.0 && !$0.1 }.count
        metrics.heightBytes = store.bytes
        return metrics
    }

    static func name(of step: ScrollStep) -> String {
        switch step {
        case .launch: "launch"
        case .flick(let velocity): "flick \(Int(velocity))"
        case .pause(let seconds): "pause \(seconds)s"
        case .scrollToTop: "scroll to top"
        }
    }
}
