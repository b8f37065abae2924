import Foundation

/// What estimates cost a self-sizing table over one launch of a script.
package struct SelfSizingMetrics: Hashable, Sendable {
    package let strategy: EstimateStrategy
    /// Points UIKit moved the content offset by itself to keep shown rows still (rows sized
    /// at the top edge, the first visible row restored after a refresh): the scroll indicator
    /// jumps by as much. Each correction counts its size.
    package var offsetJumps: CGFloat = 0
    /// The part of ``offsetJumps`` owed to rows the user had seen on the same screen (this
    /// launch or an earlier one): a guess for them could have been their height.
    package var offsetJumpsFromSeenRows: CGFloat = 0
    /// How many corrections were made.
    package var jumpCount = 0
    /// How far the scroll indicator moved by those corrections, in percent of its track: what
    /// the user sees of them. A correction that keeps the shown rows still and the content's
    /// proportions (every guess above and below changed alike) moves it little.
    package var indicatorJumps: Double = 0
    /// The scroll indicator's error, in percent of its track, summed over frames that moved.
    package var indicatorErrorSum: Double = 0
    package var indicatorFrames = 0
    /// The worst such error.
    package var worstIndicatorError: Double = 0
    /// Points between where `scrollToRow` put its row and where the row ended up after the
    /// layout it caused.
    package var scrollToRowMiss: CGFloat = 0
    /// Estimates asked for rows seen before on the same screen, and how many were exact.
    package var seenRowEstimates = 0
    package var exactSeenRowEstimates = 0
    /// Offset jumps per step, in script order (steps with none are left out).
    package var jumpsPerStep: [StepJump] = []

    package init(strategy: EstimateStrategy) {
        self.strategy = strategy
    }

    /// The mean indicator error over the frames that moved, in percent of the track.
    package var meanIndicatorError: Double { indicatorFrames == 0 ? 0 : indicatorErrorSum / Double(indicatorFrames) }

    mutating func addIndicatorError(_ error: Double) {
        indicatorErrorSum += error
        indicatorFrames += 1
        worstIndicatorError = max(worstIndicatorError, error)
    }
}

/// One step's offset jumps.
package struct StepJump: Hashable, Sendable {
    package let step: String
    package let points: CGFloat
}
