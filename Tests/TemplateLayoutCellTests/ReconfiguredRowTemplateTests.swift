#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell
import TemplateLayoutEngine

/// Review 20a, R20a-1: while UIKit reconfigures a row, `dequeueReusableCell(withIdentifier:)`
/// returns that row's shown cell. A template request from the app's `cellForRowAt` then,
/// with no template kept, made the shown cell the template: flagged for good, kept, and reset
/// and configured with other rows' content on screen. A shown cell is never a template.
final class ReconfiguredRowTemplateTests: XCTestCase {
    private let otherText = "Another row's text, long enough to wrap onto a second and a third line at a phone's width."

    /// The registration was seen by the package (made after its first call): the template is
    /// made from it, and measured, instead of the shown cell.
    @MainActor
    func testAReconfiguredRowsShownCellIsNotMadeTheTemplateButOneFromTheRegistration() throws {
        let fixture = TableFixture(sections: [["Short.", "Second."]]).hostInWindow()
        let table = fixture.table
        // The kept template dropped (another class registered), so the next request dequeues.
        table.register(LargeLabelCell.self, forCellReuseIdentifier: "label")
        table.register(LabelCell.self, forCellReuseIdentifier: "label")
        XCTAssertNil(table.layoutState.templateCells["label"], "precondition: no template kept")
        let row = IndexPath(row: 0, section: 0)
        let shown = try XCTUnwrap(table.cellForRow(at: row) as? LabelCell)
        var height: CGFloat?
        var template: UITableViewCell?
        fixture.insideCellForRow = { [otherText] _ in
            height = table.fd_heightForCell(withIdentifier: "label") { cell in (cell as? LabelCell)?.label.text = otherText }
            template = table.fd_templateCell(forReuseIdentifier: "label")
        }

        table.reconfigureRows(at: [row])
        fixture.layOut()
        fixture.insideCellForRow = nil

        XCTAssertNotNil(height, "precondition: asked from cellForRowAt during the reconfigure")
        XCTAssertTrue(table.cellForRow(at: row) === shown, "precondition: the reconfigure kept the row's cell")
        XCTAssertFalse(shown.fd_isTemplateLayoutCell, "the shown cell is not flagged")
        XCTAssertFalse(template === shown)
        XCTAssertFalse(table.fd_templateCell(forReuseIdentifier: "label") === shown)
        XCTAssertEqual(shown.label.text, "Short.", "the shown row keeps its own content")
        XCTAssertTrue(template is LabelCell, "made from the registration")
        XCTAssertEqual(template?.fd_isTemplateLayoutCell, true)
        XCTAssertNil(template?.superview)
        XCTAssertEqual(height, fixture.uncachedHeight(of: otherText), "measured with the made template")
    }

    /// The registration is not known (a storyboard's prototype cells: no hook sees them): the
    /// request answers the fallback height, not cached and not reported as misuse (which
    /// asserts here), and `fd_templateCell` a plain cell; the next request, outside the
    /// reconfigure, gets the real template.
    @MainActor
    func testAReconfiguredRowsShownCellIsNotMadeTheTemplateWhenNoneCanBeMade() throws {
        let fixture = TableFixture(sections: [["Short.", "Second."]])
        let table = fixture.table
        // As a storyboard's prototypes: the registration is not known.
        table.cellRegistrations.cells.removeAll()
        // No package call before the reconfigure: nothing measured, no template kept.
        table.delegate = nil
        table.rowHeight = 60
        fixture.hostInWindow()
        // The package's state exists (review 20i, R20i-2): the hook looks the reconfigured
        // row up, finds it shown, and keeps the whole call from dequeuing.
        XCTAssertNil(table.layoutState.templateCells["label"], "precondition: no template kept")
        let row = IndexPath(row: 0, section: 0)
        let shown = try XCTUnwrap(table.cellForRow(at: row) as? LabelCell)
        var height: CGFloat?
        var template: UITableViewCell?
        fixture.insideCellForRow = { [otherText] _ in
            height = table.fd_heightForCell(withIdentifier: "label") { cell in (cell as? LabelCell)?.label.text = otherText }
            template = table.fd_templateCell(forReuseIdentifier: "label")
        }

        table.reconfigureRows(at: [row])
        fixture.layOut()
        fixture.insideCellForRow = nil

        XCTAssertNotNil(height, "precondition: asked from cellForRowAt during the reconfigure")
        XCTAssertTrue(table.cellForRow(at: row) === shown, "precondition: the reconfigure kept the row's cell")
        XCTAssertFalse(shown.fd_isTemplateLayoutCell, "the shown cell is not flagged")
        XCTAssertFalse(template === shown)
        XCTAssertEqual(shown.label.text, "Short.", "the shown row keeps its own content")
        XCTAssertEqual(height, table.layoutState.heights.fallbackHeight, "the fallback, as nothing could be measured")
        XCTAssertNil(table.layoutState.templateCells["label"], "nothing kept")
        XCTAssertTrue(template.map { type(of: $0) == UITableViewCell.self } ?? false, "a plain cell, the documented fallback")

        let after = table.fd_templateCell(forReuseIdentifier: "label")
        XCTAssertFalse(after === shown)
        XCTAssertTrue(after is LabelCell, "outside the reconfigure the real template")
        XCTAssertFalse(shown.fd_isTemplateLayoutCell)
    }

    /// Review 20c, R20c-1: inside a reconfigure UIKit's `dequeueReusableCell(withIdentifier:)`
    /// raises for an identifier other than the reconfigured cell's (iOS 26.1). A request for
    /// another identifier's template from `cellForRowAt` then crashed the app; now nothing is
    /// dequeued during a reconfigure, and the template is made from the registration.
    @MainActor
    func testATemplateOfAnotherIdentifierAskedDuringAReconfigureIsMadeNotDequeued() throws {
        let fixture = TableFixture(sections: [["Short.", "Second."]]).hostInWindow()
        let table = fixture.table
        // Registered after the package's first call: the hooks saw it.
        table.register(LargeLabelCell.self, forCellReuseIdentifier: "large")
        XCTAssertNil(table.layoutState.templateCells["large"], "precondition: no template kept")
        let row = IndexPath(row: 0, section: 0)
        var insideHeight: CGFloat?
        fixture.insideCellForRow = { [otherText] _ in
            insideHeight = table.fd_heightForCell(withIdentifier: "large") { cell in (cell as? LabelCell)?.label.text = otherText }
        }

        // Before the fix: UIKit raises NSInternalInconsistencyException inside this call.
        table.reconfigureRows(at: [row])
        fixture.layOut()
        fixture.insideCellForRow = nil

        let template = table.layoutState.templateCells["large"]
        XCTAssertTrue(template is LargeLabelCell, "made from the registration")
        XCTAssertNil(template?.superview)
        XCTAssertTrue(ReconfiguringTables.allowsDequeue(in: table), "the mark ends with the call")
        let outside = table.fd_heightForCell(withIdentifier: "large") { cell in (cell as? LabelCell)?.label.text = self.otherText }
        XCTAssertEqual(insideHeight, outside, "measured inside the reconfigure as outside it")
    }

    /// Review 20e, R20e-1: UIKit restricts dequeues only while the app's `cellForRowAt`
    /// runs; the heights it asks at the end of an unbatched reconfigure (every row, without
    /// estimated heights: Q7) fall inside the package's mark but outside that window. A
    /// template of the reconfigured cells' identifier is dequeued and measured there, not
    /// answered with the fallback (which collapsed the row until the next turn).
    @MainActor
    func testHeightsAskedAtAReconfiguresEndAreMeasuredWithADequeuedTemplate() throws {
        let text = TableFixture.texts[2]
        let fixture = TableFixture(sections: [[text, "Second."]])
        let table = fixture.table
        // The package out of the way until the reconfigure: nothing measured, no template
        // kept; and the registration not known, as a storyboard's prototypes, so that only a
        // dequeue can give the template.
        table.cellRegistrations.cells.removeAll()
        table.delegate = nil
        table.rowHeight = 60
        fixture.hostInWindow()
        table.delegate = fixture
        // The package's state exists, as after persisted heights were read, with no template:
        // the hook records the reconfigured cells' identifier only for such a table.
        XCTAssertNil(table.layoutState.templateCells["label"], "precondition: setting the delegate measured nothing")
        let row = IndexPath(row: 0, section: 0)

        table.reconfigureRows(at: [row])

        let template = table.existingLayoutState?.templateCells["label"]
        XCTAssertTrue(template is LabelCell, "dequeued at the reconfigure's end, and kept")
        XCTAssertNil(template?.superview)
        XCTAssertEqual(table.rectForRow(at: row).height, fixture.uncachedHeight(of: text), accuracy: 0.5, "measured, not the fallback")
    }

    /// Review 20g, R20g-1 (a): a reconfigure of rows none of which is on screen opens no
    /// window in UIKit; the heights asked at its end get a dequeued template, not the
    /// fallback.
    @MainActor
    func testHeightsAskedAtTheEndOfAReconfigureOfAnOffScreenRowAreMeasured() throws {
        let text = TableFixture.texts[2]
        let fixture = TableFixture(sections: [Array(repeating: text, count: 40)])
        let table = fixture.table
        table.cellRegistrations.cells.removeAll()
        table.delegate = nil
        table.rowHeight = 60
        fixture.hostInWindow()
        table.delegate = fixture
        XCTAssertNil(table.layoutState.templateCells["label"], "precondition: nothing measured")
        let offScreen = IndexPath(row: 39, section: 0)
        XCTAssertNil(table.cellForRow(at: offScreen), "precondition: the row is not on screen")

        table.reconfigureRows(at: [offScreen])

        XCTAssertTrue(table.existingLayoutState?.templateCells["label"] is LabelCell, "dequeued at the end, and kept")
        XCTAssertEqual(
            table.rectForRow(at: IndexPath(row: 0, section: 0)).height, fixture.uncachedHeight(of: text), accuracy: 0.5,
            "measured, not the fallback")
    }

    /// Review 20g: the table's registrations are recorded from launch, not from its first
    /// package call (apps register in viewDidLoad). A template asked from inside the
    /// reconfigure that makes the package's first call on the table, which no dequeue may
    /// give, is made from the registration and measured.
    @MainActor
    func testARegistrationMadeBeforeThePackagesFirstCallMakesTheTemplateDuringAReconfigure() throws {
        let fixture = TableFixture(sections: [["Short.", "Second."]])
        let table = fixture.table
        table.delegate = nil
        table.rowHeight = 60
        fixture.hostInWindow()
        XCTAssertNil(table.existingLayoutState, "precondition: the package has not been called on this table")
        guard case .cellClass(let cellType)? = table.existingCellRegistrations?.cells["label"] else {
            return XCTFail("the fixture's registration, made before any state, is recorded")
        }
        XCTAssertTrue(cellType == LabelCell.self)
        var height: CGFloat?
        fixture.insideCellForRow = { [otherText] _ in
            height = table.fd_heightForCell(withIdentifier: "label") { cell in (cell as? LabelCell)?.label.text = otherText }
        }

        table.reconfigureRows(at: [IndexPath(row: 0, section: 0)])
        fixture.insideCellForRow = nil

        XCTAssertTrue(table.layoutState.templateCells["label"] is LabelCell, "made from the registration")
        XCTAssertEqual(height, fixture.uncachedHeight(of: otherText), "measured, not the fallback")
    }

    /// Review 20i, R20i-1: two shown cells of two identifiers reconfigured together, as
    /// storyboard prototypes (registrations no hook sees): no dequeue may be made inside the
    /// call, so the package opens an update around it, and the heights UIKit asks at its end
    /// come after the mark, from dequeued templates.
    @MainActor
    func testTwoKindsOfRowsReconfiguredTogetherAreMeasuredAtTheUpdatesEnd() throws {
        let source = TwoKindsOfRows()
        let table = source.table
        table.cellRegistrations.cells.removeAll()
        let window = UIWindow(frame: table.frame)
        window.addSubview(table)
        window.isHidden = false
        table.layoutIfNeeded()
        table.delegate = source
        let rows = [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)]
        XCTAssertEqual(Set(rows.compactMap { table.cellForRow(at: $0)?.reuseIdentifier }), ["label", "frame"], "precondition")
        // After the lookups: had they laid the table out, the templates would exist already.
        XCTAssertNil(table.layoutState.templateCells["label"], "precondition: nothing measured")

        table.reconfigureRows(at: rows)

        XCTAssertTrue(table.layoutState.templateCells["label"] is LabelCell, "dequeued after the mark, and kept")
        XCTAssertTrue(table.layoutState.templateCells["frame"] is FrameCell)
        XCTAssertEqual(table.rectForRow(at: rows[1]).height, 77, "the frame cell's own height, not the 60 fallback")
        withExtendedLifetime(window) {}
    }

    /// Review 20k, R20k-1: one kind of shown row reconfigured; rows of another kind (here
    /// "label", not shown as reconfigured) asked at the update's end are measured too.
    @MainActor
    func testRowsOfAnotherKindAskedAtTheEndOfAReconfigureAreMeasured() throws {
        let source = TwoKindsOfRows()
        let window = Self.host(source)
        XCTAssertNil(source.table.layoutState.templateCells["label"], "precondition: nothing measured")

        source.table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])

        XCTAssertTrue(source.table.layoutState.templateCells["label"] is LabelCell, "dequeued after the mark, and kept")
        let measured = source.table.fd_heightForCell(withIdentifier: "label") { ($0 as? LabelCell)?.label.text = "Short." }
        XCTAssertEqual(source.table.rectForRow(at: IndexPath(row: 0, section: 0)).height, measured, "measured, not the fallback")
        withExtendedLifetime(window) {}
    }

    /// Reviews 20k and 20l: the update the package opens around a reconfigure goes to
    /// UIKit's methods beneath the hooks, as UIKit's own unbatched reconfigure opens one:
    /// the app's overrides of beginUpdates/endUpdates see nothing the app did not call.
    @MainActor
    func testTheUpdateOpenedAroundAReconfigureReachesNoOverride() throws {
        let source = TwoKindsOfRows(tableClass: UpdateCountingTable.self)
        let window = Self.host(source)
        let table = try XCTUnwrap(source.table as? UpdateCountingTable)
        XCTAssertNil(table.layoutState.templateCells["label"], "precondition: nothing measured")
        let callsBefore = table.updateCalls

        table.reconfigureRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])

        XCTAssertTrue(table.layoutState.templateCells["label"] is LabelCell, "precondition: the update was opened and ended")
        XCTAssertEqual(table.updateCalls, callsBefore, "no beginUpdates/endUpdates reached the override")
        withExtendedLifetime(window) {}
    }

    /// Review 20p/20o: the guard against opening the update inside UIKit's own is per
    /// table: a reconfigure of this table inside another table's batch still gets it.
    @MainActor
    func testAReconfigureInsideAnotherTablesBatchIsMeasuredAtItsEnd() throws {
        let source = TwoKindsOfRows()
        let window = Self.host(source)
        let other = TableFixture(sections: [["Other."]]).hostInWindow()
        XCTAssertNil(source.table.layoutState.templateCells["label"], "precondition: nothing measured")

        other.table.performBatchUpdates {
            source.table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        }

        XCTAssertTrue(source.table.layoutState.templateCells["label"] is LabelCell, "the update was opened on this table")
        withExtendedLifetime(window) {}
    }

    /// Review 20o: a count of hooked calls that an exception left (its unwinding skips the
    /// end) is cleared on a later turn, so the update opens again.
    @MainActor
    func testAHookedCallLeftByAnExceptionIsForgottenOnALaterTurn() throws {
        let source = TwoKindsOfRows()
        let window = Self.host(source)
        XCTAssertNil(source.table.layoutState.templateCells["label"], "precondition: nothing measured")
        // What an exception unwinding through a hooked UIKit call on this table leaves, left
        // from a block of the main queue: at the run-loop depth later-turn work runs at (a
        // test body runs a level shallower than the blocks its own spin runs: review 20s).
        DispatchQueue.main.async { ReconfiguringTables.uikitCallStarted(on: source.table) }
        RunLoop.main.run(until: Date().addingTimeInterval(0.05))
        RunLoop.main.run(until: Date().addingTimeInterval(0.05))

        source.table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])

        XCTAssertTrue(source.table.layoutState.templateCells["label"] is LabelCell, "the update was opened again")
        withExtendedLifetime(window) {}
    }

    /// Reviews 20q and 20r: an app that spins the run loop in `cellForRowAt` for longer than
    /// the package's later-turn work waits: the cleanup of left marks then runs inside the
    /// reconfigure, and must leave its mark (and its update) alone, or a dequeue inside
    /// UIKit's window would raise for another identifier.
    @MainActor
    func testTheCleanupOfLeftMarksLeavesARunningReconfiguresMarkAlone() throws {
        let source = TwoKindsOfRows()
        let window = Self.host(source)
        let table = source.table
        XCTAssertNil(table.layoutState.templateCells["label"], "precondition: nothing measured")
        var allowedAfterTheSpin: Bool?
        source.insideCellForRow = { indexPath in
            guard indexPath.row == 1, allowedAfterTheSpin == nil else { return }
            // Longer than LiveCalls waits before it runs later-turn work anyway; the whole
            // time (`run(mode:before:)` returns after the first source, a queued block: 20t).
            _ = CFRunLoopRunInMode(.defaultMode, LiveCallWait.longestWait + 0.5, false)
            allowedAfterTheSpin = ReconfiguringTables.allowsDequeue(in: table)
        }

        table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        source.insideCellForRow = nil

        XCTAssertEqual(allowedAfterTheSpin, false, "the running call's mark stayed")
        XCTAssertTrue(table.layoutState.templateCells["label"] is LabelCell, "its update ended once, after the mark")
        withExtendedLifetime(window) {}
    }

    /// Review 20s: a mark an exception left on a table that is gone is dropped by the next
    /// cleanup, whatever the run-loop depth: nothing owns it, and a new table at the same
    /// address must not inherit it.
    @MainActor
    func testAMarkLeftOnATableThatIsGoneIsDropped() {
        // The run-loop observer counts depths from its first live call: installed here, so
        // that the test does not depend on earlier ones (reviews 20u, 20v).
        LiveCalls.leave(LiveCalls.enter())
        let marksBefore = ReconfiguringTables.markedTableCount
        autoreleasepool {
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
            _ = table.layoutState
            // What an exception unwinding through a reconfigure leaves: a mark, no leave.
            _ = ReconfiguringTables.enter(table, reconfiguring: [])
            XCTAssertEqual(ReconfiguringTables.markedTableCount, marksBefore + 1, "precondition: a mark is left")
        }
        // The left mark was made at the test body's depth, shallower than the spin's blocks:
        // only the table being gone lets the cleanup drop it.
        RunLoop.main.run(until: Date().addingTimeInterval(0.05))
        XCTAssertEqual(ReconfiguringTables.markedTableCount, marksBefore)
    }

    /// Review 20v: a table subclass that calls a hooked method from its `deinit` (the table
    /// is being deallocated) must not crash the package's bookkeeping: no weak reference to
    /// the table is formed while counting the call.
    @MainActor
    func testAHookedCallFromATablesDeinitIsCountedSafely() {
        let before = TidyingTable.deinitCount
        autoreleasepool {
            // Never measured: the package only counts its hooked calls (every table's are).
            _ = TidyingTable(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        }
        RunLoop.main.run(until: Date().addingTimeInterval(0.05))
        XCTAssertEqual(TidyingTable.deinitCount, before + 1, "the table was released, its deinit called a hooked method")
    }

    /// Hosts `source`'s table with nothing measured: no delegate while it is laid out, the
    /// registrations unknown (as a storyboard's prototypes), then the delegate, and the
    /// package's state.
    @MainActor
    private static func host(_ source: TwoKindsOfRows) -> UIWindow {
        let table = source.table
        table.cellRegistrations.cells.removeAll()
        let window = UIWindow(frame: table.frame)
        window.addSubview(table)
        window.isHidden = false
        table.layoutIfNeeded()
        table.delegate = source
        return window
    }
}

/// A table of two rows of two kinds ("label", "frame"), heights by index path, with no
/// delegate until the test sets it (so nothing is measured while it is hosted).
@MainActor
private final class TwoKindsOfRows: NSObject, UITableViewDataSource, UITableViewDelegate {
    let table: UITableView

    init(tableClass: UITableView.Type = UITableView.self) {
        table = tableClass.init(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        super.init()
        table.register(LabelCell.self, forCellReuseIdentifier: "label")
        table.register(FrameCell.self, forCellReuseIdentifier: "frame")
        table.estimatedRowHeight = 0
        table.rowHeight = 60
        table.separatorStyle = .none
        table.dataSource = self
    }

    /// Runs in `cellForRowAt`, after the cell is configured.
    var insideCellForRow: ((IndexPath) -> Void)?

    static func identifier(of indexPath: IndexPath) -> String { indexPath.row == 0 ? "label" : "frame" }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.identifier(of: indexPath), for: indexPath)
        (cell as? LabelCell)?.label.text = "Short."
        insideCellForRow?(indexPath)
        return cell
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.fd_heightForCell(withIdentifier: Self.identifier(of: indexPath), cacheBy: indexPath) { cell in
            (cell as? LabelCell)?.label.text = "Short."
            // FrameCell has no constraints: measured by sizeThatFits (its 77 points).
            (cell as? FrameCell)?.fd_enforceFrameLayout = true
        }
    }
}
/// A table subclass counting the app-visible beginUpdates/endUpdates calls.
private final class UpdateCountingTable: UITableView {
    private(set) var updateCalls = 0

    override func beginUpdates() {
        updateCalls += 1
        super.beginUpdates()
    }

    override func endUpdates() {
        updateCalls += 1
        super.endUpdates()
    }
}

/// A table subclass that tidies up in its deinit with a hooked method.
private final class TidyingTable: UITableView {
    @MainActor static var deinitCount = 0

    deinit {
        MainActor.assumeIsolated {
            // As apps do on the way out (review 20v's example).
            setEditing(false, animated: false)
            Self.deinitCount += 1
        }
    }
}
#endif
