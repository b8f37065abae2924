#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell
@testable import TemplateLayoutEngine

/// Review 20b, R20b-1: a skeleton over a table with a section index. While it shows, the
/// skeleton is the table's data source, which UIKit and the package ask for the index titles
/// after every reload. They run in Xcode; on Linux they are type-checked only.
final class SkeletonSectionIndexTests: XCTestCase {
    /// Lets the main queue turn: a pending index settles, a queued replan runs.
    @MainActor
    private func letTheMainQueueTurn() {
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
    }

    /// A contacts-style table pulled to refresh: the skeleton was planned beside the index
    /// from the previous load's heights. Its own reload made the package ask the skeleton
    /// for the titles, which answered none: the rows were planned again at the width without
    /// the index, where nothing was cached, and moved, then moved back on hide.
    @MainActor
    func testASkeletonOverASectionIndexKeepsThePreviousLoadsHeights() throws {
        let sections = (0..<3).map { section in (0..<20).map { TableFixture.text(section + $0) } }
        let fixture = TableFixture(sections: sections)
        fixture.indexTitles = ["A", "B", "C"]
        fixture.hostInWindow()
        letTheMainQueueTurn()
        fixture.layOut()
        let table = fixture.table
        XCTAssertTrue(table.showsSectionIndexView, "precondition: UIKit shows the index")
        let indexedWidth = table.layoutState.heights.context.width
        XCTAssertLessThan(indexedWidth, 320, "precondition: rows are measured beside the index")
        let paths = sections.indices.flatMap { section in sections[section].indices.map { IndexPath(row: $0, section: section) } }
        let realHeights = paths.map { table.rectForRow(at: $0).height }
        XCTAssertGreaterThan(Set(realHeights).count, 1, "precondition: rows of several heights, which no one fallback matches")

        table.fd_showSkeleton(SkeletonConfiguration(sections: (0..<3).map { _ in SkeletonSection(identifier: "label", rowCount: 20) }))
        table.layoutIfNeeded()
        letTheMainQueueTurn()
        table.layoutIfNeeded()

        let plan = try XCTUnwrap(table.layoutState.skeleton?.plan)
        XCTAssertEqual(plan.rowsBySource, [.previousLoad: paths.count], "every height from the previous load, not planned again")
        XCTAssertEqual(plan.context?.width, indexedWidth, "planned beside the index")
        XCTAssertEqual(table.layoutState.heights.context.width, indexedWidth, "the heights stay in the context beside the index")
        XCTAssertTrue(table.showsSectionIndexView, "UIKit keeps the index")
        for (indexPath, height) in zip(paths, realHeights) {
            XCTAssertEqual(table.rectForRow(at: indexPath).height, height, "skeleton row \(indexPath) moved")
        }

        table.fd_hideSkeleton(animated: false)
        letTheMainQueueTurn()
        fixture.layOut()
        for (indexPath, height) in zip(paths, realHeights) {
            XCTAssertEqual(table.rectForRow(at: indexPath).height, height, "real row \(indexPath) moved")
        }
    }

    /// A tap on an index title while the skeleton shows: the app answers for its own
    /// sections, and the skeleton has fewer; UIKit must get one of the skeleton's.
    @MainActor
    func testATapOnAnIndexTitleGoesToASectionTheSkeletonHas() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        table.register(LabelCell.self, forCellReuseIdentifier: "label")
        let app = IndexAnsweringDataSource()
        table.dataSource = app
        table.fd_showSkeleton(SkeletonConfiguration(sections: [
            SkeletonSection(identifier: "label", rowCount: 3), SkeletonSection(identifier: "label", rowCount: 3),
        ]))
        let standIn = try XCTUnwrap(table.dataSource)
        XCTAssertFalse(standIn === app, "precondition: the skeleton is the data source")

        XCTAssertEqual(standIn.sectionIndexTitles?(for: table), ["A", "B", "C"], "the app's titles: the index stays")
        app.answer = 1
        XCTAssertEqual(standIn.tableView?(table, sectionForSectionIndexTitle: "B", at: 1), 1, "the app's answer, in range")
        XCTAssertEqual(app.asked.last?.title, "B")
        XCTAssertEqual(app.asked.last?.index, 1)
        app.answer = 2
        XCTAssertEqual(standIn.tableView?(table, sectionForSectionIndexTitle: "C", at: 2), 1, "the skeleton's last section")
        app.answer = NSNotFound
        XCTAssertEqual(standIn.tableView?(table, sectionForSectionIndexTitle: "A", at: 0), NSNotFound, "the app's \"no section\" passes")

        table.fd_hideSkeleton(animated: false)
        XCTAssertTrue(table.dataSource === app, "the app's data source is given back")
    }
}

/// An app's data source with three sections, index titles, and a set answer to a tap on one.
@MainActor
private final class IndexAnsweringDataSource: NSObject, UITableViewDataSource {
    /// What `tableView(_:sectionForSectionIndexTitle:at:)` answers.
    var answer = 0
    /// The titles and positions it was asked about, in order.
    private(set) var asked: [(title: String, index: Int)] = []

    func numberOfSections(in tableView: UITableView) -> Int { 3 }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    func sectionIndexTitles(for tableView: UITableView) -> [String]? { ["A", "B", "C"] }

    func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        asked.append((title, index))
        return answer
    }
}
#endif
