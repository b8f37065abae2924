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
        private(set) var reentries = 0
        private var isReentering = false

        func numberOfSections(in tableView: UITableView) -> Int { 2 }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "label", for: indexPath)
        }

        func sectionIndexTitles(for tableView: UITableView) -> [String]? {
            // Once: the nested read asks for the titles too.
            guard !isReentering else { return ["A", "B"] }
            isReentering = true
            defer { isReentering = false }
            reentries += 1
            // Reads the table's geometry again, from inside the package's own read of it.
            _ = tableView.fd_indexPathHeightCache.existsHeight(at: IndexPath(row: 0, section: 0))
            return ["A", "B"]
        }
    }

    @MainActor
    func testADataSourceThatAsksForAHeightWhileTheGeometryIsReadDoesNotTrap() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        table.register(LabelCell.self, forCellReuseIdentifier: "label")
        let dataSource = ReenteringDataSource()
        table.dataSource = dataSource
        // Not laid out: no index view exists yet, so every geometry read asks the data source.
        let height = table.fd_height(identifier: "label") { (cell: LabelCell) in cell.label.text = TableFixture.text(1) }
        XCTAssertGreaterThan(dataSource.reentries, 0, "the package asked the data source for its index titles")
        XCTAssertGreaterThan(height, 0, "measured, after the nested read")
        withExtendedLifetime(dataSource) {}
    }
}
#endif
