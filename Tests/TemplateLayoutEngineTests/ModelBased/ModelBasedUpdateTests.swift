import Foundation
import ReferenceTableModel
import Testing
@testable import TemplateLayoutEngine

extension ModelBased {
    /// The engine against an independent model of `UITableView`, on random valid batches.
    ///
    /// Each run starts from a random table and applies ``ModelBasedSeeds/stepsPerRun``
    /// random batches (with context switches and the odd `reloadData`), delivered in every
    /// way UIKit allows, checking after each that the cache serves exactly the heights it
    /// should (see ``CacheModelHarness``). A run stops at its first failure, whose message
    /// carries the seed and step to replay it with `TEMPLATE_LAYOUT_SEED`.
    @Suite struct UpdateTests {
        @Test(arguments: ModelBasedSeeds.seeds())
        func engineFollowsTheModel(seed: UInt64) {
            var harness = CacheModelHarness(seed: seed)
            do {
                for _ in 0..<ModelBasedSeeds.stepsPerRun {
                    try harness.runStep()
                }
                try harness.verifyEveryKeptContext()
            } catch {
                Issue.record(Comment(rawValue: error.description))
            }
        }

        @Test func aNormalRunChecksAtLeastTenThousandBatches() {
            // Guards against the suite quietly shrinking.
            if ModelBasedSeeds.override == nil {
                #expect(ModelBasedSeeds.runCount * ModelBasedSeeds.stepsPerRun >= 10_000)
            }
        }

        /// The hand-checked batches of `ReferenceTableTests`, through the engine: every row
        /// measured first, so every surviving height must come through.
        @Test(arguments: HandCheckedBatches.all)
        func engineAgreesOnHandCheckedBatches(example: HandCheckedBatches.Example) {
            let lone = example.batch.updates.count == 1
            for delivery in BatchDelivery.allCases where lone || (delivery != .singleApply && delivery != .singleUIKitCall) {
                var random = SeededRandom(seed: 1)
                let context = LayoutContext(width: 320)
                let cache = IndexPathHeightCache(context: context, log: DebugLog(isEnabled: false, reportsProblems: false))
                for path in example.table.indexPaths {
                    cache.store(example.table.trueHeight(at: path, in: context)!, at: path)
                }
                let transcript = delivery.deliver(example.batch.updates, to: cache, using: &random)
                let after = try? example.table.applying(example.batch)
                guard let after else {
                    Issue.record("the model refuses \(example.name)")
                    return
                }
                let survivors = Set(example.table.sections.joined()).intersection(after.sections.joined())
                for path in after.indexPaths {
                    let item = after.item(at: path)!
                    let expected = survivors.contains(item) ? ReferenceTable.trueHeight(of: item, in: context) : nil
                    #expect(cache.height(at: path) == expected, "\(example.name) at \(HeightFormat.string(path)) via \(transcript)")
                }
                #expect(cache.count == survivors.count, "\(example.name) via \(transcript)")
                #expect(cache.statistics.problems == 0, "\(example.name) via \(transcript)")
            }
        }
    }
}
