import Foundation
import TemplateLayoutEngine

/// How each step is played: which frames it takes, which rows the table asks in them
/// (`HeightRequests`), and in which run-loop mode (where the precache may run).
extension ScrollPlayer {
    mutating func perform(_ step: ScrollStep) {
        switch step {
        case .launch:
            launch()
        case .relaunch:
            // A new process: what was in memory is gone; the engine's store reads its file.
            store.quit()
            store = strategy.makeStore(on: screen, disk: disk)
            expectedCost = 0
            launch()
        case .flick(let velocity):
            flick(velocity: velocity)
        case .pause(let seconds):
            idleFrames(seconds: seconds)
        case .scrollToTop:
            let start = offset
            let count = max(1, Int((session.scrollToTopSeconds * framesPerSecond).rounded()))
            for index in 1...count {
                // Ease in and out, as UIKit's default animation curve.
                let progress = (1 - cos(Double.pi * Double(index) / Double(count))) / 2
                move(to: start * CGFloat(1 - progress), runLoop: .tracking)
            }
        case .textSizeChange:
            // The first frame back from Settings lays the shown rows out at the new size.
            changeScreen { $0.isLargeText = true }
        case .rotation:
            changeScreen { $0.isLandscape.toggle() }
            idleFrames(seconds: session.rotationSeconds)
        case .pullToRefresh(let count):
            pullToRefresh(count)
        case .loadMore(let count):
            loadMore(count)
        }
    }

    /// `reloadData` and the first screen, at the top.
    mutating func launch() {
        turn = RunLoopTurn()
        installsDriver = true
        offset = 0
        let asked = session.requests.rowsAskedAtReload(in: tops, offset: 0, viewportHeight: viewportHeight)
        displayed = rowsOnScreen
        frame(asking: Array(asked), direction: .still, runLoop: .default)
    }

    /// A flick from the current offset, decelerating at UIScrollView's normal rate.
    mutating func flick(velocity: Double) {
        let deceleration = Deceleration(velocity: velocity)
        let frameMilliseconds = 1000 / framesPerSecond
        let start = offset
        var elapsed = frameMilliseconds
        while true {
            let target = min(max(0, start + CGFloat(deceleration.distance(atMilliseconds: elapsed))), maximumOffset)
            let done = elapsed >= deceleration.durationMilliseconds || target == 0 || target == maximumOffset
            move(to: target, runLoop: .tracking)
            elapsed += frameMilliseconds
            if done { break }
        }
    }

    /// One frame at `newOffset`: the table asks the rows that came into view.
    mutating func move(to newOffset: CGFloat, runLoop: RunLoopState) {
        let direction = ScrollDirection(from: offset, to: newOffset)
        offset = newOffset
        let now = rowsOnScreen
        let asked = session.requests.rowsAsked(movingFrom: displayed, to: now)
        displayed = now
        frame(asking: asked, direction: direction, runLoop: runLoop)
    }

    /// Frames with nothing due from the main thread.
    mutating func idleFrames(seconds: Double) {
        for _ in 0..<Int((seconds * framesPerSecond).rounded()) { frame(asking: [], direction: .still, runLoop: .idle) }
    }

    /// A new screen (orientation, text size): every strategy is told, the rows move to
    /// their new heights, and the table's next layout asks what an update asks.
    mutating func changeScreen(_ change: (inout ScreenLayout) -> Void) {
        change(&screen)
        store.screenChanged(to: screen)
        layOutRows()
        // UIKit keeps the content offset through a bounds change, within the new content.
        offset = min(offset, maximumOffset)
        displayed = rowsOnScreen
        let asked = session.requests.rowsAskedAtUpdate(in: tops, offset: offset, viewportHeight: viewportHeight)
        frame(asking: Array(asked), direction: .still, runLoop: .default)
    }

    /// Rows inserted at `index` by an update (`insertRows` in a batch): every cache is told;
    /// the update's end asks what `rowsAskedAtUpdate` says.
    mutating func insert(_ newEntries: [Int], at index: Int) {
        entries.insert(contentsOf: newEntries, at: index)
        store.insertRows(index..<(index + newEntries.count))
        layOutRows()
        offset = min(offset, maximumOffset)
        displayed = rowsOnScreen
        let asked = session.requests.rowsAskedAtUpdate(in: tops, offset: offset, viewportHeight: viewportHeight)
        frame(asking: Array(asked), direction: .still, runLoop: .default)
    }

    /// The user pulls the top down (tracking), lets go, the spinner turns while the app
    /// loads (Core Animation alone), and the new entries are inserted at the top, shown.
    mutating func pullToRefresh(_ count: Int) {
        let frames = max(1, Int((session.pullSeconds * framesPerSecond).rounded()))
        let start = offset
        for index in 1...frames { move(to: start - (start + 80) * CGFloat(index) / CGFloat(frames), runLoop: .tracking) }
        idleFrames(seconds: session.loadingSeconds)
        let first = max(0, nextRefreshedEntry - max(0, count))
        let newEntries = Array(first..<nextRefreshedEntry)
        nextRefreshedEntry = first
        // `endRefreshing` takes the spinner's inset away: the table is back at its top.
        offset = 0
        insert(newEntries, at: 0)
    }

    /// The table jumps to its end (one layout there, no animation), a spinner turns while
    /// the page loads, and the page is appended below the last row.
    mutating func loadMore(_ count: Int) {
        move(to: maximumOffset, runLoop: .default)
        idleFrames(seconds: session.loadingSeconds)
        let last = min(session.feed.count, nextLoadedEntry + max(0, count))
        let newEntries = Array(nextLoadedEntry..<last)
        nextLoadedEntry = last
        insert(newEntries, at: entries.count)
    }
}
