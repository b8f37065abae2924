import Foundation
import Testing
@testable import ScrollSimulation

@Suite struct ScrollSessionTests {
    static let seeds: [UInt64] = [0x5C20_11_F1EE, 1, 42, 0xDEAD_BEEF]

    @Test func aSessionIsDeterministic() {
        let session = ScrollSession(feed: ScrollFeed(rowCount: 3_000, seed: Self.seeds[0]))
        for strategy in ScrollStrategy.allCases {
            #expect(session.run(.flicks, strategy: strategy) == session.run(.flicks, strategy: strategy), "seed \(Self.seeds[0])")
        }
    }

    @Test(arguments: seeds)
    func theStrategiesRankAsCachingPromises(seed: UInt64) {
        let session = ScrollSession(feed: ScrollFeed(rowCount: 3_000, seed: seed))
        let results = ScrollStrategy.allCases.map { session.run(.flicks, strategy: $0) }
        let (none, fd, engine, precache) = (results[0], results[1], results[2], results[3])
        #expect(Set(results.map(\.frames)).count == 1, "seed \(seed): the same script plays the same frames")
        #expect(none.layoutsInFrames > fd.layoutsInFrames, "seed \(seed): scrolling back re-measures without a cache")
        #expect(fd.layoutsInFrames == engine.layoutsInFrames, "seed \(seed): no updates, so index-path caches agree")
        #expect(precache.layoutsInFrames <= engine.layoutsInFrames, "seed \(seed)")
        #expect(none.layoutsInIdle == 0 && fd.layoutsInIdle == 0 && engine.layoutsInIdle == 0, "seed \(seed)")
        #expect(precache.framesOverBudget <= engine.framesOverBudget, "seed \(seed): the precache keeps to the frame")
        #expect(engine.layoutsWasted == 0 && none.layoutsWasted == 0, "seed \(seed): with no overscan the table measures only what it shows")
    }

    /// Issue 20's first goal: 0 layouts inside frames within the preload range, at flicks
    /// up to 5,000 pt/s.
    @Test(arguments: seeds)
    func withPrecacheFlicksUpTo5000PointsPerSecondLayNothingOutInFrames(seed: UInt64) {
        let session = ScrollSession(feed: ScrollFeed(rowCount: 3_000, seed: seed))
        let metrics = session.run(.flicks, strategy: .enginePrecache)
        for step in metrics.layoutsInFramesPerStep where step.step == "flick 2000" || step.step == "flick 5000" {
            #expect(step.withinPreloadRange == 0, "seed \(seed), \(step.step)")
        }
    }

    @Test func hitchTimeIsTheWorkOverEachFramesBudget() {
        // Every layout costs 10 ms: the launch frame asks the visible rows, n x 10 ms of work.
        let feed = ScrollFeed(rowCount: 100, seed: Self.seeds[1])
        var session = ScrollSession(feed: feed)
        session.costs = LayoutCostTable(simple: 10_000_000, textHeavy: 10_000_000, complex: 10_000_000)
        let metrics = session.run(ScrollScript(name: "launch", steps: [.launch, .pause(seconds: 1)]), strategy: .noCache)
        let visible = feed.rows(from: 0, to: 844).count
        #expect(metrics.frames == 121)
        #expect(metrics.animatingFrames == 1, "the pause renders nothing")
        #expect(metrics.layoutsInFrames == visible)
        #expect(metrics.framesOverBudget == 1)
        #expect(metrics.hitchNanoseconds == UInt64(visible) * 10_000_000 - 8_333_333, "seed \(Self.seeds[1])")
        #expect(metrics.worstFrameNanoseconds == UInt64(visible) * 10_000_000)
        #expect(abs(metrics.hitchRatio(on: session.clock) - Double(metrics.hitchNanoseconds) / 1e6 / (1.0 / 120)) < 1e-9)
    }

    @Test func withoutEstimatesTheLaunchFrameMeasuresEveryRow() {
        var session = ScrollSession(feed: ScrollFeed(rowCount: 200, seed: Self.seeds[2]))
        session.requests = HeightRequests(usesEstimatedHeights: false)
        let metrics = session.run(ScrollScript(name: "launch", steps: [.launch]), strategy: .fdAlgorithm)
        #expect(metrics.layoutsInFrames == 200, "seed \(Self.seeds[2])")
        #expect(metrics.layoutsWasted == 200 - session.feed.rows(from: 0, to: 844).count)
    }

    @Test func heightsMemoryCountsWhatEachStorageHolds() {
        let session = ScrollSession(feed: ScrollFeed(rowCount: 3_000, seed: Self.seeds[0]))
        let engine = session.run(.flicks, strategy: .engine)
        let fd = session.run(.flicks, strategy: .fdAlgorithm)
        // The engine keeps a key and a height per measured entry; FD two pointers per slot.
        #expect(engine.heightBytes == engine.layoutsInFrames * (MemoryLayout<AnyHashable>.size + 8))
        #expect(fd.heightBytes > 0 && fd.heightBytes % 16 == 0)
        #expect(session.run(.flicks, strategy: .noCache).heightBytes == 0)
    }
}

/// What this simulator found in the engine's precache design, at 4x the costs (rows
/// costing more than a frame). No pass runs during a flick (tracking mode), so such rows
/// are precached in pauses only, and the precache lowers the hitch time. At launch a pass
/// used to run in a frame already over budget (`passDeadline` gave a turn longer than a
/// frame its budget from now), so the precache made the worst frame worse: now such a turn
/// skips its pass and asks for a fresh one.
@Suite struct PrecacheHitchFindingTests {
    static let seed: UInt64 = 0x5C20_11_F1EE

    static func run(_ strategy: ScrollStrategy) -> ScrollMetrics {
        var session = ScrollSession(feed: ScrollFeed(rowCount: 3_000, seed: seed))
        session.costs = LayoutCostTable(simple: 800_000, textHeavy: 4_000_000, complex: 10_000_000)
        return session.run(.flicks, strategy: strategy)
    }

    @Test func withRowsCostingMoreThanAFrameThePrecacheStillLowersTheHitchTime() {
        let engine = Self.run(.engine)
        let precache = Self.run(.enginePrecache)
        #expect(precache.hitchNanoseconds < engine.hitchNanoseconds, "seed \(Self.seed)")
        #expect(precache.framesOverBudget < engine.framesOverBudget, "seed \(Self.seed)")
    }

    @Test func thePrecacheLeavesAFrameAlreadyOverBudgetAlone() {
        let engine = Self.run(.engine)
        let precache = Self.run(.enginePrecache)
        // Fails without `IdlePrecache.asksForAFreshTurn`: the launch frame, already over
        // budget, took a pass's budget more.
        #expect(precache.worstFrameNanoseconds <= engine.worstFrameNanoseconds, "seed \(Self.seed)")
    }
}
