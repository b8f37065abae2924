import Foundation
import ReferenceTableModel
import Testing
@testable import TemplateLayoutEngine

extension ModelBased {
    /// Issue 19: the engine against the reference model with a collection view's vocabulary:
    /// items as rows, `UICollectionView`'s spellings, `performBatchUpdates` as the only batch
    /// (the engine's, or the calls its hooks see), reconfigures, and a cache alternating
    /// between width-fixed and height-fixed contexts of several lengths, two of them the
    /// same length in both dimensions. After every batch every kept context must hold
    /// exactly the lengths of the items measured there that survived.
    @Suite struct CollectionTests {
        /// Salted apart from the table runs, so the two check different batches.
        static let seeds = ModelBasedSeeds.seeds(salt: 0xC011_EC71_0000_0019)

        @Test(arguments: seeds)
        func engineFollowsTheModelWithCollectionUpdates(seed: UInt64) {
            var harness = CacheModelHarness(seed: seed, vocabulary: .collection)
            do {
                for _ in 0..<ModelBasedSeeds.stepsPerRun {
                    try harness.runStep()
                }
                try harness.verifyEveryKeptContext()
            } catch {
                Issue.record(Comment(rawValue: error.description))
            }
        }

        @Test func aNormalRunChecksAtLeastTenThousandCollectionBatches() {
            if ModelBasedSeeds.override == nil {
                #expect(Self.seeds.count * ModelBasedSeeds.stepsPerRun >= 10_000)
            }
        }

        @Test func theContextsMixBothDimensionsAtTheSameLength() {
            let contexts = CacheModelHarness.collectionContexts
            #expect(Set(contexts.map(\.fixedDimension)) == [.width, .height])
            let lengths = Dictionary(grouping: contexts) { "\($0.lengthInPixels)@\($0.displayScale)" }
            #expect(lengths.values.contains { Set($0.map(\.fixedDimension)).count == 2 })
            #expect(contexts.count > CacheModelHarness.contextLimit, "contexts are evicted and come back")
        }
    }
}
