import Foundation

/// One step of a scripted session, played frame by frame.
package enum ScrollStep: Hashable, Sendable {
    /// `reloadData` and the first layout of the first screen, at the top.
    case launch
    /// A flick toward the end (positive) or the start (negative), points per second,
    /// decelerating until it stops or meets the content's end.
    case flick(velocity: Double)
    /// The finger off the screen: frames with nothing to draw, all idle.
    case pause(seconds: Double)
    /// The status-bar tap: an animated scroll to offset 0.
    case scrollToTop
    /// Dynamic Type from L to XXL while the app is in the background; the first frame back
    /// lays out the rows it shows again.
    case textSizeChange
    /// A rotation to the other orientation.
    case rotation
    /// Pull to refresh: the user pulls, the spinner turns while the app loads, and `rows`
    /// new entries are inserted at the top.
    case pullToRefresh(rows: Int)
    /// Load more: the table jumps to its end (`scrollToRow(at:at:animated: false)`; the way
    /// down is not played), the spinner turns while the app loads, and `rows` entries are
    /// appended below.
    case loadMore(rows: Int)
    /// The app quits and launches again: what was in memory is gone; what persists is read
    /// at launch; then ``launch``.
    case relaunch

    /// The step's name in the tables.
    package var name: String {
        switch self {
        case .launch: "launch"
        case .flick(let velocity): "flick \(Int(velocity))"
        case .pause(let seconds): "pause \(seconds)s"
        case .scrollToTop: "scroll to top"
        case .textSizeChange: "text size L -> XXL"
        case .rotation: "rotation"
        case .pullToRefresh(let rows): "pull to refresh (\(rows) new)"
        case .loadMore(let rows): "load more (\(rows))"
        case .relaunch: "relaunch"
        }
    }
}

/// A list of steps, played in order on a fresh table for each strategy.
package struct ScrollScript: Hashable, Sendable {
    package var name: String
    package var steps: [ScrollStep]

    package init(name: String, steps: [ScrollStep]) {
        self.name = name
        self.steps = steps
    }

    /// The entries of a feed of `count` the table holds at launch: all but those the
    /// script's refreshes insert at the top (the newest) and its loads append (the oldest).
    package func entriesAtLaunch(feedCount: Int) -> Range<Int> {
        var refreshed = 0
        var loaded = 0
        for step in steps {
            if case .pullToRefresh(let rows) = step { refreshed += max(0, rows) }
            if case .loadMore(let rows) = step { loaded += max(0, rows) }
        }
        let lower = min(refreshed, feedCount)
        return lower..<max(lower, feedCount - loaded)
    }

    /// Issue 20's script: launch; flicks at 2,000, 5,000 and 8,000 pt/s with a second's
    /// pause after each; scroll to top; a text-size change; a rotation and back; pull to
    /// refresh (20 rows at the top); load more at the bottom (20 rows, then a flick into
    /// them); a relaunch with persisted heights and a flick.
    package static let standard = ScrollScript(name: "issue 20's script", steps: [
        .launch, .pause(seconds: 1),
        .flick(velocity: 2_000), .pause(seconds: 1),
        .flick(velocity: 5_000), .pause(seconds: 1),
        .flick(velocity: 8_000), .pause(seconds: 1),
        .scrollToTop, .pause(seconds: 1),
        .textSizeChange, .pause(seconds: 1),
        .rotation, .pause(seconds: 1),
        .rotation, .pause(seconds: 1),
        .pullToRefresh(rows: 20), .pause(seconds: 1),
        .loadMore(rows: 20), .pause(seconds: 1),
        .flick(velocity: 5_000), .pause(seconds: 1),
        .relaunch, .pause(seconds: 1),
        .flick(velocity: 5_000), .pause(seconds: 1),
    ])

    /// The first part of ``standard``: launch, the three flicks, scroll to top. No update,
    /// so every index-path cache holds the same rows.
    package static let flicks = ScrollScript(name: "launch, flicks 2k/5k/8k pt/s, scroll to top", steps: Array(standard.steps.prefix(10)))
}
