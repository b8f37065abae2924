#if canImport(UIKit)
import UIKit
import TemplateLayoutCell
import XCTest

/// A self-sizing cell: one multi-line label pinned to the content view's edges.
class LabelCell: UITableViewCell {
    let label = UILabel()
    private(set) var prepareForReuseCount = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 17)
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func prepareForReuse() {
        super.prepareForReuse()
        prepareForReuseCount += 1
        label.text = nil
    }
}

/// A frame-layout cell that answers `sizeThatFits` with a fixed height and remembers the
/// widths it was asked to fit.
final class FrameCell: UITableViewCell {
    var fixedHeight: CGFloat = 77
    /// The widths `sizeThatFits` was called with, in order.
    private(set) var fittedWidths: [CGFloat] = []

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        fittedWidths.append(size.width)
        return CGSize(width: size.width, height: fixedHeight)
    }
}

/// A self-sizing header: one label.
final class LabelHeader: UITableViewHeaderFooterView {
    let label = UILabel()

    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}

/// A table with a data source of texts, sections of rows, and the package's heights.
@MainActor
final class TableFixture: NSObject, UITableViewDataSource, UITableViewDelegate {
    let table: UITableView
    var sections: [[String]]
    /// The section index titles the data source returns; `nil` (the default) for none.
    var indexTitles: [String]?
    /// How many times the table asked for ``indexTitles``.
    private(set) var indexTitleRequests = 0
    /// Runs inside `cellForRowAt`, after the row's cell is configured: app code that asks
    /// the package from there (to size a constraint, say).
    var insideCellForRow: ((IndexPath) -> Void)?
    /// The window the table is in, once ``hostInWindow()`` has put it in one.
    private(set) var window: UIWindow?

    init(sections: [[String]], width: CGFloat = 320, style: UITableView.Style = .plain) {
        self.sections = sections
        self.table = UITableView(frame: CGRect(x: 0, y: 0, width: width, height: 600), style: style)
        super.init()
        table.register(LabelCell.self, forCellReuseIdentifier: "label")
        table.register(FrameCell.self, forCellReuseIdentifier: "frame")
        table.register(LabelHeader.self, forHeaderFooterViewReuseIdentifier: "header")
        table.estimatedRowHeight = 0
        table.dataSource = self
        table.delegate = self
    }

    /// Puts the table in a shown window of its size and lays it out, as on screen: the
    /// table has its screen's traits, UIKit has asked the heights of the visible rows, and
    /// a section index (if any) exists. Returns the fixture, for `TableFixture(...).hostInWindow()`.
    @discardableResult
    func hostInWindow() -> TableFixture {
        let window = UIWindow(frame: CGRect(origin: .zero, size: CGSize(width: max(table.frame.width, 1), height: table.frame.height)))
        window.addSubview(table)
        window.isHidden = false
        self.window = window
        table.layoutIfNeeded()
        return self
    }

    /// Lays the table out again, after a change to its data, size or traits.
    func layOut() {
        window?.layoutIfNeeded()
        table.layoutIfNeeded()
    }

    static let texts = [
        "Short.",
        "A somewhat longer line of text that wraps onto a second line at phone widths.",
        "Three short sentences. Each one adds a little. Together they wrap a few times at any phone width.",
    ]

    static func text(_ index: Int) -> String { texts[index % texts.count] }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }

    func sectionIndexTitles(for tableView: UITableView) -> [String]? {
        indexTitleRequests += 1
        return indexTitles
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "label", for: indexPath) as! LabelCell
        cell.label.text = sections[indexPath.section][indexPath.row]
        insideCellForRow?(indexPath)
        return cell
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        let text = sections[indexPath.section][indexPath.row]
        return tableView.fd_height(identifier: "label", cacheBy: indexPath) { (cell: LabelCell) in
            cell.label.text = text
        }
    }

    /// The height `text` measures at without any cache, from a fresh template.
    func uncachedHeight(of text: String) -> CGFloat {
        table.fd_height(identifier: "label") { (cell: LabelCell) in cell.label.text = text }
    }
}
/// The test host's window scene, for tests of per-scene behaviour; skips the test where the
/// host has none (a package test run without a host app).
@MainActor
func hostWindowScene() throws -> UIWindowScene {
    guard let scene = UIApplication.shared.connectedScenes.lazy.compactMap({ $0 as? UIWindowScene }).first else {
        throw XCTSkip("the test host has no window scene")
    }
    return scene
}
#endif
