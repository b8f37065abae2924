import Foundation
import ReferenceTableModel
import Testing
import TemplateLayoutEngine

extension ModelBased {
    /// The generator makes only valid batches, stays within its bounds, is reproducible,
    /// and reaches the cases the model-based test exists for.
    @Suite struct RandomBatchGeneratorTests {
        /// What a stretch of generated batches covered.
        private struct Coverage {
            var batches = 0
            var multiCallBatches = 0
            var sectionAndRowChangesTogether = 0
            var emptyTables = 0
            var emptySections = 0
            var counts: [String: Int] = [:]

            mutating func note(_ feature: String) { counts[feature, default: 0] += 1 }
        }

        private func survey(seed: UInt64, steps: Int) throws -> Coverage {
            let generator = RandomBatchGenerator()
            var random = SeededRandom(seed: seed)
            var table = generator.randomTable(using: &random)
            var coverage = Coverage()
            for step in 0..<steps {
                let batch = generator.batch(for: table, using: &random)
                if let error = table.validationError(for: batch) {
                    Issue.record("seed \(ModelBasedSeeds.hex(seed)) step \(step): the generator made an invalid batch \(batch) for \(table.debugDescription): \(error)")
                    return coverage
                }
                record(batch, in: &coverage)
                try table.apply(batch)
                try #require(table.numberOfSections <= generator.maxSections, "\(batch) made \(table)")
                try #require(table.sectionSizes.allSatisfy { $0 <= generator.maxRowsPerSection }, "\(batch) made \(table)")
                coverage.emptyTables += table.numberOfSections == 0 ? 1 : 0
                coverage.emptySections += table.sectionSizes.contains(0) ? 1 : 0
            }
            return coverage
        }

        private func record(_ batch: ReferenceBatch, in coverage: inout Coverage) {
            coverage.batches += 1
            let updates = batch.updates
            if updates.count >= 4 { coverage.multiCallBatches += 1 }
            var insertedSections = IndexSet()
            var movedTo = Set<Int>()
            var hasSectionChange = false, hasRowChange = false
            for update in updates {
                switch update {
                case .insertSections(let set): insertedSections.formUnion(set); hasSectionChange = true
                case .moveSection(_, let to): movedTo.insert(to); hasSectionChange = true
                case .deleteSections, .reloadSections: hasSectionChange = true
                default: hasRowChange = true
                }
                coverage.note("\(update)".split(separator: " ")[0].description)
            }
            if hasSectionChange && hasRowChange { coverage.sectionAndRowChangesTogether += 1 }
            for update in updates {
                switch update {
                case .moveRow(let from, let to):
                    if from[0] != to[0] { coverage.note("row moved across sections") }
                    if movedTo.contains(to[0]) { coverage.note("row moved into a moved section") }
                    if insertedSections.contains(to[0]) { coverage.note("row moved into an inserted section") }
                case .insertRows(let paths):
                    if paths.contains(where: { insertedSections.contains($0[0]) }) { coverage.note("row inserted into an inserted section") }
                    if paths.count > 1 && paths != paths.sorted(by: { ($0[0], $0[1]) < ($1[0], $1[1]) }) { coverage.note("unsorted inserts") }
                    if Set(paths.map { $0[0] }).count > 1 { coverage.note("inserts in several sections") }
                case .deleteRows(let paths):
                    if paths.count > 1 && paths != paths.sorted(by: { ($0[0], $0[1]) < ($1[0], $1[1]) }) { coverage.note("unsorted deletes") }
                case .deleteSections(let set):
                    if set.count > 1 { coverage.note("several sections deleted at once") }
                default:
                    break
                }
            }
            if batch.freshRowsInInsertedSections.values.contains(where: { $0 > 0 }) { coverage.note("inserted section with fresh rows") }
        }

        @Test func batchesAreValidBoundedAndCoverTheHardCases() throws {
            var total = Coverage()
            for seed in ModelBasedSeeds.seeds(salt: 0xC0FE).prefix(4) {
                let coverage = try survey(seed: seed, steps: 1_500)
                total.batches += coverage.batches
                total.multiCallBatches += coverage.multiCallBatches
                total.sectionAndRowChangesTogether += coverage.sectionAndRowChangesTogether
                total.emptyTables += coverage.emptyTables
                total.emptySections += coverage.emptySections
                total.counts.merge(coverage.counts, uniquingKeysWith: +)
            }
            let features = [
                "insertSections", "deleteSections", "reloadSections", "moveSection",
                "insertRows", "deleteRows", "reloadRows", "moveRow",
                "row moved across sections", "row moved into a moved section", "row moved into an inserted section",
                "row inserted into an inserted section", "unsorted inserts", "unsorted deletes", "inserts in several sections",
                "several sections deleted at once", "inserted section with fresh rows",
            ]
            for feature in features {
                // A handful per few thousand batches would do; this leaves a wide margin.
                #expect(total.counts[feature, default: 0] >= 20, "\(feature): \(total.counts[feature, default: 0]) in \(total.batches) batches")
            }
            #expect(total.multiCallBatches >= 200)
            #expect(total.sectionAndRowChangesTogether >= 200)
            #expect(total.emptyTables >= 5)
            #expect(total.emptySections >= 200)
        }

        @Test func theSameSeedMakesTheSameBatches() {
            let generator = RandomBatchGenerator()
            func batches(seed: UInt64) -> [ReferenceBatch] {
                var random = SeededRandom(seed: seed)
                var table = generator.randomTable(using: &random)
                return (0..<200).map { _ in
                    let batch = generator.batch(for: table, using: &random)
                    try? table.apply(batch)
                    return batch
                }
            }
            #expect(batches(seed: 99) == batches(seed: 99))
            #expect(batches(seed: 99) != batches(seed: 100))
        }

        @Test func smallLimitsAreHonoured() throws {
            let generator = RandomBatchGenerator(maxSections: 2, maxRowsPerSection: 3, callsPerBatch: 1...2)
            var random = SeededRandom(seed: 5)
            var table = generator.randomTable(using: &random)
            for _ in 0..<2_000 {
                let batch = generator.batch(for: table, using: &random)
                try #require((1...2).contains(batch.updates.count), "\(batch)")
                try table.apply(batch)
                try #require(table.numberOfSections <= 2 && table.sectionSizes.allSatisfy { $0 <= 3 }, "\(batch) made \(table)")
            }
        }
    }
}
