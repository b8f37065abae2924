import Foundation
import TemplateLayoutEngine

/// The skeleton picture: one skeleton of the session on both tables, beside the feed that
/// replaced it. Three phone screens: the index-path table's skeleton (rows at the
/// estimate), the keyed table's (rows at their persisted heights), and the loaded feed;
/// dashed guides at the loaded rows' edges show which skeleton lines up.
struct SkeletonPicture {
    /// The phase the skeleton was shown in, for the caption.
    let phaseName: String
    /// The skeleton whose rows came from the estimate (or any source that was not exact).
    let estimated: SkeletonOutcome
    /// The skeleton whose rows came from known heights.
    let known: SkeletonOutcome

    /// Pixels per point: a 375 x 667 pt screen is 225 x 400 px.
    private let scale = 0.6
    private let width = 960.0
    private let height = 700.0
    private let screenTop = PictureFrame.contentTop + 58
    private let columnXs = [59.0, 367.0, 675.0]

    /// The first skeleton shown after a relaunch on both tables, or `nil` if the session showed none.
    init?(indexPath: TableRun, key: TableRun) {
        func relaunched(_ run: TableRun) -> (name: String, outcome: SkeletonOutcome)? {
            run.launches.dropFirst().lazy.flatMap(\.phases).compactMap { phase in phase.skeleton.map { (phase.name, $0) } }.first
        }
        guard let estimated = relaunched(indexPath), let known = relaunched(key) else { return nil }
        phaseName = estimated.name
        self.estimated = estimated.outcome
        self.known = known.outcome
    }

    var svg: String {
        var document = SVGDocument(width: width, height: height)
        let context = known.context
        let screenWidth = Double(context.width) * scale
        let screenHeight = Double(FeedScript.viewportHeight) * scale
        PictureFrame.drawHeader(
            title: "Skeleton rows at their real heights: nothing jumps when the feed arrives",
            caption: "From feed-demo's session, phase \"\(phaseName)\" (a \(Int(context.width)) × "
                + "\(Int(FeedScript.viewportHeight)) pt screen, heights in points).",
            in: &document)
        let loaded = [estimated, known].max { $0.rows.count < $1.rows.count }?.rows.compactMap { row in
            row.entry.map { FeedCellGeometry(entry: $0, template: known.template, context: context) }
        } ?? []
        let columns: [(label: String, detail: String)] = [
            ("Skeleton at an estimate", Self.detail(of: estimated)),
            ("Skeleton at real heights", Self.detail(of: known)),
            ("Loaded feed", "what replaced both skeletons"),
        ]
        let cells = CellDrawing(scale: scale, width: Double(context.width))
        for (index, x) in columnXs.enumerated() {
            PictureFrame.drawColumnLabel(
                columns[index].label, detail: columns[index].detail, centerX: x + screenWidth / 2,
                bottom: screenTop - PictureFrame.bezel - 14, in: &document)
            PictureFrame.drawPhone(x: x, y: screenTop, width: screenWidth, height: screenHeight, in: &document)
            document.clipped(id: "screen\(index)", x: x, y: screenTop, width: screenWidth, height: screenHeight, radius: 16) { document in
                var y = screenTop
                switch index {
                case 0, 1:
                    for row in (index == 0 ? estimated : known).rows where y < screenTop + screenHeight {
                        cells.drawSkeleton(height: Double(row.planned.height), x: x, y: y, in: &document)
                        y += Double(row.planned.height) * scale
                    }
                default:
                    for geometry in loaded where y < screenTop + screenHeight {
                        cells.drawLoaded(geometry, x: x, y: y, in: &document)
                        y += geometry.height * scale
                    }
                }
            }
        }
        drawGuides(loaded: loaded, screenWidth: screenWidth, screenHeight: screenHeight, in: &document)
        drawJumpArrow(screenWidth: screenWidth, in: &document)
        let badgeTop = screenTop + screenHeight + PictureFrame.bezel + 18
        for (index, outcome) in [estimated, known].enumerated() {
            let jump = Double(outcome.jump)
            PictureFrame.drawBadge(
                "jump: \(ReportPrinter.points(outcome.jump))", centerX: columnXs[index] + screenWidth / 2, top: badgeTop,
                color: jump > 0 ? PictureStyle.bad : PictureStyle.good, fill: jump > 0 ? PictureStyle.badFill : PictureStyle.goodFill,
                in: &document)
        }
        PictureFrame.drawBadge(
            "the real rows", centerX: columnXs[2] + screenWidth / 2, top: badgeTop,
            color: PictureStyle.label, fill: PictureStyle.screen, in: &document)
        document.text(
            "Jump: the sum over the skeleton's rows of |skeleton height − real height|, how far rows move when the content "
                + "replaces them (feed-demo's \"skeleton jump\").",
            x: 32, y: height - 42, size: 12, fill: PictureStyle.caption)
        document.text(
            "Dashed lines: the loaded rows' edges. The estimate is the table's estimatedRowHeight, or UIKit's 44 pt when it is 0, "
                + "as here; this engine plans from persisted heights first.",
            x: 32, y: height - 24, size: 12, fill: PictureStyle.caption)
        return document.text
    }

    /// E.g. `17 rows × 44 pt (estimate)` or `3 rows from the keyed cache`.
    private static func detail(of outcome: SkeletonOutcome) -> String {
        let rows = "\(outcome.rows.count) row\(outcome.rows.count == 1 ? "" : "s")"
        let sources = outcome.bySource.map { "\($0.source)" }.joined(separator: ", ")
        if let first = outcome.rows.first, outcome.rows.allSatisfy({ $0.planned.height == first.planned.height }) {
            return "\(rows) × \(ReportPrinter.points(first.planned.height)) (\(sources))"
        }
        return "\(rows), heights from the \(sources)"
    }

    /// Dashed lines across the three screens at the loaded rows' bottom edges, and a tick
    /// where the known skeleton's edges meet them.
    private func drawGuides(loaded: [FeedCellGeometry], screenWidth: Double, screenHeight: Double, in document: inout SVGDocument) {
        var edge = 0.0
        for geometry in loaded {
            edge += geometry.height
            let y = screenTop + edge * scale
            guard y < screenTop + screenHeight - 4 else { break }
            document.line(
                x1: columnXs[0] - 24, y1: y, x2: columnXs[2] + screenWidth + 24, y2: y, stroke: PictureStyle.good,
                strokeWidth: 1.5, dashed: true)
            // The keyed skeleton's edge is on the guide when its rows so far add up to it.
            var plannedEdge = 0.0
            let meets = known.rows.contains { row in
                plannedEdge += Double(row.planned.height)
                return abs(plannedEdge - edge) < 0.25
            }
            if meets {
                document.circle(cx: columnXs[1] + screenWidth + 32, cy: y, radius: 9, fill: PictureStyle.good)
                document.text("✓", x: columnXs[1] + screenWidth + 32, y: y + 4.5, size: 13, fill: "#ffffff", weight: 700, anchor: .middle)
            }
        }
    }

    /// A red arrow from the estimated skeleton's first row edge down to where that edge
    /// lands once the content comes.
    private func drawJumpArrow(screenWidth: Double, in document: inout SVGDocument) {
        guard let first = estimated.rows.first, let real = first.real, first.jump > 0 else { return }
        let x = columnXs[0] + screenWidth + 34
        let from = screenTop + Double(first.planned.height) * scale
        let to = screenTop + Double(real) * scale
        document.line(x1: columnXs[0] + screenWidth - 6, y1: from, x2: x, y2: from, stroke: PictureStyle.bad, strokeWidth: 2)
        document.line(x1: x, y1: from, x2: x, y2: to - 8, stroke: PictureStyle.bad, strokeWidth: 2.5)
        let direction = to >= from ? 1.0 : -1.0
        document.polygon([(x - 6, to - 9 * direction), (x + 6, to - 9 * direction), (x, to)], fill: PictureStyle.bad)
        let label = ReportPrinter.signedPoints(real - first.planned.height)
        let middle = (from + to) / 2
        document.rect(x: x - 33, y: middle - 30, width: 66, height: 44, radius: 6, fill: PictureStyle.badFill, stroke: PictureStyle.bad)
        document.text("row 1", x: x, y: middle - 14, size: 11, fill: PictureStyle.bad, anchor: .middle)
        document.text(label, x: x, y: middle + 3, size: 11.5, fill: PictureStyle.bad, weight: 700, anchor: .middle)
    }
}
