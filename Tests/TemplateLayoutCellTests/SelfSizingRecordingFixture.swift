#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// A one-section self-sizing table (issue 21): `rowHeight = automaticDimension`,
/// `estimatedRowHeight = 150`, ``LabelCell`` rows of one to 23 words (one line to several at
/// 320 points), whose delegate records each displayed row's height in `willDisplay` and
/// answers `estimatedHeightForRowAt` from the recorded heights, as issue 21's article tells
/// an app to. UIKit sizes every row itself: the package measures nothing here.
@MainActor
final class SelfSizingRecordingFixture: NSObject, UITableViewDataSource, UITableViewDelegate {
    static let cellIdentifier = "label"
    /// The estimated row height the table is given: no row is this tall.
    static let tableEstimate: CGFloat = 150

    /// What recorded heights are cached by.
    enum Caching {
        case indexPath
        /// An item identifier per row, `"item-<row>"`, as a diffable data source's.
        case key
    }

    let table: UITableView
    let caching: Caching
    let texts: [String]
    /// Whether `willDisplay` records the row's height (the one line an app adds).
    var recordsInWillDisplay = true
    /// Whether `estimatedHeightForRowAt` answers the recorded estimate; `false` answers the
    /// table's `estimatedRowHeight`, as an app without the package does.
    var answersRecordedEstimates = true
    /// Calls of `tableView(_:willDisplay:forRowAt:)` the app's delegate received.
    private(set) var willDisplayCalls = 0
    private(set) var window: UIWindow?

    init(rowCount: Int, caching: Caching, size: CGSize = CGSize(width: 320, height: 600)) {
        self.caching = caching
        self.texts = (0..<rowCount).map(Self.text)
        self.table = UITableView(frame: CGRect(origin: .zero, size: size), style: .plain)
        super.init()
        table.register(LabelCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = Self.tableEstimate
        // No safe area in the offsets the tests set and read: 0 is the top.
        table.contentInsetAdjustmentBehavior = .never
        table.dataSource = self
        table.delegate = self
    }

    /// Varied lengths: 1 to 23 words, in an order that mixes short and long rows.
    static func text(_ index: Int) -> String {
        let words = (index * 7) % 23 + 1
        return (0..<words).map { "word\($0)" }.joined(separator: " ")
    }

    /// The row's item identifier, for ``Caching/key``.
    static func key(at indexPath: IndexPath) -> String { "item-\(indexPath.row)" }

    /// Puts the table in a visible window of its size and lays it out, as on screen.
    func hostInWindow() {
        let window = UIWindow(frame: CGRect(origin: .zero, size: CGSize(width: max(table.frame.width, 1), height: table.frame.height)))
        window.addSubview(table)
        window.isHidden = false
        self.window = window
        table.layoutIfNeeded()
    }

    /// Scrolls to `y` the way a test can without touches: sets the offset and lays out.
    func scroll(to y: CGFloat) {
        table.contentOffset = CGPoint(x: 0, y: y)
        table.layoutIfNeeded()
    }

    /// The row's own recorded height as the package answers it: the estimate without an
    /// identifier, so a row with no height of its own answers the table's 150.
    func recordedHeight(at indexPath: IndexPath) -> CGFloat {
        switch caching {
        case .indexPath: table.fd_estimatedHeight(cacheBy: indexPath)
        case .key: table.fd_estimatedHeight(cacheBy: Self.key(at: indexPath))
        }
    }

    // MARK: Data source

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { texts.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        (cell as? LabelCell)?.label.text = texts[indexPath.row]
        return cell
    }

    // MARK: Delegate

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        willDisplayCalls += 1
        guard recordsInWillDisplay else { return }
        switch caching {
        case .indexPath: tableView.fd_recordHeight(of: cell, forRowAt: indexPath)
        case .key: tableView.fd_recordHeight(of: cell, forRowAt: indexPath, cacheBy: Self.key(at: indexPath))
        }
    }

    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        guard answersRecordedEstimates else { return tableView.estimatedRowHeight }
        switch caching {
        case .indexPath: return tableView.fd_estimatedHeight(cacheBy: indexPath, identifier: Self.cellIdentifier)
        case .key: return tableView.fd_estimatedHeight(cacheBy: Self.key(at: indexPath), identifier: Self.cellIdentifier)
        }
    }
}
#endif
