import Foundation
import TemplateLayoutEngine

/// Plays a script on a simulated self-sizing table (``EstimatedRows``) for one estimate
/// strategy, launch after launch on one disk, and measures what wrong guesses cost: the
/// content offset UIKit corrects by itself, the scroll indicator's error, `scrollToRow`'s
/// misses (issue 21).
///
/// Model assumptions beyond ``EstimatedRows``' rules:
/// - The steps move the offset as issue 20's session does (the same deceleration, the same
///   animated scroll to top); corrections made during a flick shift the rest of it.
/// - UIKit's idle-time cell prefetching is left out: it sizes a few rows ahead with the same
///   anchoring, which moves when a correction happens, not how large it is.
/// - Launch 2 plays the same script again from the same feed, after the app quit: what the
///   strategy persisted is on disk; UIKit's own heights are gone.
package struct SelfSizingSession {
    package var feed: ScrollFeed
    package var framesPerSecond: Double = 120
    package var screen = ScreenLayout()
    /// The table's `estimatedRowHeight`.
    package var estimatedRowHeight: CGFloat = 150
    package var scrollToTopSeconds: Double = 0.5

    package init(feed: ScrollFeed) {
        self.feed = feed
    }

    /// Plays `script` `launches` times with `strategy`; one metrics value per launch.
    package func run(_ script: ScrollScript, strategy: EstimateStrategy, launches: Int = 2) -> [SelfSizingMetrics] {
        let disk = SimulatedDisk()
        defer { disk.remove() }
        var seen: Set<ShownEntry> = []
        return (0..<max(1, launches)).map { _ in
            var player = SelfSizingPlayer(session: self, script: script, strategy: strategy, disk: disk, seen: seen)
            for step in script.steps { player.play(step) }
            disk.quit()
            seen = player.seen
            return player.metrics
        }
    }
}

/// One launch's state.
struct SelfSizingPlayer {
    let session: SelfSizingSession
    let strategy: EstimateStrategy
    let disk: SimulatedDisk
    var source: LaunchEstimates
    var metrics: SelfSizingMetrics
    var screen: ScreenLayout
    var entries: [Int]
    var rows: EstimatedRows
    /// Each row's real height on the current screen, and where the rows really sit.
    var trueTops: RowTops
    var nextRefreshedEntry: Int
    var nextLoadedEntry: Int
    /// Entries shown on a screen, this launch and before.
    var seen: Set<ShownEntry>
    var stepJumps: CGFloat = 0

    init(session: SelfSizingSession, script: ScrollScript, strategy: EstimateStrategy, disk: SimulatedDisk, seen: Set<ShownEntry>) {
        self.session = session
        self.strategy = strategy
        self.disk = disk
        self.seen = seen
        screen = session.screen
        source = LaunchEstimates(strategy: strategy, tableEstimate: session.estimatedRowHeight, screen: screen, disk: disk)
        metrics = SelfSizingMetrics(strategy: strategy)
        let launched = script.entriesAtLaunch(feedCount: session.feed.count)
        entries = Array(launched)
        nextRefreshedEntry = launched.lowerBound
        nextLoadedEntry = launched.upperBound
        rows = EstimatedRows(guesses: [])
        trueTops = RowTops(heights: [])
    }

    var viewportHeight: CGFloat { screen.viewportHeight }

    func trueHeight(ofRow row: Int) -> CGFloat { session.feed.height(of: entries[row], on: screen) }

    mutating func play(_ step: ScrollStep) {
        stepJumps = 0
        switch step {
        case .launch: refresh(keepingFirstRow: false)
        case .relaunch:
            disk.quit()
            source = LaunchEstimates(strategy: strategy, tableEstimate: session.estimatedRowHeight, screen: screen, disk: disk)
            rows.offset = 0
            refresh(keepingFirstRow: false)
        case .flick(let velocity): flick(velocity: velocity)
        case .pause: break
        case .scrollToTop:
            let count = max(1, Int((session.scrollToTopSeconds * session.framesPerSecond).rounded()))
            let start = rows.offset
            for index in 1...count {
                let progress = (1 - cos(Double.pi * Double(index) / Double(count))) / 2
                move(to: start * CGFloat(1 - progress))
            }
        case .textSizeChange: changeScreen { $0.isLargeText = true }
        case .rotation: changeScreen { $0.isLandscape.toggle() }
        case .pullToRefresh(let count):
            rows.offset = 0
            let first = max(0, nextRefreshedEntry - max(0, count))
            let newEntries = Array(first..<nextRefreshedEntry)
            nextRefreshedEntry = first
            entries.insert(contentsOf: newEntries, at: 0)
            refresh(keepingFirstRow: false)
        case .loadMore(let count):
            scrollToLastRow()
            let last = min(session.feed.count, nextLoadedEntry + max(0, count))
            entries.append(contentsOf: nextLoadedEntry..<last)
            nextLoadedEntry = last
            // The batch update's end: every row a guess again, the first visible row kept.
            refresh(keepingFirstRow: true)
        }
        if stepJumps > 0 { metrics.jumpsPerStep.append(StepJump(step: step.name, points: stepJumps)) }
    }

    /// `reloadData`, a batch update's end or a width change: every row's guess asked again,
    /// then the rows shown are sized.
    mutating func refresh(keepingFirstRow: Bool) {
        let before = keepingFirstRow ? rows.firstVisibleRow(viewportHeight: viewportHeight) : nil
        let oldHeights = rows.heights
        let guesses = askGuesses()
        let indicatorBefore = indicatorPosition
        let moved = rows.refresh(guesses: guesses, keeping: before, viewportHeight: viewportHeight)
        if let before, moved != 0 {
            // Rows kept in place only when rows above the first visible one were guessed
            // differently from what UIKit held (the rows above it are the same rows: updates
            // here append or replace nothing above).
            var fromSeen: CGFloat = 0
            for row in 0..<min(before.row, oldHeights.count) where seen.contains(ShownEntry(screen: screen, entry: entries[row])) {
                fromSeen += guesses[row] - oldHeights[row]
            }
            addJump(moved, fromSeenRows: fromSeen, indicatorFrom: indicatorBefore)
        }
        layOut(exposedAbove: nil)
    }

    /// UIKit asks every row's estimate (counting how many seen rows get their height), and
    /// where the rows really sit now.
    mutating func askGuesses() -> [CGFloat] {
        var guesses: [CGFloat] = []
        guesses.reserveCapacity(entries.count)
        for (row, entry) in entries.enumerated() {
            let guess = source.estimate(entry: entry, kind: session.feed.kinds[entry])
            guesses.append(guess)
            if seen.contains(ShownEntry(screen: screen, entry: entry)) {
                metrics.seenRowEstimates += 1
                if guess == trueHeight(ofRow: row) { metrics.exactSeenRowEstimates += 1 }
            }
        }
        trueTops = RowTops(heights: entries.indices.map(trueHeight(ofRow:)))
        return guesses
    }

    mutating func changeScreen(_ change: (inout ScreenLayout) -> Void) {
        let before = rows.firstVisibleRow(viewportHeight: viewportHeight)
        change(&screen)
        source.screenChanged(to: screen)
        // On the new screen the old heights are wrong by nature: only the guesses' own error
        // counts, so the kept row's new top is compared with its real one.
        let guesses = askGuesses()
        _ = rows.refresh(guesses: guesses, keeping: before, viewportHeight: viewportHeight)
        if let before {
            let guessedTop = rows.tops.tops[before.row]
            var fromSeen: CGFloat = 0
            for row in 0..<before.row where seen.contains(ShownEntry(screen: screen, entry: entries[row])) {
                fromSeen += guesses[row] - trueHeight(ofRow: row)
            }
            // As the row's rows above get sized, UIKit will correct by this much.
            let error = guessedTop - trueTops.tops[before.row]
            // The indicator moves with the new screen's real heights too: its jump is not
            // told apart, so none is counted.
            if error != 0 { addJump(error, fromSeenRows: fromSeen, indicatorFrom: nil) }
        }
        layOut(exposedAbove: nil)
    }

    /// A flick, decelerating at UIScrollView's normal rate; UIKit's corrections shift the
    /// rest of it.
    mutating func flick(velocity: Double) {
        let deceleration = Deceleration(velocity: velocity)
        let frameMilliseconds = 1000 / session.framesPerSecond
        var start = rows.offset
        var elapsed = frameMilliseconds
        while true {
            let maximum = rows.maximumOffset(viewportHeight: viewportHeight)
            let target = min(max(0, start + CGFloat(deceleration.distance(atMilliseconds: elapsed))), maximum)
            let done = elapsed >= deceleration.durationMilliseconds || target == 0 || target == maximum
            let corrected = move(to: target)
            start += corrected
            elapsed += frameMilliseconds
            if done { break }
        }
    }

    /// One frame at `newOffset`; returns UIKit's correction of the offset in it.
    @discardableResult
    mutating func move(to newOffset: CGFloat) -> CGFloat {
        let previousFirst = rows.visibleRows(viewportHeight: viewportHeight).first
        let movesUp = newOffset < rows.offset
        rows.offset = newOffset
        let correction = layOut(exposedAbove: movesUp ? previousFirst : nil)
        measureIndicator()
        return correction
    }

    /// Sizes the rows shown; rows above `exposedAbove` (the strip exposed at the top of an
    /// upward move) are anchored. Returns the offset's correction.
    @discardableResult
    mutating func layOut(exposedAbove: Int?) -> CGFloat {
        var correction: CGFloat = 0
        // Sizing changes which rows fit; UIKit's loop adds a row at a time and looks again.
        for _ in 0..<1_000 {
            let visible = rows.visibleRows(viewportHeight: viewportHeight)
            guard let row = visible.reversed().first(where: { !rows.isSized[$0] && $0 < (exposedAbove ?? -1) })
                ?? visible.first(where: { !rows.isSized[$0] }) else { break }
            let shown = ShownEntry(screen: screen, entry: entries[row])
            let indicatorBefore = indicatorPosition
            let change = rows.size(row, height: trueHeight(ofRow: row))
            if let exposedAbove, row < exposedAbove, change != 0 {
                rows.offset += change
                correction += change
                addJump(change, fromSeenRows: seen.contains(shown) ? change : 0, indicatorFrom: indicatorBefore)
            }
        }
        // willDisplay for every row shown (sized here or by scrollToRow beforehand): what
        // the app records; recording an unchanged height stores nothing.
        for row in rows.visibleRows(viewportHeight: viewportHeight) {
            let entry = entries[row]
            source.displayed(entry: entry, kind: session.feed.kinds[entry], height: trueHeight(ofRow: row))
            seen.insert(ShownEntry(screen: screen, entry: entry))
        }
        return correction
    }

    /// Load more's jump to the end: `scrollToRow(at: last, at: .bottom, animated: false)`.
    /// UIKit sizes the rows around the target first, then sets the offset and lays out.
    mutating func scrollToLastRow() {
        guard rows.count > 0 else { return }
        var filled: CGFloat = 0
        var row = rows.count - 1
        while row >= 0, filled < viewportHeight {
            filled += trueHeight(ofRow: row)
            _ = rows.size(row, height: trueHeight(ofRow: row))
            row -= 1
        }
        let target = rows.maximumOffset(viewportHeight: viewportHeight)
        rows.offset = target
        layOut(exposedAbove: nil)
        let lastBottom = rows.tops.contentHeight
        metrics.scrollToRowMiss += abs(lastBottom - (rows.offset + min(viewportHeight, lastBottom)))
        measureIndicator()
    }

    /// Where the scroll indicator stands, in percent of its track.
    var indicatorPosition: Double {
        let track = rows.maximumOffset(viewportHeight: viewportHeight)
        return track > 0 ? Double(rows.offset / track) * 100 : 0
    }

    /// A correction of `points`; `indicatorFrom` is the indicator's position before it, if
    /// its jump counts.
    mutating func addJump(_ points: CGFloat, fromSeenRows seenPoints: CGFloat, indicatorFrom: Double?) {
        if let indicatorFrom { metrics.indicatorJumps += abs(indicatorPosition - indicatorFrom) }
        metrics.offsetJumps += abs(points)
        metrics.offsetJumpsFromSeenRows += abs(seenPoints)
        metrics.jumpCount += 1
        stepJumps += abs(points)
    }

    /// The scroll indicator's error in this frame: where it shows the user (the offset in
    /// UIKit's content height) against where the user is (the same content in the real one),
    /// in percent of the track.
    mutating func measureIndicator() {
        let visible = rows.visibleRows(viewportHeight: viewportHeight)
        guard let first = visible.first else { return }
        let shownTrack = rows.maximumOffset(viewportHeight: viewportHeight)
        let realTrack = max(0, trueTops.contentHeight - viewportHeight)
        guard shownTrack > 0, realTrack > 0 else { return }
        let realOffset = trueTops.tops[first] + (rows.offset - rows.tops.tops[first])
        let error = abs(Double(rows.offset / shownTrack) - Double(min(realOffset, realTrack) / realTrack)) * 100
        metrics.addIndicatorError(error)
    }
}
