#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// A self-sizing cell: one multi-line Dynamic Type label, pinned to the content view's
/// edges (``pinsToMargins`` false) or to its layout margins guide.
class ParityCell: UITableViewCell {
    let label = UILabel()
    class var pinsToMargins: Bool { false }

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        label.numberOfLines = 0
        label.font = .preferredFont(forTextStyle: .body)
        label.adjustsFontForContentSizeCategory = true
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        let bottom: NSLayoutConstraint
        if Self.pinsToMargins {
            let guide = contentView.layoutMarginsGuide
            bottom = label.bottomAnchor.constraint(equalTo: guide.bottomAnchor)
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: guide.topAnchor),
                label.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
                label.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            ])
        } else {
            bottom = label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -11)
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 11),
                label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            ])
        }
        // Below required, so UIKit's first 44-point pass does not log a conflict; it still
        // beats the fitting priority, so the height is the content's.
        bottom.priority = .required - 1
        bottom.isActive = true
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}

/// ``ParityCell`` pinned to the content view's edges.
final class EdgePinnedCell: ParityCell {}

/// ``ParityCell`` pinned to the content view's layout margins.
final class MarginPinnedCell: ParityCell {
    override class var pinsToMargins: Bool { true }
}

/// A table that lets UIKit size its rows (`rowHeight = automaticDimension`) in a shown
/// window, as the root view of a table view controller (so it has the system's layout
/// margins), and measures the same content with the package's template on the same table.
///
/// Fairness: the template comes from the same table (same width, style, margins, traits,
/// section index, editing state), through the key-less `fd_height(identifier:configure:)`
/// (nothing cached), and is made before UIKit's first layout, so it is a fresh detached
/// cell and never one UIKit displayed.
@MainActor
final class ParityTable: NSObject, UITableViewDataSource, UITableViewDelegate {
    struct Options {
        var style: UITableView.Style = .plain
        var pinsToMargins = false
        var accessoryType: UITableViewCell.AccessoryType = .none
        var accessoryViewWidth: CGFloat?
        var isEditing = false
        var indexTitles: [String]?
        var showsSeparators = true
        var contentSizeCategory: UIContentSizeCategory?
        /// A regular horizontal size class (iOS 17 trait override), where readable width applies.
        var isRegularWidth = false
        var followsReadableWidth = false
        var usesConfigurationUpdateHandler = false
        var safeArea = UIEdgeInsets.zero
        var sections = 1
        var size = CGSize(width: 390, height: 844)
    }

    static let identifier = "parity"
    static let texts = [
        "Short.",
        "A line of text long enough to wrap onto a second line at phone widths, and maybe a third.",
        "Several sentences of text. Each one adds a little more. Together they wrap many times at any "
            + "phone width, which is what a feed of posts does all day long, at every text size.",
        "Two\nexplicit lines.",
    ]

    let options: Options
    let controller: UITableViewController
    let window: UIWindow
    var table: UITableView { controller.tableView }

    init(_ options: Options) {
        self.options = options
        controller = UITableViewController(style: options.style)
        window = UIWindow(frame: CGRect(origin: .zero, size: options.size))
        super.init()
        let table = controller.tableView!
        table.register(options.pinsToMargins ? MarginPinnedCell.self : EdgePinnedCell.self, forCellReuseIdentifier: Self.identifier)
        table.dataSource = self
        table.delegate = self
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = 44
        table.separatorStyle = options.showsSeparators ? .singleLine : .none
        table.cellLayoutMarginsFollowReadableWidth = options.followsReadableWidth
        controller.additionalSafeAreaInsets = options.safeArea
        // Made now, from an empty reuse pool: a detached cell, as in an app.
        _ = table.fd_templateCell(forReuseIdentifier: Self.identifier)
        if #available(iOS 17, *) {
            if let category = options.contentSizeCategory { window.traitOverrides.preferredContentSizeCategory = category }
            if options.isRegularWidth { window.traitOverrides.horizontalSizeClass = .regular }
        }
        window.rootViewController = controller
        window.isHidden = false
        table.setEditing(options.isEditing, animated: false)
        table.reloadData()
        window.layoutIfNeeded()
        table.layoutIfNeeded()
    }

    /// What both UIKit's cell and the template get for a row.
    func configure(_ cell: ParityCell, at indexPath: IndexPath) {
        let text = Self.texts[indexPath.row % Self.texts.count]
        cell.accessoryType = options.accessoryType
        cell.accessoryView = options.accessoryViewWidth.map { UIView(frame: CGRect(x: 0, y: 0, width: $0, height: 28)) }
        if options.usesConfigurationUpdateHandler {
            cell.label.text = nil
            cell.configurationUpdateHandler = { cell, _ in (cell as? ParityCell)?.label.text = text }
        } else {
            cell.label.text = text
        }
    }

    /// The row height UIKit's self-sizing gave.
    func uikitHeight(at indexPath: IndexPath) -> CGFloat { table.rectForRow(at: indexPath).height }

    /// The height the package's template measures for the same row, uncached.
    func templateHeight(at indexPath: IndexPath) -> CGFloat {
        table.fd_height(identifier: Self.identifier) { (cell: ParityCell) in self.configure(cell, at: indexPath) }
    }

    /// The rows UIKit has sized: those on screen.
    var sizedRows: [IndexPath] { table.indexPathsForVisibleRows ?? [] }

    /// A displayed cell, to check that a case is real (an accessory or editing control
    /// narrows its content view, say).
    var shownCell: UITableViewCell? { table.visibleCells.first }

    /// Requires the template's height of every sized row to be UIKit's, to within half a
    /// pixel (the same pixel); `switchHint` names what to change if it is not.
    func assertParity(_ name: String, switchHint: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let rows = sizedRows
        XCTAssertFalse(rows.isEmpty, "\(name): UIKit sized no rows", file: file, line: line)
        let scale = table.traitCollection.displayScale
        for indexPath in rows {
            let uikit = uikitHeight(at: indexPath)
            let template = templateHeight(at: indexPath)
            XCTAssertEqual(
                template, uikit, accuracy: 0.5 / scale,
                "\(name), row \(indexPath.section):\(indexPath.row): template \(template), UIKit \(uikit) "
                    + "(\(((template - uikit) * scale).rounded()) px). \(switchHint)",
                file: file, line: line)
        }
    }

    // MARK: Data source and delegate

    func numberOfSections(in tableView: UITableView) -> Int { options.sections }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { Self.texts.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.identifier, for: indexPath)
        if let cell = cell as? ParityCell { configure(cell, at: indexPath) }
        return cell
    }

    func sectionIndexTitles(for tableView: UITableView) -> [String]? { options.indexTitles }

    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
}

extension UITableView {
    /// Whether UIKit shows a section index view in this table now.
    var showsSectionIndexView: Bool {
        subviews.contains { NSStringFromClass(type(of: $0)) == "UITableViewIndex" }
    }
}
#endif
