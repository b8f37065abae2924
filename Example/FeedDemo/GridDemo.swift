import Foundation
import TemplateLayoutEngine

/// What the package does for a collection view, on the engine: one cache serves a grid of
/// cards (the width fixed per column, heights measured) and a row of chips (the height
/// fixed, widths measured), each in a context of its own; a column-count change measures the
/// cards again, going back measures none; an insert moves every kept context's sizes.
enum GridDemo {
    /// The collection view's width: an iPad in portrait.
    static let viewWidth: CGFloat = 768
    static let inset: CGFloat = 16
    static let spacing: CGFloat = 8
    static let cardCount = 60
    static let chipHeight: CGFloat = 32

    /// The width of one of `columns` columns.
    static func columnWidth(_ columns: Int) -> CGFloat {
        (viewWidth - 2 * inset - spacing * CGFloat(columns - 1)) / CGFloat(columns)
    }

    /// Prints the outcome in two lines; `true` when every check held.
    static func run(template: FeedCellTemplate) -> Bool {
        let template = template.withoutSimulatedCost
        let sizes = TableHeightCache(contextLimit: 8, log: DebugLog(reportsProblems: true, sink: .standardError))
        var cards = (0..<cardCount).map { FeedGenerator.entry(id: 500 + $0) }
        let chips = (0..<12).map { FeedGenerator.entry(id: 900 + $0).handle }
        func context(columns: Int) -> LayoutContext { LayoutContext(width: columnWidth(columns), displayScale: 2) }
        let chipContext = LayoutContext(height: chipHeight, displayScale: 2)

        // What sizeForItemAt does: section 0 holds the cards, section 1 the chips.
        func layoutPass(columns: Int) -> Int {
            let before = sizes.statistics.layouts
            for (item, card) in cards.enumerated() {
                sizes.switchContext(to: context(columns: columns))
                _ = sizes.height(cachedBy: .indexPath(IndexPath(indexes: [0, item]))) {
                    template.height(for: card, in: sizes.context)
                }
                // The chips row lays out beside the grid, so the requests interleave.
                if item < chips.count {
                    sizes.switchContext(to: chipContext)
                    _ = sizes.height(cachedBy: .indexPath(IndexPath(indexes: [1, item]))) {
                        chipWidth(chips[item], in: sizes.context)
                    }
                }
            }
            return sizes.statistics.layouts - before
        }

        let twoColumns = layoutPass(columns: 2)
        let threeColumns = layoutPass(columns: 3)
        let back = layoutPass(columns: 2)
        // Four new cards at the top: insertItems(at:), which is insertRows(at:) for the engine.
        let inserted = (0..<4).map { FeedGenerator.entry(id: 400 + $0) }
        cards.insert(contentsOf: inserted, at: 0)
        sizes.indexPaths.insertRows(at: (0..<4).map { IndexPath(indexes: [0, $0]) })
        let afterInsert = layoutPass(columns: 3)
        // The two-column context was not active during the insert, and moved all the same:
        // every card it holds is at its new place, and the new ones are simply not there yet.
        let cardsRight = [2, 3].allSatisfy { columns in
            sizes.switchContext(to: context(columns: columns))
            return cards.indices.allSatisfy { item in
                let cached = sizes.cachedHeight(for: .indexPath(IndexPath(indexes: [0, item])))
                if columns == 2, item < inserted.count { return cached == nil }
                return cached == template.height(for: cards[item], in: sizes.context)
            }
        }
        sizes.switchContext(to: chipContext)
        let chipsRight = chips.indices.allSatisfy { item in
            sizes.cachedHeight(for: .indexPath(IndexPath(indexes: [1, item]))) == chipWidth(chips[item], in: chipContext)
        }
        let ok = twoColumns == cardCount + chips.count && threeColumns == cardCount && back == 0
            && afterInsert == inserted.count && cardsRight && chipsRight
        print("""
        \(ok ? "verified" : "FAILED"): a collection view's grid, 2 columns -> 3 -> 2 (\(ReportPrinter.points(columnWidth(2))) -> \
        \(ReportPrinter.points(columnWidth(3))) -> back): \(twoColumns - chips.count) + \(threeColumns) card layouts, \(back) going back,
          \(afterInsert) after \(inserted.count) inserted at the top; \(chips.count) chips at a fixed height of \
        \(ReportPrinter.points(chipHeight)) keep their widths apart; every cached size matches a fresh layout
        """)
        return ok
    }

    /// A chip's width at a fixed height: its text at the footnote size, plus padding, on
    /// the pixel grid.
    static func chipWidth(_ text: String, in context: LayoutContext) -> CGFloat {
        let size = 13.0
        let ems = text.utf8.reduce(0.0) { width, byte in
            width + ((32...126).contains(byte) ? FontMetrics.advanceTable[Int(byte) - 32] : FontMetrics.unknownAdvance)
        }
        let scale = Double(context.displayScale)
        return CGFloat(((ems * size + 2 * 12) * scale).rounded(.up) / scale)
    }
}
