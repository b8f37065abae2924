import Foundation

/// A run with every frame's record kept: for frame-time strips (`FrameStrip`).
package struct RecordedScrollRun: Sendable {
    package var metrics: ScrollMetrics
    /// Every frame interval played, idle ones included, in order.
    package var frames: [FrameRecord]
}

extension ScrollSession {
    /// The standard session of issue 20: 3,000 entries from `ScrollReport.seed`, at
    /// `framesPerSecond` (below 1: 60), with `costs`.
    package static func standard(framesPerSecond: Int = 120, costs: LayoutCostTable = LayoutCostTable()) -> ScrollSession {
        var session = ScrollSession(feed: ScrollFeed(rowCount: 3_000, seed: ScrollReport.seed))
        session.clock = FrameClock(framesPerSecond: framesPerSecond)
        session.costs = costs
        return session
    }

    /// Plays `script` as `run(_:strategy:)` does and keeps each frame's record; a
    /// `frameObserver` already set still sees every frame.
    package func recordedRun(_ script: ScrollScript = .standard, strategy: ScrollStrategy) -> RecordedScrollRun {
        final class Frames { var records: [FrameRecord] = [] }
        let frames = Frames()
        var session = self
        let observer = frameObserver
        session.frameObserver = { index, record in
            frames.records.append(record)
            observer?(index, record)
        }
        let metrics = session.run(script, strategy: strategy)
        return RecordedScrollRun(metrics: metrics, frames: frames.records)
    }
}
