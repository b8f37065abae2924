import Foundation
import ScrollSimulation

/// The frame-time picture: issue 20's scroll session (``ScrollReport``'s script and session),
/// a strip of its due frames per strategy, twice: at the issue's layout costs and at four
/// times them, where hitches appear. A bar is a bin of consecutive frames standing for its
/// slowest one (``FrameStrip``): its height is that frame's main-thread work, the table's
/// template layouts below the idle precache's; a bar over the frame budget (the dashed
/// line) is red. Every number comes from the simulated clock, so the bytes never change.
struct ScrollFramesPicture {
    /// One strategy's strip and its run's figures.
    struct Strip {
        let strategy: ScrollStrategy
        let metrics: ScrollMetrics
        let frames: FrameStrip
    }

    /// One cost table's four strips.
    struct Panel {
        let title: String
        let costs: LayoutCostTable
        let strips: [Strip]
    }

    let clock: FrameClock
    let panels: [Panel]
    /// Due frames per bar, the same in every strip so that they line up.
    let framesPerBin: Int

    private let width = 960.0
    private let plotX = 84.0
    private let plotRight = 928.0
    /// Pixels per bar, about: the bins are as many as fit at this width.
    private static let targetBarPitch = 2.0
    private let stripHeight = 44.0
    /// A strip's label line, the strip, and the space below it.
    private let rowHeight = 80.0
    private let panelHeaderHeight = 34.0
    private let axisHeight = 26.0

    /// The issue's costs (0.2 / 1 / 2.5 ms), and four times them.
    static let panelCosts: [(title: String, costs: LayoutCostTable)] = [
        ("The issue's layout costs", LayoutCostTable()),
        ("Four times the issue's layout costs: slower cells, where hitches appear",
         LayoutCostTable(simple: 800_000, textHeavy: 4_000_000, complex: 10_000_000)),
    ]

    /// Plays the standard script with every strategy at each of ``panelCosts``, on the
    /// standard session at `framesPerSecond`.
    init(framesPerSecond: Int = 120) {
        let clock = ScrollSession.standard(framesPerSecond: framesPerSecond).clock
        let runs = Self.panelCosts.map { panel in
            let session = ScrollSession.standard(framesPerSecond: framesPerSecond, costs: panel.costs)
            return (panel, ScrollStrategy.allCases.map { session.recordedRun(.standard, strategy: $0) })
        }
        let dueFrames = runs.flatMap { $0.1 }.map { $0.frames.filter(\.isAnimating).count }.max() ?? 0
        let framesPerBin = FrameStrip.framesPerBin(dueFrames: dueFrames, maximumBins: Int((plotRight - plotX) / Self.targetBarPitch))
        self.clock = clock
        self.framesPerBin = framesPerBin
        panels = runs.map { panel, recorded in
            Panel(title: panel.title, costs: panel.costs, strips: recorded.map { run in
                Strip(strategy: run.metrics.strategy, metrics: run.metrics,
                      frames: FrameStrip(records: run.frames, budget: clock.frameNanoseconds, framesPerBin: framesPerBin))
            })
        }
    }

    private var panelHeight: Double { panelHeaderHeight + Double(ScrollStrategy.allCases.count) * rowHeight + axisHeight }

    var svg: String {
        let top = PictureFrame.contentTop
        let height = (top + Double(panels.count) * (panelHeight + 16) + 44).rounded()
        var document = SVGDocument(width: width, height: height)
        let dueFrames = panels.first?.strips.first?.frames.dueFrameCount ?? 0
        PictureFrame.drawHeader(
            title: "Scrolling inside the frame budget: issue 20's scroll session, frame by frame",
            caption: "A simulated \(clock.framesPerSecond) Hz clock, the whole script's "
                + "\(ReportPrinter.number(dueFrames)) due frames; a bar is the slowest of \(framesPerBin) frames: its main-thread work.",
            in: &document)
        var y = top
        for (index, panel) in panels.enumerated() {
            drawPanel(panel, top: y, number: index, in: &document)
            y += panelHeight + 16
        }
        drawLegend(y: height - 22, in: &document)
        return document.text
    }

    // MARK: Drawing

    private func drawPanel(_ panel: Panel, top: Double, number: Int, in document: inout SVGDocument) {
        let costs = [panel.costs.simple, panel.costs.textHeavy, panel.costs.complex].map(Self.milliseconds).joined(separator: " / ")
        document.text(panel.title, x: 32, y: top + 12, size: 15, fill: PictureStyle.title, weight: 600)
        document.text(
            "A template layout costs \(costs) ms (simple / text-heavy / complex cells); the bars' scale is this panel's",
            x: 32, y: top + 30, size: 12, fill: PictureStyle.caption)
        let slowest = panel.strips.map(\.frames.slowestWork).max() ?? 0
        let scaleTop = Self.scaleTop(slowest: slowest, budget: clock.frameNanoseconds)
        var rowTop = top + panelHeaderHeight
        for strip in panel.strips {
            drawStrip(strip, top: rowTop, scaleTop: scaleTop, in: &document)
            rowTop += rowHeight
        }
        drawTimeAxis(y: rowTop - rowHeight + 18 + stripHeight, in: &document)
    }

    /// A strategy's label line, then its strip: a white band, the bars, the budget line and
    /// a tick under each bar that holds a frame over budget.
    private func drawStrip(_ strip: Strip, top: Double, scaleTop: UInt64, in document: inout SVGDocument) {
        let metrics = strip.metrics
        document.text(strip.strategy.title, x: plotX, y: top + 12, size: 12.5, fill: PictureStyle.title, weight: 600)
        let over = strip.frames.framesOverBudget
        document.text(
            "hitches \(Self.fixed(metrics.hitchRatio(on: clock))) ms/s; \(ReportPrinter.number(over)) of "
                + "\(ReportPrinter.number(strip.frames.dueFrameCount)) frames over budget; slowest "
                + "\(Self.fixed(Double(strip.frames.slowestWork) / 1e6)) ms; \(ReportPrinter.number(metrics.layoutsInFrames)) layouts in frames, "
                + "\(ReportPrinter.number(metrics.layoutsInIdle)) in idle time",
            x: plotRight, y: top + 12, size: 11.5, fill: over > 0 ? PictureStyle.bad : PictureStyle.caption, anchor: .end)
        let bandTop = top + 18
        let bottom = bandTop + stripHeight
        document.rect(x: plotX, y: bandTop, width: plotRight - plotX, height: stripHeight, fill: PictureStyle.screen, stroke: PictureStyle.separator)
        func y(_ nanoseconds: UInt64) -> Double { bottom - Double(nanoseconds) / Double(scaleTop) * stripHeight }
        let pitch = barPitch
        let barWidth = max(pitch - 0.4, 0.6)
        for (index, bin) in strip.frames.bins.enumerated() where bin.totalWork > 0 {
            let x = plotX + Double(index) * pitch
            let tableColor = bin.isOverBudget ? PictureStyle.bad : PictureStyle.tableWork
            let precacheColor = bin.isOverBudget ? PictureStyle.overBudgetPrecache : PictureStyle.precacheWork
            document.rect(x: x, y: y(bin.frameWork), width: barWidth, height: bottom - y(bin.frameWork), fill: tableColor)
            if bin.idleWork > 0 {
                document.rect(x: x, y: y(bin.totalWork), width: barWidth, height: y(bin.frameWork) - y(bin.totalWork), fill: precacheColor)
            }
            if bin.isOverBudget {
                document.polygon([(x + barWidth / 2, bottom + 1), (x + barWidth / 2 - 3, bottom + 6), (x + barWidth / 2 + 3, bottom + 6)], fill: PictureStyle.bad)
            }
        }
        let budgetY = y(clock.frameNanoseconds)
        document.line(x1: plotX, y1: budgetY, x2: plotRight, y2: budgetY, stroke: PictureStyle.bad, dashed: true)
        document.text(Self.fixed(Double(clock.frameNanoseconds) / 1e6), x: plotX - 6, y: budgetY + 3.5, size: 9.5, fill: PictureStyle.bad, anchor: .end)
        document.text("\(Self.milliseconds(scaleTop)) ms", x: plotX - 6, y: bandTop + 7, size: 9.5, fill: PictureStyle.caption, anchor: .end)
        document.text("0", x: plotX - 6, y: bottom, size: 9.5, fill: PictureStyle.caption, anchor: .end)
    }

    private var barPitch: Double { (plotRight - plotX) / Double(max(1, panels.first?.strips.first?.frames.bins.count ?? 1)) }

    /// Seconds of motion (due frames) under the last strip: a tick per second, labelled every two.
    private func drawTimeAxis(y: Double, in document: inout SVGDocument) {
        let framesPerSecond = clock.framesPerSecond
        let pixelsPerFrame = barPitch / Double(framesPerBin)
        let dueFrames = panels.first?.strips.first?.frames.dueFrameCount ?? 0
        var second = 0
        while second * framesPerSecond <= dueFrames {
            let x = plotX + Double(second * framesPerSecond) * pixelsPerFrame
            document.line(x1: x, y1: y + 8, x2: x, y2: y + 12, stroke: PictureStyle.secondaryText)
            if second % 2 == 0 {
                document.text("\(second) s", x: x, y: y + 23, size: 9.5, fill: PictureStyle.caption, anchor: .middle)
            }
            second += 1
        }
    }

    private func drawLegend(y: Double, in document: inout SVGDocument) {
        var x = 32.0
        let entries: [(color: String, text: String)] = [
            (PictureStyle.tableWork, "the table's template layouts"),
            (PictureStyle.precacheWork, "idle precache"),
            (PictureStyle.bad, "a frame over budget, ticked below"),
        ]
        for entry in entries {
            document.rect(x: x, y: y - 9, width: 10, height: 10, fill: entry.color)
            document.text(entry.text, x: x + 15, y: y, size: 12, fill: PictureStyle.caption)
            x += 15 + Double(entry.text.count) * 6.6 + 24
        }
        document.line(x1: x, y1: y - 4, x2: x + 18, y2: y - 4, stroke: PictureStyle.bad, dashed: true)
        document.text("the frame budget", x: x + 23, y: y, size: 12, fill: PictureStyle.caption)
    }

    // MARK: Numbers

    /// The strips' top, in ns: a whole number of milliseconds in steps of 5, at least one and
    /// a half budgets, so that the budget line sits low in a calm panel.
    static func scaleTop(slowest: UInt64, budget: UInt64) -> UInt64 {
        let step: UInt64 = 5_000_000
        let top = max(slowest, budget + budget / 2)
        return (top + step - 1) / step * step
    }

    /// `0.2`, `2.5`, `10`: nanoseconds as milliseconds, trailing zeros dropped.
    static func milliseconds(_ nanoseconds: UInt64) -> String { SVGDocument.number(Double(nanoseconds) / 1e6) }

    /// Two decimals, by integer arithmetic (the same bytes on every platform).
    static func fixed(_ value: Double) -> String {
        guard value.isFinite, value >= 0 else { return "-" }
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(ReportPrinter.number(hundredths / 100)).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
