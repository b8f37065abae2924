#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// What a template is given before it is measured (the table's text size, editing state,
/// configuration update) and what the table's geometry is read from (scale, section index,
/// footer metrics, content view width for frame layout).
final class TemplateStateTests: XCTestCase {
    @MainActor
    func testATableOutsideAWindowMeasuresAtItsScreensScaleNotOne() {
        let fixture = TableFixture(sections: [[]])
        XCTAssertNil(fixture.table.window)
        _ = fixture.uncachedHeight(of: "x")
        let traits = fixture.table.traitCollection.displayScale
        let expected = traits > 0 ? traits : UIScreen.main.scale
        XCTAssertEqual(fixture.table.layoutState.heights.context.displayScale, expected)
        XCTAssertGreaterThan(expected, 1, "simulators and devices are 2x or 3x: a scale of 1 would be the old fallback")
    }

    /// Review 19a, C1: UIKit's registry replaces an identifier's entry when it is registered
    /// again; the kept template was of the old class for the table's life, so a request typed
    /// with the new class failed its check and answered the fallback (44), and one typed
    /// loosely measured the old cell. Now the template is made again, and the heights the old
    /// class gave by index path are forgotten.
    @MainActor
    func testAnIdentifierRegisteredAgainWithAnotherClassIsMeasuredWithTheNewClass() {
        let table = TableFixture(sections: [["x"]]).table
        table.layoutState.assertsOnMisuse = false
        let row = IndexPath(row: 0, section: 0)
        let small = table.fd_height(identifier: "label", cacheBy: row) { (cell: LabelCell) in cell.label.text = "x" }
        XCTAssertTrue(table.fd_indexPathHeightCache.existsHeight(at: row), "precondition: cached with the first class")

        table.register(LargeLabelCell.self, forCellReuseIdentifier: "label")
        XCTAssertFalse(table.fd_indexPathHeightCache.existsHeight(at: row), "the old class's height is forgotten")
        let large = table.fd_height(identifier: "label", cacheBy: row) { (cell: LargeLabelCell) in cell.label.text = "x" }

        let reference = UITableView(frame: table.frame, style: .plain)
        reference.register(LargeLabelCell.self, forCellReuseIdentifier: "label")
        let expected = reference.fd_height(identifier: "label") { (cell: LargeLabelCell) in cell.label.text = "x" }
        XCTAssertGreaterThan(expected, small, "precondition: the new class is taller")
        XCTAssertEqual(large, expected, "measured with the new class, not the fallback")

        // The same class again (apps that register on every appearance) keeps what is cached.
        table.register(LargeLabelCell.self, forCellReuseIdentifier: "label")
        XCTAssertTrue(table.fd_indexPathHeightCache.existsHeight(at: row))
    }

    /// Reviews 19g H1, 19h L1: a nib of another class registered under an identifier whose
    /// template is kept, then a reload, then FD's untyped call (its block takes any cell, so no
    /// type check can fail). The next template request loads the nib once and sees the other
    /// class: the new class is measured. Before, the old template was measured for good, and an
    /// Objective-C block typed with the new class got the old one. The nib stands in for a
    /// compiled xib (`instantiate(withOwner:options:)` is what UIKit and the package call).
    @MainActor
    func testAnIdentifierRegisteredAgainWithANibOfAnotherClassIsMeasuredWithItThroughFDsCall() {
        let fixture = TableFixture(sections: [["x"]])
        let table = fixture.table
        let row = IndexPath(row: 0, section: 0)
        let small = table.fd_heightForCell(withIdentifier: "label", cacheBy: row) { cell in (cell as? LabelCell)?.label.text = "x" }
        let nib = StandInNib()
        nib.make = { LargeLabelCell(style: .default, reuseIdentifier: "label") }

        table.register(nib, forCellReuseIdentifier: "label")
        table.reloadData()
        var measured: AnyObject?
        let large = table.fd_heightForCell(withIdentifier: "label", cacheBy: row) { cell in
            measured = cell as AnyObject?
            (cell as? LabelCell)?.label.text = "x"
        }

        XCTAssertTrue(measured is LargeLabelCell, "the nib's class, not the kept template's")
        XCTAssertGreaterThan(large, small)
    }

    /// Review 19i, I1: the table shows its rows, so cells of the old class wait in the reuse
    /// pool when the nib of another class is registered; the template is the view the
    /// comparison loaded from the nib, not a pooled cell of the old class (a dequeue there
    /// returned one, and the old class was measured for good).
    @MainActor
    func testANibOfAnotherClassIsMeasuredWhenOldCellsWaitInThePool() {
        let fixture = TableFixture(sections: [(0..<60).map { "Row \($0)" }]).hostInWindow()
        let table = fixture.table
        _ = table.fd_heightForCell(withIdentifier: "label", cacheBy: IndexPath(row: 0, section: 0)) { _ in }
        // The table shrinks: its shown cells go to the reuse pool and stay there (a scroll
        // would take them out again for the rows it shows; review 19k).
        table.frame.size.height = 60
        fixture.layOut()
        let nib = StandInNib()
        nib.make = { LargeLabelCell(style: .default, reuseIdentifier: "label") }

        table.register(nib, forCellReuseIdentifier: "label")
        var measured: AnyObject?
        // Not cached (the shown table cached every row): the request reaches the template.
        _ = table.fd_heightForCell(withIdentifier: "label") { measured = $0 as AnyObject? }

        XCTAssertTrue(measured is LargeLabelCell, "the nib's class")
        XCTAssertTrue(table.fd_templateCell(forReuseIdentifier: "label") is LargeLabelCell, "kept")
    }

    /// Review 19o, O1: a template UIKit hands back from its reuse pool is still the table's
    /// subview (pooled views stay in it, hidden for reuse), and the dequeue shows it; kept
    /// there, it sat over the rows. A template is never in the table's view tree.
    @MainActor
    func testATemplateTakenFromTheReusePoolLeavesTheTable() {
        let fixture = TableFixture(sections: [(0..<60).map { "Row \($0)" }]).hostInWindow()
        let table = fixture.table
        // The table shrinks: its shown cells go to the reuse pool.
        table.frame.size.height = 60
        fixture.layOut()
        // The kept template dropped (another class registered), so the next request dequeues.
        table.register(LargeLabelCell.self, forCellReuseIdentifier: "label")
        table.register(LabelCell.self, forCellReuseIdentifier: "label")

        _ = table.fd_heightForCell(withIdentifier: "label") { _ in }

        let template = table.fd_templateCell(forReuseIdentifier: "label")
        XCTAssertNotNil(template)
        XCTAssertNil(template?.superview, "out of the table's view tree")
    }

    @MainActor
    func testTheFooterFallbackUsesFooterMetrics() {
        let fixture = TableFixture(sections: [["a"]]).hostInWindow()
        let table = fixture.table
        table.layoutState.assertsOnMisuse = false
        table.estimatedSectionHeaderHeight = 22
        table.estimatedSectionFooterHeight = 33
        let footer = table.fd_footerHeight(identifier: "not registered", inSection: 0) { (_: LabelHeader) in }
        let header = table.fd_headerHeight(identifier: "not registered", inSection: 0) { (_: LabelHeader) in }
        XCTAssertEqual(footer, 33)
        XCTAssertEqual(header, 22)

        // And while a table has no width, when nothing is measured.
        let noWidth = TableFixture(sections: [["a"]], width: 0).table
        noWidth.estimatedSectionHeaderHeight = 22
        noWidth.estimatedSectionFooterHeight = 33
        XCTAssertEqual(noWidth.fd_footerHeight(identifier: "header", inSection: 0) { (_: LabelHeader) in }, 33)
        XCTAssertEqual(noWidth.fd_headerHeight(identifier: "header", inSection: 0) { (_: LabelHeader) in }, 22)
    }

    @MainActor
    func testAFrameLayoutCellIsAskedToFitItsContentViewsWidthNotTheCells() {
        let fixture = TableFixture(sections: [[]]).hostInWindow()
        let template = fixture.table.fd_templateCell(forReuseIdentifier: "frame") as! FrameCell
        _ = fixture.table.fd_height(identifier: "frame") { (cell: FrameCell) in
            cell.fd_enforceFrameLayout = true
            cell.accessoryType = .disclosureIndicator
        }
        let fitted = template.fittedWidths.last
        XCTAssertNotNil(fitted, "sizeThatFits was asked")
        XCTAssertEqual(fitted ?? 0, template.contentView.bounds.width, accuracy: 0.001, "the content view's width, as FD passed")
        XCTAssertLessThan(fitted ?? .infinity, 320, "less than the cell's width: the accessory is left out")
    }

    @MainActor
    func testEditingHeightsAreKeptApartFromNormalOnes() {
        let fixture = TableFixture(sections: [["a"]]).hostInWindow()
        let table = fixture.table
        let text = TableFixture.text(2)
        let measure = { table.fd_height(identifier: "label", cacheBy: "post") { (cell: LabelCell) in cell.label.text = text } }
        let normal = measure()
        table.setEditing(true, animated: false)
        fixture.layOut()
        let layoutsWhileEditing = table.fd_statistics.layouts
        _ = measure()
        XCTAssertEqual(table.fd_statistics.layouts, layoutsWhileEditing + 1, "editing is another context: measured again")
        XCTAssertTrue(table.layoutState.heights.context.isEditing)
        table.setEditing(false, animated: false)
        fixture.layOut()
        let layoutsAfter = table.fd_statistics.layouts
        XCTAssertEqual(measure(), normal, "the normal height was kept")
        XCTAssertEqual(table.fd_statistics.layouts, layoutsAfter, "and hit")
    }

    @MainActor
    func testTheTemplateIsMeasuredInTheTablesEditingState() {
        let fixture = TableFixture(sections: [[]]).hostInWindow()
        let template: UITableViewCell = fixture.table.fd_templateCell(forReuseIdentifier: "label")
        fixture.table.setEditing(true, animated: false)
        _ = fixture.uncachedHeight(of: "x")
        XCTAssertTrue(template.isEditing)
        fixture.table.setEditing(false, animated: false)
        _ = fixture.uncachedHeight(of: "x")
        XCTAssertFalse(template.isEditing)
    }

    @MainActor
    func testAConfigurationUpdateHandlerRunsBeforeMeasuring() {
        let fixture = TableFixture(sections: [[]]).hostInWindow()
        let long = TableFixture.text(2)
        let direct = fixture.uncachedHeight(of: long)
        let throughHandler = fixture.table.fd_height(identifier: "label") { (cell: LabelCell) in
            cell.configurationUpdateHandler = { cell, _ in (cell as? LabelCell)?.label.text = long }
        }
        XCTAssertEqual(throughHandler, direct, "the handler set the text before the template was measured")
        let template: UITableViewCell = fixture.table.fd_templateCell(forReuseIdentifier: "label")
        template.configurationUpdateHandler = nil
    }

    @MainActor
    func testTheTemplateTakesTheTablesTextSize() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("the window's text size is overridden with iOS 17 trait overrides") }
        let fixture = TableFixture(sections: [["a"]]).hostInWindow()
        let table = fixture.table
        table.register(EdgePinnedCell.self, forCellReuseIdentifier: "dynamic")
        let measure = { table.fd_height(identifier: "dynamic") { (cell: EdgePinnedCell) in cell.label.text = TableFixture.text(1) } }
        fixture.window?.traitOverrides.preferredContentSizeCategory = .small
        fixture.layOut()
        let small = measure()
        fixture.window?.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraLarge
        fixture.layOut()
        let large = measure()
        let template: UITableViewCell = table.fd_templateCell(forReuseIdentifier: "dynamic")
        XCTAssertEqual(template.traitCollection.preferredContentSizeCategory, .accessibilityExtraExtraLarge)
        XCTAssertEqual(table.layoutState.heights.context.contentSizeCategory, .accessibilityExtraExtraLarge)
        XCTAssertGreaterThan(large, small * 1.5, "the template's label took the larger font")
    }

    @MainActor
    func testTheSectionIndexWidthIsReadWhenTheIndexComesAndGoes() {
        let fixture = TableFixture(sections: [["a"], ["b"], ["c"]])
        fixture.indexTitles = ["A", "B", "C"]
        fixture.hostInWindow()
        let table = fixture.table
        XCTAssertTrue(table.showsSectionIndexView)
        _ = fixture.uncachedHeight(of: "x")
        XCTAssertLessThan(table.layoutState.heights.context.width, 320, "the index narrows the cells")
        fixture.indexTitles = nil
        table.reloadData()
        fixture.layOut()
        XCTAssertFalse(table.showsSectionIndexView)
        _ = fixture.uncachedHeight(of: "x")
        XCTAssertEqual(table.layoutState.heights.context.width, 320, "the index went, and so did its width")
    }

    /// A data source without index titles is not asked for them on every height request
    /// (a collation over the model can be costly); a reload asks again.
    @MainActor
    func testIndexTitlesAreNotAskedOnEveryHeightRequest() {
        let fixture = TableFixture(sections: [["a", "b", "c"]])
        fixture.hostInWindow()
        let table = fixture.table
        _ = fixture.uncachedHeight(of: "x")
        let asked = fixture.indexTitleRequests
        for text in ["y", "z", "w"] { _ = fixture.uncachedHeight(of: text) }
        XCTAssertEqual(fixture.indexTitleRequests, asked, "no titles, same width, same data source: not asked again")
        fixture.indexTitles = ["A"]
        table.reloadData()
        _ = fixture.uncachedHeight(of: "x")
        XCTAssertGreaterThan(fixture.indexTitleRequests, asked, "a reload asks again")
    }

    /// Issue 14, item 9: an inset-grouped table insets its cells, not its headers: the header
    /// template is laid out at the header width, the table's.
    @MainActor
    func testInsetGroupedHeadersAreMeasuredAtTheHeaderWidthNotTheCellWidth() throws {
        let fixture = TableFixture(sections: [["a"], ["b"]], style: .insetGrouped).hostInWindow()
        let table = fixture.table
        _ = table.fd_headerHeight(identifier: "header", inSection: 0) { (view: LabelHeader) in view.label.text = "Header" }
        let template = try XCTUnwrap(table.layoutState.templateHeaderFooterView(withIdentifier: "header", in: table))
        let geometry = table.layoutState.refreshGeometry(of: table)
        XCTAssertLessThan(geometry.cellWidth, table.bounds.width, "precondition: cells are inset")
        XCTAssertEqual(template.bounds.width, geometry.headerFooterWidth)
        XCTAssertEqual(template.bounds.width, table.bounds.width, "no safe area, no index: the table's width")
    }

    /// Issue 14, item 12: when UIKit's index view is not found by its private class name (as
    /// if a new iOS renamed it), debug builds say so and cells are measured at a displayed
    /// cell's content width, which UIKit narrowed for the index.
    @MainActor
    func testAMissingIndexViewIsReportedAndADisplayedCellsContentWidthIsUsed() throws {
        let fixture = TableFixture(sections: [["a"], ["b"], ["c"]])
        fixture.indexTitles = ["A", "B", "C"]
        fixture.hostInWindow()
        let table = fixture.table
        XCTAssertTrue(table.showsSectionIndexView, "precondition: UIKit shows the index")
        let displayed = try XCTUnwrap(table.visibleCells.first).contentView.bounds.width
        XCTAssertLessThan(displayed, 320, "precondition: the index narrows displayed cells")
        let recorder = LineRecorder()
        table.layoutState.heights.log = DebugLog(isEnabled: false, reportsProblems: true, sink: DebugLogSink { recorder.add($0) })
        TableGeometryReader.indexClassName = "TLCNoSuchIndexClass"
        defer { TableGeometryReader.indexClassName = "UITableViewIndex" }
        table.reloadData() // forgets the index view found so far
        fixture.layOut()
        // The first request after the reload is pending; the next main-queue turn settles it.
        _ = table.layoutState.refreshGeometry(of: table)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))

        let geometry = table.layoutState.refreshGeometry(of: table)
        XCTAssertEqual(geometry.displayedContentWidth, displayed)
        XCTAssertEqual(geometry.cellWidth, displayed, accuracy: 0.001)
        XCTAssertEqual(table.layoutState.heights.context.width, displayed, accuracy: 0.5)
        #if DEBUG
        XCTAssertEqual(recorder.lines.filter { $0.contains("section index view") }.count, 1, "reported once")
        _ = table.layoutState.refreshGeometry(of: table)
        XCTAssertEqual(recorder.lines.filter { $0.contains("section index view") }.count, 1, "and not again")
        #endif
    }

    // MARK: Issue 17, item 11: the configuration-update pass

    /// A cell whose configuration update sets its content is laid out for it at the width it
    /// is measured at, not a dequeued cell's 320 points: at a stale size a cell with a rigid
    /// vertical chain breaks a constraint, and the pass lays it out for nothing.
    @MainActor
    func testAConfigurationUpdateLayoutRunsAtTheMeasuringWidth() throws {
        let fixture = TableFixture(sections: [["a"]], width: 390)
        fixture.table.register(WidthRecordingCell.self, forCellReuseIdentifier: "recording")
        fixture.hostInWindow()
        let table = fixture.table
        _ = table.fd_height(identifier: "recording") { (cell: WidthRecordingCell) in
            cell.configurationUpdateHandler = { cell, _ in (cell as? WidthRecordingCell)?.label.text = "Set in the handler." }
        }
        let template = try XCTUnwrap(table.layoutState.templateCell(withIdentifier: "recording", in: table).cell as? WidthRecordingCell)
        let width = table.layoutState.refreshGeometry(of: table).cellWidth
        XCTAssertEqual(width, 390, "precondition: no safe area, no index")
        XCTAssertFalse(template.layoutWidths.isEmpty, "precondition: the pass laid the cell out")
        XCTAssertEqual(Set(template.layoutWidths), [width], "every layout at the measuring width")
    }

    /// Cells without a configuration update of their own skip the pass, as FD's sequence did.
    @MainActor
    func testOnlyCellsWithTheirOwnConfigurationUpdateGetThePass() {
        XCTAssertFalse(TemplatePreparation.hasOwnConfigurationUpdate(LabelCell(style: .default, reuseIdentifier: nil)))
        let handled = LabelCell(style: .default, reuseIdentifier: nil)
        handled.configurationUpdateHandler = { _, _ in }
        XCTAssertTrue(TemplatePreparation.hasOwnConfigurationUpdate(handled))
        XCTAssertTrue(TemplatePreparation.hasOwnConfigurationUpdate(WidthRecordingCell(style: .default, reuseIdentifier: nil)))
    }
}

/// A label cell that records the width of every layout pass, and overrides
/// `updateConfiguration(using:)` (calling `super`).
private final class WidthRecordingCell: LabelCell {
    private(set) var layoutWidths: [CGFloat] = []

    override func layoutSubviews() {
        layoutWidths.append(bounds.width)
        super.layoutSubviews()
    }

    override func updateConfiguration(using state: UICellConfigurationState) {
        super.updateConfiguration(using: state)
    }
}
/// ``LabelCell`` with a larger font: taller for the same text.
final class LargeLabelCell: LabelCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        label.font = .systemFont(ofSize: 34)
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}
/// A nib whose top-level view is made in code: a stand-in for a compiled xib, which the
/// package and UIKit load through `instantiate(withOwner:options:)`.
final class StandInNib: UINib {
    var make: () -> UIView = { UITableViewCell() }

    override func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [UINib.OptionsKey: Any]? = nil) -> [Any] {
        [make()]
    }
}
#endif
