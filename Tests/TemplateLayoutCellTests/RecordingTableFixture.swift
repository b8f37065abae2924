#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// A one-section table of ``LabelCell`` rows whose data source and delegate count what
/// UIKit asks them, so a test can tell the app's methods from the skeleton controller's
/// standing in for them. Heights are cached by index path, as most apps cache them.
///
/// Besides the table methods it implements one scroll-view callback
/// (`scrollViewDidScroll(_:)`) and two table-specific ones the skeleton controller does
/// not (`tableView(_:didSelectRowAt:)`, `tableView(_:viewForHeaderInSection:)`), to check
/// which of them are forwarded while a skeleton shows.
@MainActor
final class RecordingTableFixture: NSObject, UITableViewDataSource, UITableViewDelegate {
    /// The reuse identifier ``LabelCell`` is registered under.
    static let cellIdentifier = "label"

    let table: UITableView
    /// The rows' texts, in order.
    var texts: [String]
    /// Calls of the data source methods (sections, rows, cells).
    private(set) var dataSourceCalls = 0
    /// Calls of `tableView(_:heightForRowAt:)`.
    private(set) var heightRequests = 0
    /// Calls of `scrollViewDidScroll(_:)`.
    private(set) var scrollCallbacks = 0
    /// The window the table is in, once ``hostInWindow()`` has put it in one.
    private(set) var window: UIWindow?
    /// Index paths UIKit or the package asked about beyond ``texts``, answered with a
    /// placeholder instead of trapping, so a test can fail on them.
    private(set) var rowsAskedPastTheEnd: [IndexPath] = []
    /// Called with each `tableView(_:heightForRowAt:)` request, before it is answered.
    var onHeightRequest: ((IndexPath) -> Void)?

    /// A table of `rowCount` rows of ``TableFixture``'s texts, `size` points large, with
    /// `estimatedRowHeight` (0: every row's height is asked on each layout).
    init(rowCount: Int, size: CGSize = CGSize(width: 320, height: 600), estimatedRowHeight: CGFloat = 0) {
        self.texts = (0..<rowCount).map { TableFixture.text($0) }
        self.table = UITableView(frame: CGRect(origin: .zero, size: size), style: .plain)
        super.init()
        table.register(LabelCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        table.estimatedRowHeight = estimatedRowHeight
        table.dataSource = self
        table.delegate = self
    }

    /// Puts the table in a key, visible window of its size and lays it out, as on screen:
    /// cells are created, `indexPathsForVisibleRows` is known, and the idle precache may run.
    func hostInWindow() {
        let window = UIWindow(frame: table.frame)
        window.addSubview(table)
        window.makeKeyAndVisible()
        self.window = window
        table.layoutIfNeeded()
    }

    /// Asks the table's own delegate method for every row's height, filling the index-path
    /// cache as scrolling through the table would; returns the heights in row order.
    func measureAllRows() -> [CGFloat] {
        texts.indices.map { tableView(table, heightForRowAt: IndexPath(row: $0, section: 0)) }
    }

    /// The height of `text` measured without any cache.
    func uncachedHeight(of text: String) -> CGFloat {
        table.fd_height(identifier: Self.cellIdentifier) { (cell: LabelCell) in cell.label.text = text }
    }

    // MARK: Data source

    func numberOfSections(in tableView: UITableView) -> Int {
        dataSourceCalls += 1
        return 1
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        dataSourceCalls += 1
        return texts.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        dataSourceCalls += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        (cell as? LabelCell)?.label.text = text(at: indexPath)
        return cell
    }

    // MARK: Delegate

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heightRequests += 1
        onHeightRequest?(indexPath)
        let text = self.text(at: indexPath)
        return tableView.fd_height(identifier: Self.cellIdentifier, cacheBy: indexPath) { (cell: LabelCell) in
            cell.label.text = text
        }
    }

    /// The row's text; a row past the end is recorded and gets the first text.
    private func text(at indexPath: IndexPath) -> String {
        guard texts.indices.contains(indexPath.row) else {
            rowsAskedPastTheEnd.append(indexPath)
            return TableFixture.text(0)
        }
        return texts[indexPath.row]
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        scrollCallbacks += 1
    }
}

extension UITableViewCell {
    /// Whether a skeleton overlay sits in this cell's content view.
    var hasSkeletonOverlay: Bool {
        contentView.subviews.contains { $0 is SkeletonOverlayView }
    }
}

extension XCTestCase {
    /// Runs the main run loop in the default mode until `condition` holds or `timeout`
    /// seconds have passed, in slices of 50 ms; returns whether `condition` held.
    ///
    /// Depends on run-loop timing by design: it is how the idle precache, which runs when the
    /// main run loop is about to sleep, gets its turns in a test. A timer is scheduled for
    /// the whole wait so that the run loop has a source to sleep on (without one,
    /// `run(until:)` returns at once and never reaches `beforeWaiting`).
    @MainActor
    @discardableResult
    func spinMainRunLoop(timeout: TimeInterval, until condition: () -> Bool = { false }) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let keepAlive = Timer(fire: deadline, interval: 0, repeats: false) { _ in }
        RunLoop.main.add(keepAlive, forMode: .default)
        defer { keepAlive.invalidate() }
        while !condition() {
            guard Date() < deadline else { return false }
            RunLoop.current.run(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
        return true
    }
}
extension RecordingTableFixture {
    /// Shows a pulsing skeleton of one row on this (hosted) table and returns the part
    /// layers of its cell.
    @MainActor
    func showPulsingSkeleton() throws -> [CALayer] {
        var appearance = SkeletonAppearance()
        appearance.style = .pulse
        table.fd_showSkeleton(SkeletonConfiguration(identifier: Self.cellIdentifier, rowCount: 1, appearance: appearance) { cell in
            (cell as? LabelCell)?.label.text = TableFixture.text(2)
        })
        table.layoutIfNeeded()
        let cell = try XCTUnwrap(table.visibleCells.first)
        let layers = try XCTUnwrap(SkeletonController.overlay(in: cell)?.layer.sublayers)
        XCTAssertFalse(layers.isEmpty, "precondition: parts are drawn")
        return layers
    }
}
#endif
