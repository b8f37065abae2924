import Foundation
import ReferenceTableModel
import Testing
import TemplateLayoutEngine

extension ModelBased {
    /// The reference model against hand-worked examples of UIKit's rules, including Apple's
    /// own, before it is trusted to judge the engine.
    @Suite struct ReferenceTableTests {
        private static func path(_ section: Int, _ row: Int) -> IndexPath {
            HandCheckedBatches.path(section, row)
        }

        @Test func itemsAreNumberedInTableOrder() {
            let table = ReferenceTable(sectionSizes: [2, 0, 1])
            #expect(table.sections == HandCheckedBatches.items("0 1 | - | 2"))
            #expect(table.nextItemID == 3)
            #expect(table.item(at: Self.path(2, 0)) == ReferenceItem(id: 2))
            #expect(table.item(at: Self.path(1, 0)) == nil)
            #expect(table.item(at: IndexPath(indexes: [0])) == nil)
            #expect(table.item(at: Self.path(-1, 0)) == nil)
            #expect(table.indexPaths == [Self.path(0, 0), Self.path(0, 1), Self.path(2, 0)])
            #expect(ReferenceTable(sectionSizes: [1], firstItemID: 40).sections == HandCheckedBatches.items("40"))
        }

        @Test(arguments: HandCheckedBatches.all)
        func handCheckedBatch(example: HandCheckedBatches.Example) throws {
            var table = example.table
            try table.apply(example.batch)
            #expect(table.sections == example.expected, "\(example.name): got \(table.debugDescription)")
        }

        /// UIKit ignores the order of the calls and of the index paths in a call.
        @Test(arguments: HandCheckedBatches.all)
        func handCheckedBatchInEveryOrder(example: HandCheckedBatches.Example) throws {
            for order in permutations(of: example.batch.updates) {
                let reversedPaths = order.map(reversingPaths)
                for calls in [order, reversedPaths] {
                    var table = example.table
                    try table.apply(ReferenceBatch(calls, freshRowsInInsertedSections: example.batch.freshRowsInInsertedSections))
                    #expect(table.sections == example.expected, "\(example.name) as \(calls)")
                }
            }
        }

        @Test func appleOrderingExampleMatchesTheGuide() throws {
            // Stated apart from HandCheckedBatches, in the guide's own terms: two sections
            // remain, of two and four rows; the inserted row is second in the second section.
            var table = ReferenceTable(sectionSizes: [3, 3, 3])
            try table.apply(HandCheckedBatches.appleOrderingExample.batch)
            #expect(table.sectionSizes == [2, 4])
            #expect(table.item(at: Self.path(1, 1))?.id == 9)
            #expect(table.sections[1].filter { $0.id < 9 } == HandCheckedBatches.items("6 7 8")[0])
        }

        @Test func newItemsDoNotDependOnTheOrderOfCalls() throws {
            let table = ReferenceTable(sectionSizes: [2, 2])
            let calls: [TableUpdate] = [.insertRows([Self.path(1, 0)]), .insertRows([Self.path(0, 2), Self.path(0, 0)])]
            let forwards = try table.applying(ReferenceBatch(calls))
            let backwards = try table.applying(ReferenceBatch(calls.reversed()))
            #expect(forwards == backwards)
            #expect(forwards.sections == HandCheckedBatches.items("4 0 5 1 | 6 2 3"))
        }

        static let invalidBatches: [(name: String, sizes: [Int], batch: ReferenceBatch, reason: InvalidBatchError.Reason)] = [
            ("delete a row past the end", [3], ReferenceBatch([.deleteRows([path(0, 3)])]), .rowOutOfRange),
            ("insert a row past the new end", [3], ReferenceBatch([.insertRows([path(0, 4)])]), .rowOutOfRange),
            ("negative row", [3], ReferenceBatch([.reloadRows([path(0, -1)])]), .rowOutOfRange),
            ("negative inserted row", [3], ReferenceBatch([.insertRows([path(0, -1)])]), .rowOutOfRange),
            ("row in a section that does not exist", [3], ReferenceBatch([.deleteRows([path(1, 0)])]), .sectionOutOfRange),
            ("delete and reload one row", [3], ReferenceBatch([.deleteRows([path(0, 1)]), .reloadRows([path(0, 1)])]), .rowNamedTwice),
            ("delete one row twice", [3], ReferenceBatch([.deleteRows([path(0, 1), path(0, 1)])]), .rowNamedTwice),
            ("move a deleted row", [3], ReferenceBatch([.deleteRows([path(0, 1)]), .moveRow(path(0, 1), to: path(0, 0))]), .rowNamedTwice),
            ("insert where a row moves", [3], ReferenceBatch([.insertRows([path(0, 1)]), .moveRow(path(0, 0), to: path(0, 1))]), .rowNamedTwice),
            ("two moves to one place", [3], ReferenceBatch([.moveRow(path(0, 0), to: path(0, 2)), .moveRow(path(0, 1), to: path(0, 2))]), .rowNamedTwice),
            ("row change in a deleted section", [3, 2], ReferenceBatch([.deleteSections(IndexSet(integer: 1)), .deleteRows([path(1, 0)])]), .rowInDeletedSection),
            ("row moved out of a deleted section", [3, 2], ReferenceBatch([.deleteSections(IndexSet(integer: 1)), .moveRow(path(1, 0), to: path(0, 0))]), .rowInDeletedSection),
            ("row change in a reloaded section", [3, 2], ReferenceBatch([.reloadSections(IndexSet(integer: 0)), .reloadRows([path(0, 0)])]), .rowInReloadedSection),
            ("row inserted into a reloaded section", [3, 2], ReferenceBatch([.reloadSections(IndexSet(integer: 1)), .insertRows([path(1, 0)])]), .rowInReloadedSection),
            ("row moved into a reloaded section", [3, 2], ReferenceBatch([.reloadSections(IndexSet(integer: 1)), .moveRow(path(0, 0), to: path(1, 0))]), .rowInReloadedSection),
            ("delete a section past the end", [3, 2], ReferenceBatch([.deleteSections(IndexSet(integer: 2))]), .sectionOutOfRange),
            ("insert a section past the new end", [3, 2], ReferenceBatch([.insertSections(IndexSet(integer: 3))]), .sectionOutOfRange),
            ("move a section past the end", [3, 2], ReferenceBatch([.moveSection(0, to: 2)]), .sectionOutOfRange),
            ("move a negative section", [3, 2], ReferenceBatch([.moveSection(-1, to: 0)]), .sectionOutOfRange),
            ("delete and reload one section", [3, 2], ReferenceBatch([.deleteSections(IndexSet(integer: 0)), .reloadSections(IndexSet(integer: 0))]), .sectionNamedTwice),
            ("move a section twice", [3, 2, 1], ReferenceBatch([.moveSection(0, to: 1), .moveSection(0, to: 2)]), .sectionNamedTwice),
            ("insert where a section moves", [3, 2], ReferenceBatch([.insertSections(IndexSet(integer: 1)), .moveSection(0, to: 1)]), .sectionNamedTwice),
            ("an index path of one index", [3], ReferenceBatch([.deleteRows([IndexPath(indexes: [0])])]), .notSectionAndRow),
            ("an index path of three indexes", [3], ReferenceBatch([.insertRows([IndexPath(indexes: [0, 1, 2])])]), .notSectionAndRow),
            ("fresh rows for a section not inserted", [3], ReferenceBatch([.deleteRows([path(0, 0)])], freshRowsInInsertedSections: [0: 1]), .badFreshRowCount),
            ("negative fresh rows", [3], ReferenceBatch([.insertSections(IndexSet(integer: 0))], freshRowsInInsertedSections: [0: -1]), .badFreshRowCount),
        ]

        @Test(arguments: invalidBatches.indices)
        func invalidBatchIsRefusedAndChangesNothing(index: Int) {
            let (name, sizes, batch, reason) = Self.invalidBatches[index]
            var table = ReferenceTable(sectionSizes: sizes)
            let before = table
            #expect(throws: InvalidBatchError.self, "\(name)") {
                try table.apply(batch)
            }
            #expect(table == before, "\(name)")
            #expect(table.validationError(for: batch)?.reason == reason, "\(name): \(String(describing: table.validationError(for: batch)))")
            #expect(!table.accepts(batch))
        }

        @Test func validEdgeCasesAreAccepted() throws {
            let table = ReferenceTable(sectionSizes: [3, 0])
            // Moving in place, appending at the new end, and deleting then inserting at one index.
            #expect(table.accepts(ReferenceBatch([.moveRow(Self.path(0, 1), to: Self.path(0, 1))])))
            #expect(table.accepts(ReferenceBatch([.moveSection(1, to: 1)])))
            #expect(table.accepts(ReferenceBatch([.insertRows([Self.path(0, 3), Self.path(1, 0)])])))
            #expect(table.accepts(ReferenceBatch([.deleteRows([Self.path(0, 1)]), .insertRows([Self.path(0, 1)])])))
            #expect(table.accepts(ReferenceBatch([])))
            let replaced = try table.applying(ReferenceBatch([.deleteRows([Self.path(0, 1)]), .insertRows([Self.path(0, 1)])]))
            #expect(replaced.sections == HandCheckedBatches.items("0 3 2 | -"))
        }

        @Test func trueHeightsAreFinitePositiveAndTellContentApart() {
            let contexts = [LayoutContext(width: 320), LayoutContext(width: 375), LayoutContext(width: 320, contentSizeCategory: .extraLarge), LayoutContext(width: 320, displayScale: 2),
                            LayoutContext(height: 320), LayoutContext(height: 375)]
            var seen = Set<CGFloat>()
            for id in 0..<500 {
                for revision in 0..<2 {
                    for context in contexts {
                        let height = ReferenceTable.trueHeight(of: ReferenceItem(id: id, revision: revision), in: context)
                        #expect(height.isFinite && height >= 20 && height < 500)
                        seen.insert(height)
                    }
                }
            }
            #expect(seen.count == 500 * 2 * contexts.count)
            let item = ReferenceItem(id: 7)
            #expect(ReferenceTable.trueHeight(of: item, in: contexts[0]) == ReferenceTable.trueHeight(of: item, in: LayoutContext(width: 320.2)))
        }

        @Test func seededRandomIsReproducibleAndInRange() {
            var first = SeededRandom(seed: 42)
            var second = SeededRandom(seed: 42)
            #expect((0..<10).map { _ in first.next() } == (0..<10).map { _ in second.next() })
            var random = SeededRandom(seed: 7)
            var counts = [Int](repeating: 0, count: 5)
            for _ in 0..<5_000 { counts[random.int(in: 0..<5)] += 1 }
            #expect(counts.allSatisfy { $0 > 850 && $0 < 1_150 })
            #expect(Set(random.sample(5, from: 0..<5)) == Set(0..<5))
            #expect(random.sample(9, from: 0..<3).count == 3)
            #expect(random.weightedIndex([0, 0, 2]) == 2)
            #expect(random.weightedIndex([0, -1]) == nil)
        }

        private func reversingPaths(_ update: TableUpdate) -> TableUpdate {
            switch update {
            case .insertRows(let paths): .insertRows(paths.reversed())
            case .deleteRows(let paths): .deleteRows(paths.reversed())
            case .reloadRows(let paths): .reloadRows(paths.reversed())
            default: update
            }
        }

        private func permutations<Element>(of elements: [Element]) -> [[Element]] {
            guard elements.count > 1 else { return [elements] }
            return elements.indices.flatMap { index in
                var rest = elements
                let first = rest.remove(at: index)
                return permutations(of: rest).map { [first] + $0 }
            }
        }
    }
}
