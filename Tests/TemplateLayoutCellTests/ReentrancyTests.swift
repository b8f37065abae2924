#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// App code the package calls while it works (a data source method read for the geometry)
/// may call the package again. Swift traps a nested access to a class's stored property at
/// run time, so nothing may be held across such a call: a trap fails these tests by
/// crashing them.
final class ReentrancyTests: XCTestCase {
    /// A data source whose `sectionIndexTitles(for:)` asks the package about a height, as
    /// any code there that reads a cache would.
    @MainActor
    private final class ReenteringDataSource: NSObject, UITableViewDataSource {
        private(set) var titleRequests = 0

        func numberOfSections(in tableView: UITableView) -> Int { 2 }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "label", for: indexPath)
        }

        func sectionIndexTitles(for tableView: UITableView) -> [String]? {
            // No guard of its own: the package must not ask again from the nested request.
            titleRequests += 1
            // Reads the table's geometry again, from inside the package's own read of it.
            _ = tableView.fd_indexPathHeightCache.existsHeight(at: IndexPath(row: 0, section: 0))
            _ = tableView.fd_height(identifier: "label") { (cell: LabelCell) in cell.label.text = "nested" }
            return ["A", "B"]
        }
    }

    /// Issue 17, item 3: before, the nested request asked the titles again, which asked for a
    /// height again, until the stack overflowed; this test's data source used to guard
    /// itself, which hid that.
    @MainActor
    func testADataSourceThatAsksForAHeightWhileItsIndexTitlesAreAskedNeitherTrapsNorRecurses() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        table.register(LabelCell.self, forCellReuseIdentifier: "label")
        let dataSource = ReenteringDataSource()
        table.dataSource = dataSource
        // Not laid out: no index view exists yet.
        let height = table.fd_height(identifier: "label") { (cell: LabelCell) in cell.label.text = TableFixture.text(1) }
        XCTAssertEqual(dataSource.titleRequests, 1, "asked once: the nested requests did not ask again")
        XCTAssertGreaterThan(height, 0, "measured at a guessed width")
        XCTAssertFalse(table.fd_indexPathHeightCache.existsHeight(at: IndexPath(row: 0, section: 0)),
                       "no index view yet: nothing cached at a guessed width")
        withExtendedLifetime(dataSource) {}
    }

    /// Review 18, F3: a configure closure that asks another row's height of the same
    /// identifier. Both requests used to share the one template cell: the nested one reset it
    /// and left its own text in it, and the outer row was measured with that text.
    @MainActor
    func testAConfigureClosureThatMeasuresTheSameIdentifierGetsItsOwnCell() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        table.register(LabelCell.self, forCellReuseIdentifier: "label")
        let window = UIWindow(frame: table.frame)
        window.addSubview(table)
        table.layoutIfNeeded()
        let short = "One line."
        let long = TableFixture.text(2) + " " + TableFixture.text(2)
        let alone = table.fd_height(identifier: "label") { (cell: LabelCell) in cell.label.text = short }

        var nested: CGFloat = 0
        let outer = table.fd_height(identifier: "label", cacheBy: "outer") { (cell: LabelCell) in
            cell.label.text = short
            nested = table.fd_height(identifier: "label", cacheBy: "inner") { (cell: LabelCell) in cell.label.text = long }
        }

        XCTAssertEqual(outer, alone, "the outer row is measured with its own text")
        XCTAssertGreaterThan(nested, alone, "precondition: the nested row's text is taller")
        XCTAssertEqual(table.fd_height(identifier: "label", cacheBy: "outer") { (_: LabelCell) in }, alone, "and cached so")
        withExtendedLifetime(window) {}
    }
}
#endif
