import Foundation
import TemplateLayoutEngine

/// The stale-heights picture: after the session's first width change and first text size
/// change, a few rows as FDTemplateLayoutCell's algorithm sized them beside the same rows
/// as this engine did. FD keys heights by orientation only, so it serves the old context's
/// heights: a row too short cuts its content off (drawn in red), a row too tall leaves a
/// gap (amber). Every number is the session's (``ServedRow``).
struct StaleHeightsPicture {
    /// One phase's panel: its name, the rows drawn, and how many heights FD got wrong.
    struct Panel {
        let title: String
        let rows: [ServedRow]
        let fdWrong: Int
        let asked: Int
    }

    let panels: [Panel]
    /// Whether every height this engine served in the session matched a fresh layout.
    let engineIsRight: Bool

    /// How many rows a panel draws.
    static let rowsPerPanel = 3
    private let scale = 0.46
    private let width = 960.0
    private let panelXs = [48.0, 530.0]
    private let columnGap = 24.0
    private let rowsTop = PictureFrame.contentTop + 82

    /// The index-path table's first width change and first text size change, or `nil` if
    /// the session has neither (the table that replays FD is the index-path one).
    init?(indexPath run: TableRun, engineIsRight: Bool) {
        let start = FeedScript.startContext
        func panel(_ changed: (LayoutContext) -> Bool, _ title: (String) -> String) -> Panel? {
            guard let phase = run.results.first(where: { $0.notes.servedRows.first.map { changed($0.context) } ?? false }) else { return nil }
            return Panel(
                title: title(phase.name.replacingOccurrences(of: "->", with: "→")), rows: Self.pickRows(phase.notes.servedRows),
                fdWrong: phase.counts.fd.wrong, asked: phase.counts.queries)
        }
        let panels = [
            panel({ $0.width != start.width }) { "After a width change: \($0)" },
            panel({ $0.contentSizeCategory != start.contentSizeCategory }) { "After a text size change: \($0)" },
        ].compactMap { $0 }
        guard !panels.isEmpty else { return nil }
        self.panels = panels
        self.engineIsRight = engineIsRight
    }

    /// The rows FD got wrong, the first too tall and the first too short ones first, then
    /// the next wrong ones, in table order.
    private static func pickRows(_ rows: [ServedRow]) -> [ServedRow] {
        let wrong = rows.filter { row in row.fdHeight.map { $0 != row.freshHeight } ?? false }
        let tooTall = wrong.first { row in (row.fdHeight ?? 0) > row.freshHeight }
        let tooShort = wrong.first { row in (row.fdHeight ?? 0) < row.freshHeight }
        let firsts = [tooTall, tooShort].compactMap { $0 }
        var picked = firsts
        for row in wrong where picked.count < rowsPerPanel && !picked.contains(where: { $0.row == row.row && $0.section == row.section }) {
            picked.append(row)
        }
        return picked.sorted { ($0.section, $0.row) < ($1.section, $1.row) }
    }

    var svg: String {
        let rowsHeight = panels.map { panel in
            panel.rows.reduce(0.0) { $0 + Self.slotHeight($1, scale: scale) }
        }.max() ?? 0
        let height = (rowsTop + rowsHeight + 62).rounded()
        var document = SVGDocument(width: width, height: height)
        PictureFrame.drawHeader(
            title: "Stale heights: FD's algorithm after a width change and a text size change",
            caption: "From feed-demo's session: FDTemplateLayoutCell keys heights by orientation only, so it serves the old "
                + "heights; this engine lays the rows out again.",
            in: &document)
        for (index, panel) in panels.enumerated() {
            drawPanel(panel, x: panelXs[index], number: index, in: &document)
        }
        document.text(
            "Red: a row shorter than its content, which is cut off. Amber: a row taller than its content, a gap. "
                + "Rows [section:row]: the first FD got wrong in each phase; heights in points.",
            x: 32, y: height - 22, size: 12, fill: PictureStyle.caption)
        return document.text
    }

    /// A row's slot: its label, the taller of its two cards, and the space below.
    private static func slotHeight(_ row: ServedRow, scale: Double) -> Double {
        20 + max(Double(row.fdHeight ?? row.freshHeight), Double(row.freshHeight)) * scale + 18
    }

    private func drawPanel(_ panel: Panel, x: Double, number: Int, in document: inout SVGDocument) {
        guard let context = panel.rows.first?.context else { return }
        let cardWidth = Double(context.width) * scale
        let engineX = x + cardWidth + columnGap
        let top = PictureFrame.contentTop
        document.text(panel.title, x: x, y: top + 10, size: 15, fill: PictureStyle.title, weight: 600)
        let engineSummary = engineIsRight ? "this engine: 0" : "this engine: see the report"
        document.text(
            "FD: \(ReportPrinter.number(panel.fdWrong)) of \(ReportPrinter.number(panel.asked)) heights wrong in this phase; \(engineSummary)",
            x: x, y: top + 30, size: 12, fill: PictureStyle.caption)
        document.text("FD's algorithm", x: x + cardWidth / 2, y: rowsTop - 14, size: 12.5, fill: PictureStyle.bad, weight: 600, anchor: .middle)
        document.text("this engine", x: engineX + cardWidth / 2, y: rowsTop - 14, size: 12.5, fill: PictureStyle.good, weight: 600, anchor: .middle)
        let cells = CellDrawing(scale: scale, width: Double(context.width))
        var y = rowsTop
        for (index, row) in panel.rows.enumerated() {
            let geometry = FeedCellGeometry(entry: row.entry, template: FeedCellTemplate().withoutSimulatedCost, context: context)
            let served = Double(row.fdHeight ?? row.freshHeight)
            let fresh = Double(row.freshHeight)
            let label = "row [\(row.section):\(row.row)]: FD serves \(ReportPrinter.points(CGFloat(served))), "
                + "the content needs \(ReportPrinter.points(CGFloat(fresh)))"
            document.text(label, x: x, y: y + 12, size: 11.5, fill: PictureStyle.label)
            let cardTop = y + 20
            drawFDCard(geometry, served: served, x: x, y: cardTop, cells: cells, id: "fd\(number)-\(index)", in: &document)
            drawEngineCard(geometry, height: Double(row.height), x: engineX, y: cardTop, cells: cells, id: "engine\(number)-\(index)", in: &document)
            y += Self.slotHeight(row, scale: scale)
        }
    }

    /// FD's row: `served` points tall, the content clipped to it; what is cut off drawn
    /// faded in red below it, or the gap below the content in amber.
    private func drawFDCard(
        _ geometry: FeedCellGeometry, served: Double, x: Double, y: Double, cells: CellDrawing, id: String, in document: inout SVGDocument
    ) {
        let width = cells.width * scale
        let cardHeight = served * scale
        let contentHeight = geometry.height * scale
        document.clipped(id: id, x: x, y: y, width: width, height: cardHeight) { cells.drawLoaded(geometry, x: x, y: y, in: &$0) }
        if served < geometry.height {
            let overflow = contentHeight - cardHeight
            document.rect(x: x, y: y + cardHeight, width: width, height: overflow, fill: PictureStyle.badFill)
            document.clipped(id: id + "-cut", x: x, y: y + cardHeight, width: width, height: overflow, opacity: 0.45) {
                cells.drawLoaded(geometry, x: x, y: y, in: &$0)
            }
            document.rect(x: x, y: y + cardHeight, width: width, height: overflow, fill: "none", stroke: PictureStyle.bad, strokeWidth: 1.5, dashed: true)
            document.rect(x: x, y: y, width: width, height: cardHeight, fill: "none", stroke: PictureStyle.bad, strokeWidth: 2.5)
            tag("cut off: \(ReportPrinter.points(CGFloat(geometry.height - served)))", x: x + width, y: y + cardHeight, color: PictureStyle.bad, in: &document)
        } else if served > geometry.height {
            let gap = cardHeight - contentHeight
            document.rect(x: x, y: y + contentHeight, width: width, height: gap, fill: PictureStyle.gapFill)
            document.rect(x: x, y: y, width: width, height: cardHeight, fill: "none", stroke: PictureStyle.gap, strokeWidth: 2.5)
            tag("gap: \(ReportPrinter.points(CGFloat(served - geometry.height)))", x: x + width, y: y + contentHeight + gap / 2, color: PictureStyle.gap, in: &document)
        } else {
            document.rect(x: x, y: y, width: width, height: cardHeight, fill: "none", stroke: PictureStyle.separator)
        }
    }

    /// This engine's row: as tall as its content.
    private func drawEngineCard(
        _ geometry: FeedCellGeometry, height: Double, x: Double, y: Double, cells: CellDrawing, id: String, in document: inout SVGDocument
    ) {
        let width = cells.width * scale
        document.clipped(id: id, x: x, y: y, width: width, height: height * scale) { cells.drawLoaded(geometry, x: x, y: y, in: &$0) }
        let color = height == geometry.height ? PictureStyle.good : PictureStyle.bad
        document.rect(x: x, y: y, width: width, height: height * scale, fill: "none", stroke: color, strokeWidth: 1.5)
        tag(height == geometry.height ? "✓ \(ReportPrinter.points(CGFloat(height)))" : "wrong", x: x + width, y: y + height * scale, color: color, in: &document)
    }

    /// A small label ending at `x`, centred on `y`.
    private func tag(_ text: String, x: Double, y: Double, color: String, in document: inout SVGDocument) {
        let width = Double(text.count) * 6.2 + 14
        document.rect(x: x - width - 4, y: y - 10, width: width, height: 20, radius: 10, fill: color)
        document.text(text, x: x - 4 - width / 2, y: y + 4, size: 11, fill: "#ffffff", weight: 600, anchor: .middle)
    }
}
