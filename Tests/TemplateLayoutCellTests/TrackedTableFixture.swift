#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// A table in a key, visible window, laid out, whose rows are texts in sections and whose
/// heights are cached by index path through the package, as apps cache them; its data
/// source supports interactive reordering, telling the cache with `fd_didMoveRow(at:to:)`.
///
/// Tests of the update tracking put sentinel heights (``sentinel(section:row:)``, 1000 and
/// up, which no label here measures at) in the index-path cache, update the table through
/// UIKit, and read where the sentinels went. Whenever UIKit asks for heights during the
/// update, a moved row answers its sentinel (a hit, which stores nothing) and a new row is
/// measured (never a sentinel), so what the tests assert does not depend on that timing.
@MainActor
final class TrackedTableFixture: NSObject, UITableViewDataSource, UITableViewDelegate {
    let table: UITableView
    /// The rows' texts, by section.
    var sections: [[String]]
    /// The window the table is in, once ``hostInWindow()`` has put it in one.
    private(set) var window: UIWindow?

    /// A table of `sections`, `table` if given (it gets the fixture's data source, delegate
    /// and cell), else a plain 320 by 600 one. Exact heights: every row's height is asked.
    init(sections: [[String]], table: UITableView? = nil) {
        self.sections = sections
        self.table = table ?? UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        super.init()
        self.table.register(LabelCell.self, forCellReuseIdentifier: "label")
        self.table.estimatedRowHeight = 0
        self.table.dataSource = self
        self.table.delegate = self
    }

    /// A fixture of one section of `rowCount` texts, in a window and laid out.
    static func hosted(rowCount: Int, table: UITableView? = nil) -> TrackedTableFixture {
        let fixture = TrackedTableFixture(sections: [(0..<rowCount).map { "row \($0): " + TableFixture.text($0) }], table: table)
        fixture.hostInWindow()
        return fixture
    }

    /// Puts the table in a key, visible window of its size and lays it out, as on screen.
    func hostInWindow() {
        let window = UIWindow(frame: table.frame)
        window.addSubview(table)
        window.makeKeyAndVisible()
        self.window = window
        table.layoutIfNeeded()
    }

    /// The sentinel height of a row: 1000 + 100 × section + row.
    static func sentinel(section: Int, row: Int) -> CGFloat {
        CGFloat(1000 + 100 * section + row)
    }

    /// Caches every row's sentinel height by index path, replacing what layout measured.
    func cacheSentinelHeights() {
        for (section, rows) in sections.enumerated() {
            for row in rows.indices {
                table.fd_indexPathHeightCache.cacheHeight(
                    Self.sentinel(section: section, row: row), by: IndexPath(row: row, section: section))
            }
        }
    }

    /// The height cached for a row, `nil` when there is none.
    func cachedHeight(section: Int = 0, row: Int) -> CGFloat? {
        let height = table.fd_indexPathHeightCache.height(for: IndexPath(row: row, section: section))
        return height < 0 ? nil : height
    }

    /// Whether `height` is one of the sentinels, that is a height moved rather than measured.
    static func isSentinel(_ height: CGFloat?) -> Bool {
        guard let height else { return false }
        return height >= 1000
    }

    // MARK: Data source

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "label", for: indexPath)
        (cell as? LabelCell)?.label.text = sections[indexPath.section][indexPath.row]
        return cell
    }

    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    /// What an app does when the user drops a dragged row: the model, then the cache.
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let text = sections[sourceIndexPath.section].remove(at: sourceIndexPath.row)
        sections[destinationIndexPath.section].insert(text, at: destinationIndexPath.row)
        tableView.fd_didMoveRow(at: sourceIndexPath, to: destinationIndexPath)
    }

    // MARK: Delegate

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        let text = sections[indexPath.section][indexPath.row]
        return tableView.fd_height(identifier: "label", cacheBy: indexPath) { (cell: LabelCell) in
            cell.label.text = text
        }
    }
}

/// A table that counts the `moveRow(at:to:)` calls it receives.
final class MoveCountingTableView: UITableView {
    private(set) var moveRowCalls = 0

    override func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        moveRowCalls += 1
        super.moveRow(at: indexPath, to: newIndexPath)
    }
}
#endif
