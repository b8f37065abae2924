import Foundation

/// A frame-time strip: a run's due frames, in order, grouped into bins of consecutive frames,
/// each bin standing for its slowest frame. What feed-demo's scroll picture draws: about
/// 2,000 due frames do not fit a README's width one pixel each, and a hitch must not vanish
/// into an average, so a bin keeps its maximum (and counts its frames over budget).
///
/// Frames where nothing is due (a pause) are left out: they cannot hitch (`FrameRecord.hitch`).
package struct FrameStrip: Hashable, Sendable {
    /// Consecutive due frames, drawn as one bar.
    package struct Bin: Hashable, Sendable {
        /// The bin's first frame, counted among the due frames.
        package var firstFrame: Int
        /// How many due frames the bin holds (the last bin may hold fewer).
        package var frameCount: Int
        /// The table's own work in the bin's slowest frame (the most main-thread work), ns.
        package var frameWork: UInt64
        /// The idle precache's work in that same frame, ns.
        package var idleWork: UInt64
        /// Frames of the bin whose work passed the budget.
        package var framesOverBudget: Int

        /// The slowest frame's main-thread work: the bar's height.
        package var totalWork: UInt64 { frameWork + idleWork }
        /// Whether any frame of the bin was over budget: the bar's warning colour.
        package var isOverBudget: Bool { framesOverBudget > 0 }
    }

    /// The frame budget the bins were judged against, ns.
    package let budget: UInt64
    /// Due frames per bin.
    package let framesPerBin: Int
    /// The due frames binned.
    package let dueFrameCount: Int
    /// The bins, in play order.
    package let bins: [Bin]

    /// Bins the due frames of `records` (in play order) by `framesPerBin` (below 1 counts as 1),
    /// judging each frame against `budget` as `FrameRecord.hitch(budget:)` does.
    package init(records: [FrameRecord], budget: UInt64, framesPerBin: Int) {
        let size = max(1, framesPerBin)
        let due = records.filter(\.isAnimating)
        var bins: [Bin] = []
        bins.reserveCapacity((due.count + size - 1) / size)
        for first in stride(from: 0, to: due.count, by: size) {
            let frames = due[first..<min(first + size, due.count)]
            // The first of equally slow frames: the same bin every run.
            let slowest = frames.reduce(frames[first]) { $1.totalWork > $0.totalWork ? $1 : $0 }
            bins.append(Bin(
                firstFrame: first, frameCount: frames.count, frameWork: slowest.frameWork, idleWork: slowest.idleWork,
                framesOverBudget: frames.filter { $0.hitch(budget: budget) > 0 }.count))
        }
        self.budget = budget
        self.framesPerBin = size
        self.dueFrameCount = due.count
        self.bins = bins
    }

    /// The fewest frames per bin that fit `dueFrames` frames into `maximumBins` bars (at
    /// least 1; a `maximumBins` below 1 counts as 1).
    package static func framesPerBin(dueFrames: Int, maximumBins: Int) -> Int {
        let bars = max(1, maximumBins)
        return max(1, (max(0, dueFrames) + bars - 1) / bars)
    }

    /// The slowest due frame's work, ns (0 without frames).
    package var slowestWork: UInt64 { bins.map(\.totalWork).max() ?? 0 }

    /// Due frames over budget.
    package var framesOverBudget: Int { bins.reduce(0) { $0 + $1.framesOverBudget } }
}
