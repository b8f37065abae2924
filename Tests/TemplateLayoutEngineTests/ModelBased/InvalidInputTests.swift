import Foundation
import ReferenceTableModel
import Testing
@testable import TemplateLayoutEngine

extension ModelBased {
    /// The engine on input UIKit would refuse: it must not trap, must keep its invariants
    /// (checked inside the engine in builds with `TEMPLATE_LAYOUT_INTERNAL_CHECKS=1`), must
    /// do what it documents with what it can see is wrong, must never disturb sections the
    /// bad input does not touch, and must work normally afterwards.
    @Suite struct InvalidInputTests {
        static let trialsPerRun = 80

        @Test(arguments: ModelBasedSeeds.seeds(salt: 0xBAD).prefix(ModelBasedSeeds.override == nil ? 6 : 1))
        func engineSurvivesInvalidInput(seed: UInt64) {
            var harness = CacheModelHarness(seed: seed)
            var random = SeededRandom(seed: SeededRandom.mix(seed ^ 0xBAD))
            do {
                for _ in 0..<Self.trialsPerRun {
                    // Some valid history first, and heights in several contexts.
                    for _ in 0..<random.int(in: 1...4) { try harness.runStep() }
                    try harness.fillContexts(count: random.int(in: 0...2), fraction: 0.8)
                    if random.chance(0.05) {
                        try unmatchedEndUpdatesChangesNothing(&harness)
                    } else if let invalid = InvalidBatchGenerator.make(for: harness.table, using: &random) {
                        try apply(invalid, to: &harness, using: &random)
                    }
                    // And the cache must go on working exactly.
                    for _ in 0..<3 { try harness.runStep() }
                }
            } catch {
                Issue.record(Comment(rawValue: error.description))
            }
        }

        private func apply(_ invalid: InvalidCase, to harness: inout CacheModelHarness, using random: inout SeededRandom) throws(ModelFailure) {
            if let reason = harness.table.validationError(for: ReferenceBatch(invalid.updates)).map({ "\($0.reason)" }) {
                harness.note("invalid input (\(reason)): \(invalid)")
            } else {
                throw harness.failure("the invalid-batch generator made a batch the model accepts: \(invalid)")
            }
            let problems = harness.cache.statistics.problems
            let delivery = BatchDelivery.random(forCallCount: invalid.updates.count, using: &random)
            let transcript = delivery.deliver(invalid.updates, to: harness.cache, using: &random)
            harness.note("delivered by \(delivery): \(transcript)")
            let reported = harness.cache.statistics.problems - problems

            switch invalid.promise {
            case .forgetsSections(let sections):
                guard reported > 0 else { throw harness.failure("no problem counted for \(invalid)") }
                let touched = Set(sections.flatMap { harness.table.sections.indices.contains($0) ? harness.table.sections[$0] : [] })
                harness.forget(touched)
                try harness.verifyEveryKeptContext()
            case .forgetsEverything:
                guard reported > 0 else { throw harness.failure("no problem counted for \(invalid)") }
                harness.forgetAll()
                try harness.verifyEveryKeptContext()
            case .keepsOtherSections(let sections):
                try harness.verifyEveryKeptContext(ignoring: sections)
                harness.reloadData()
            case .survives:
                harness.reloadData()
            }
        }

        private func unmatchedEndUpdatesChangesNothing(_ harness: inout CacheModelHarness) throws(ModelFailure) {
            harness.note("endUpdates without beginUpdates")
            let problems = harness.cache.statistics.problems
            harness.cache.endUpdates()
            guard harness.cache.statistics.problems == problems + 1 else {
                throw harness.failure("endUpdates without beginUpdates was not counted as one problem")
            }
            try harness.verifyEveryKeptContext()
        }

        /// Bad input cannot trap through the lookups and stores either.
        @Test func lookupsAndStoresOfBadIndexPathsAreHarmless() {
            let cache = IndexPathHeightCache(context: LayoutContext(width: 320), log: DebugLog(isEnabled: false, reportsProblems: false))
            let bad = [IndexPath(), IndexPath(indexes: [0]), IndexPath(indexes: [0, 1, 2]), IndexPath(indexes: [-1, 0]), IndexPath(indexes: [0, -1]), IndexPath(indexes: [Int.max, Int.max])]
            for path in bad {
                cache.store(44, at: path)
                #expect(cache.height(at: path) == nil)
                #expect(!cache.containsHeight(at: path))
            }
            for height in [-1, .nan, .infinity] as [CGFloat] {
                cache.store(height, at: IndexPath(indexes: [0, 0]))
            }
            #expect(cache.count == 0)
            #expect(cache.statistics.problems == bad.count + 3)
        }
    }
}
