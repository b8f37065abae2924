import Foundation
import Testing
@testable import ScrollSimulation

@Suite struct FrameStripTests {
    /// A due frame with `frame` ms of the table's work and `idle` ms of the precache's.
    static func record(_ frame: Double, idle: Double = 0, due: Bool = true) -> FrameRecord {
        var record = FrameRecord()
        record.isAnimating = due
        record.frameWork = UInt64(frame * 1e6)
        record.idleWork = UInt64(idle * 1e6)
        return record
    }

    static let budget = FrameClock(framesPerSecond: 120).frameNanoseconds

    @Test func aBinKeepsItsSlowestFrameNotTheAverage() {
        let records = [1.0, 7.5, 2, 0.5, 3, 3].map { Self.record($0) }
        let strip = FrameStrip(records: records, budget: Self.budget, framesPerBin: 4)
        #expect(strip.bins.map(\.frameCount) == [4, 2])
        #expect(strip.bins.map(\.firstFrame) == [0, 4])
        #expect(strip.bins[0].totalWork == 7_500_000)
        #expect(strip.bins[1].totalWork == 3_000_000)
        #expect(strip.slowestWork == 7_500_000)
    }

    @Test func theSlowestFrameKeepsItsSplitBetweenTheTableAndThePrecache() {
        // The second frame has less table work but more in total: its split is the bin's.
        let strip = FrameStrip(records: [Self.record(5), Self.record(2, idle: 4)], budget: Self.budget, framesPerBin: 2)
        #expect(strip.bins == [FrameStrip.Bin(firstFrame: 0, frameCount: 2, frameWork: 2_000_000, idleWork: 4_000_000, framesOverBudget: 0)])
    }

    @Test func binsWithAFrameOverBudgetAreMarkedAndCounted() {
        let records = [Self.record(8), Self.record(2), Self.record(6, idle: 3), Self.record(9), Self.record(1), Self.record(8.33)]
        let strip = FrameStrip(records: records, budget: Self.budget, framesPerBin: 2)
        #expect(strip.bins.map(\.isOverBudget) == [false, true, false], "8.33 ms is within 8,333,333 ns")
        #expect(strip.bins.map(\.framesOverBudget) == [0, 2, 0], "precache work counts: 6 + 3 ms is over")
        #expect(strip.framesOverBudget == 2)
    }

    @Test func framesWhereNothingIsDueAreLeftOut() {
        // A pause's frames cannot hitch, whatever the precache does in them.
        let records = [Self.record(1), Self.record(0, idle: 9, due: false), Self.record(2)]
        let strip = FrameStrip(records: records, budget: Self.budget, framesPerBin: 1)
        #expect(strip.dueFrameCount == 2)
        #expect(strip.bins.map(\.totalWork) == [1_000_000, 2_000_000])
        #expect(strip.framesOverBudget == 0)
    }

    @Test func framesPerBinFitsTheFramesIntoTheBars() {
        #expect(FrameStrip.framesPerBin(dueFrames: 1_942, maximumBins: 480) == 5)
        #expect(FrameStrip.framesPerBin(dueFrames: 480, maximumBins: 480) == 1)
        #expect(FrameStrip.framesPerBin(dueFrames: 481, maximumBins: 480) == 2)
        #expect(FrameStrip.framesPerBin(dueFrames: 0, maximumBins: 480) == 1)
    }

    @Test func badInputGivesASafeStrip() {
        #expect(FrameStrip.framesPerBin(dueFrames: -5, maximumBins: 0) == 1)
        let strip = FrameStrip(records: [Self.record(1), Self.record(2)], budget: Self.budget, framesPerBin: 0)
        #expect(strip.framesPerBin == 1 && strip.bins.count == 2)
        #expect(FrameStrip(records: [], budget: Self.budget, framesPerBin: 3).bins.isEmpty)
        #expect(FrameStrip(records: [], budget: Self.budget, framesPerBin: 3).slowestWork == 0)
    }

    @Test func aRecordedRunKeepsEveryFrameTheMetricsCounted() {
        let session = ScrollSession(feed: ScrollFeed(rowCount: 3_000, seed: ScrollReport.seed))
        var seen = 0
        var observed = session
        observed.frameObserver = { _, _ in seen += 1 }
        let run = observed.recordedRun(.flicks, strategy: .enginePrecache)
        #expect(run.metrics == session.run(.flicks, strategy: .enginePrecache))
        #expect(run.frames.count == run.metrics.frames && seen == run.metrics.frames, "an observer already set still sees each frame")
        let strip = FrameStrip(records: run.frames, budget: session.clock.frameNanoseconds, framesPerBin: 4)
        #expect(strip.dueFrameCount == run.metrics.animatingFrames)
        #expect(strip.framesOverBudget == run.metrics.framesOverBudget)
        #expect(strip.slowestWork == run.metrics.worstFrameNanoseconds)
    }
}
