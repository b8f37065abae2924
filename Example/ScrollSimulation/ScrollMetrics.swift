import Foundation

/// What one strategy cost over one script: the rows.
package struct ScrollMetrics: Hashable, Sendable {
    /// The strategy measured.
    package var strategy: ScrollStrategy
    /// Frame intervals played, idle ones included.
    package var frames = 0
    /// Frames due (something moved): what the hitch time ratio divides by.
    package var animatingFrames = 0
    /// Template layouts the table's own requests caused inside frames.
    package var layoutsInFrames = 0
    /// Frames whose work passed the budget.
    package var framesOverBudget = 0
    /// Nanoseconds over budget, summed.
    package var hitchNanoseconds: UInt64 = 0
    /// The longest due frame's work, nanoseconds.
    package var worstFrameNanoseconds: UInt64 = 0
    /// Template layouts the idle precache did.
    package var layoutsInIdle = 0
    /// Rows measured (in frames or idle) that never came into the viewport on the screen
    /// (orientation, text size) they were measured for.
    package var layoutsWasted = 0
    /// Heights answered from the cache that were measured on another screen: no layout,
    /// but a row drawn at the wrong height (FD after a text-size change).
    package var staleHeights = 0
    /// The most bytes of heights held at the end of a step.
    package var heightBytes = 0
    /// Layouts inside frames, per script step, in order (e.g. `flick 5000`: 3).
    package var layoutsInFramesPerStep: [StepCount] = []

    package init(strategy: ScrollStrategy) {
        self.strategy = strategy
    }

    /// The session's length in seconds on `clock`.
    package func seconds(on clock: FrameClock) -> Double { Double(frames) * clock.frameDuration }

    /// The seconds something moved on screen.
    package func animatingSeconds(on clock: FrameClock) -> Double { Double(animatingFrames) * clock.frameDuration }

    /// Apple's hitch time ratio: milliseconds of hitch per second of motion (the scroll
    /// metrics of XCTest divide by the scroll's duration, not the idle time around it).
    package func hitchRatio(on clock: FrameClock) -> Double {
        let seconds = animatingSeconds(on: clock)
        return seconds > 0 ? Double(hitchNanoseconds) / 1e6 / seconds : 0
    }

    /// Adds one frame's record.
    mutating func add(_ record: FrameRecord, budget: UInt64) {
        frames += 1
        if record.isAnimating { animatingFrames += 1 }
        layoutsInFrames += record.layoutsInFrame
        layoutsInIdle += record.layoutsInIdle
        let hitch = record.hitch(budget: budget)
        if hitch > 0 { framesOverBudget += 1 }
        hitchNanoseconds += hitch
        if record.isAnimating { worstFrameNanoseconds = max(worstFrameNanoseconds, record.totalWork) }
    }
}

/// Layouts inside frames during one named step of a script.
package struct StepCount: Hashable, Sendable {
    package var step: String
    package var count: Int
    /// Those of rows within the preload range as it stood when the step began (the rows
    /// issue 20's first goal is about).
    package var withinPreloadRange = 0
    /// Hitch time during the step, nanoseconds.
    package var hitchNanoseconds: UInt64 = 0
}
