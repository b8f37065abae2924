import Foundation

/// One step of a scripted session, played frame by frame.
package enum ScrollStep: Hashable, Sendable {
    /// `reloadData` and the first layout of the first screen.
    case launch
    /// A flick toward the end (positive) or the start (negative), points per second,
    /// decelerating until it stops or meets the content's end.
    case flick(velocity: Double)
    /// The finger off the screen: frames with nothing to draw, all idle.
    case pause(seconds: Double)
    /// The status-bar tap: an animated scroll to offset 0.
    case scrollToTop
}

/// A list of steps, played in order on a fresh table for each strategy.
package struct ScrollScript: Hashable, Sendable {
    package var name: String
    package var steps: [ScrollStep]

    package init(name: String, steps: [ScrollStep]) {
        self.name = name
        self.steps = steps
    }

    /// Issue 20's first script: launch, flicks at 2,000, 5,000 and 8,000 pt/s with a
    /// second's pause after each, scroll to top. (Text-size change, rotation, pull to
    /// refresh, load more and relaunch are left for a later session.)
    package static let first = ScrollScript(name: "launch, flicks 2k/5k/8k pt/s, scroll to top", steps: [
        .launch, .pause(seconds: 1),
        .flick(velocity: 2_000), .pause(seconds: 1),
        .flick(velocity: 5_000), .pause(seconds: 1),
        .flick(velocity: 8_000), .pause(seconds: 1),
        .scrollToTop, .pause(seconds: 1),
    ])
}
