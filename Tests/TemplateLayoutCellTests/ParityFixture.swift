#if canImport(UIKit)
import UIKit
import SwiftUI
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

/// A self-sizing header or footer: one multi-line label pinned to the content view's edges.
final class ParityHeaderView: UITableViewHeaderFooterView {
    let label = UILabel()

    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        label.numberOfLines = 0
        label.font = .preferredFont(forTextStyle: .footnote)
        label.adjustsFontForContentSizeCategory = true
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        let bottom = label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -6)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 6),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
        // As in ParityCell: below required, so UIKit's estimated first pass logs no conflict.
        bottom.priority = .required - 1
        bottom.isActive = true
    }

    required init?(coder: NSCoder) { fatalError("not used") }
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
    /// What a row shows.
    enum RowContent {
        /// ``ParityCell``'s label.
        case label
        /// `UIListContentConfiguration.subtitleCell()` with a text and a secondary text (iOS 14+).
        case listContent
        /// `UIHostingConfiguration` with a SwiftUI `Text` (iOS 16+).
        case hosting
    }

    /// What each section's header and footer show.
    enum HeaderFooterContent {
        case none
        /// ``ParityHeaderView``'s label, pinned to the content view's edges.
        case label
        /// A plain header-footer view with the style's `UIListContentConfiguration` (iOS 14+).
        case listContent
    }

    struct Options {
        var style: UITableView.Style = .plain
        var rowContent = RowContent.label
        var headerFooterContent = HeaderFooterContent.none
        var pinsToMargins = false
        var accessoryType: UITableViewCell.AccessoryType = .none
        var accessoryViewWidth: CGFloat?
        var isEditing = false
        /// Even rows have no editing control and no indentation (`.none`, not indented).
        var evenRowsHaveNoEditingControl = false
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
    static let configurationIdentifier = "parity-configuration"
    static let headerIdentifier = "parity-header"
    static let listHeaderIdentifier = "parity-list-header"
    static let headerTexts = [
        "A header.",
        "A header long enough to wrap onto a second line at phone widths, as section titles in settings do.",
    ]
    static let footerTexts = [
        "A footer that explains the section above in a sentence or two, wrapping at any phone width, "
            + "as footers under switches in Settings do.",
        "A short footer.",
    ]
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
        table.register(UITableViewCell.self, forCellReuseIdentifier: Self.configurationIdentifier)
        table.register(ParityHeaderView.self, forHeaderFooterViewReuseIdentifier: Self.headerIdentifier)
        table.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: Self.listHeaderIdentifier)
        if options.headerFooterContent != .none {
            table.sectionHeaderHeight = UITableView.automaticDimension
            table.sectionFooterHeight = UITableView.automaticDimension
            table.estimatedSectionHeaderHeight = 28
            table.estimatedSectionFooterHeight = 28
            // iOS 15's padding above plain headers is not the header's own height.
            if #available(iOS 15, *) { table.sectionHeaderTopPadding = 0 }
        }
        table.dataSource = self
        table.delegate = self
        table.rowHeight = UITableView.automaticDimension
        table.estimatedRowHeight = 44
        table.separatorStyle = options.showsSeparators ? .singleLine : .none
        table.cellLayoutMarginsFollowReadableWidth = options.followsReadableWidth
        controller.additionalSafeAreaInsets = options.safeArea
        // Made now, from an empty reuse pool: a detached cell, as in an app.
        _ = table.fd_templateCell(forReuseIdentifier: rowIdentifier)
        if options.headerFooterContent != .none {
            _ = table.layoutState.templateHeaderFooterView(withIdentifier: headerFooterIdentifier, in: table)
        }
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

    var rowIdentifier: String { options.rowContent == .label ? Self.identifier : Self.configurationIdentifier }
    var headerFooterIdentifier: String { options.headerFooterContent == .listContent ? Self.listHeaderIdentifier : Self.headerIdentifier }

    /// What both UIKit's cell and the template get for a row of configuration content.
    func configureContent(_ cell: UITableViewCell, at indexPath: IndexPath) {
        let text = Self.texts[indexPath.row % Self.texts.count]
        switch options.rowContent {
        case .label:
            if let cell = cell as? ParityCell { configure(cell, at: indexPath) }
        case .listContent:
            guard #available(iOS 14, *) else { return }
            var content = UIListContentConfiguration.subtitleCell()
            content.text = text
            content.secondaryText = "Row \(indexPath.row), a secondary line under the text."
            cell.contentConfiguration = content
        case .hosting:
            guard #available(iOS 16, *) else { return }
            cell.contentConfiguration = UIHostingConfiguration {
                Text(text).frame(maxWidth: .infinity, alignment: .leading)
            }
        }
    }

    /// What both UIKit's header or footer and the template get.
    func configureHeaderFooter(_ view: UITableViewHeaderFooterView, section: Int, isFooter: Bool) {
        let texts = isFooter ? Self.footerTexts : Self.headerTexts
        let text = texts[section % texts.count]
        switch options.headerFooterContent {
        case .none:
            return
        case .label:
            (view as? ParityHeaderView)?.label.text = text
        case .listContent:
            guard #available(iOS 14, *) else { return }
            var content: UIListContentConfiguration
            switch (options.style, isFooter) {
            case (.plain, false): content = .plainHeader()
            case (.plain, true): content = .plainFooter()
            case (_, false): content = .groupedHeader()
            case (_, true): content = .groupedFooter()
            }
            content.text = text
            view.contentConfiguration = content
        }
    }

    /// The row height UIKit's self-sizing gave.
    func uikitHeight(at indexPath: IndexPath) -> CGFloat { table.rectForRow(at: indexPath).height }

    /// The height the package's template measures for the same row, uncached.
    func templateHeight(at indexPath: IndexPath) -> CGFloat {
        guard options.rowContent == .label else {
            return table.fd_height(identifier: rowIdentifier) { (cell: UITableViewCell) in self.configureContent(cell, at: indexPath) }
        }
        return table.fd_height(identifier: Self.identifier) { (cell: ParityCell) in self.configure(cell, at: indexPath) }
    }

    /// The height the package's template measures for a row named by its index path, the
    /// request that lets the row's own editing settings count. Cached: call it once a row.
    func templateHeightByIndexPath(at indexPath: IndexPath) -> CGFloat {
        table.fd_height(identifier: Self.identifier, cacheBy: indexPath) { (cell: ParityCell) in self.configure(cell, at: indexPath) }
    }

    /// The height of the header (or footer) view UIKit sized for `section`; `nil` when it
    /// shows none.
    func uikitHeaderFooterHeight(section: Int, isFooter: Bool) -> CGFloat? {
        let view = isFooter ? table.footerView(forSection: section) : table.headerView(forSection: section)
        return view?.frame.height
    }

    /// The height the package's template header or footer measures for `section`, uncached.
    func templateHeaderFooterHeight(section: Int, isFooter: Bool) -> CGFloat {
        table.headerFooterHeight(
            identifier: headerFooterIdentifier, key: .none, state: table.layoutState, isFooter: isFooter
        ) { (view: UITableViewHeaderFooterView) in self.configureHeaderFooter(view, section: section, isFooter: isFooter) }
    }

    /// Requires the template's height of every header and footer UIKit shows to be UIKit's,
    /// to within half a pixel.
    func assertHeaderFooterParity(_ name: String, switchHint: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let scale = table.traitCollection.displayScale
        var compared = 0
        for section in 0..<table.numberOfSections {
            for isFooter in [false, true] {
                guard let uikit = uikitHeaderFooterHeight(section: section, isFooter: isFooter) else { continue }
                compared += 1
                let template = templateHeaderFooterHeight(section: section, isFooter: isFooter)
                XCTAssertEqual(
                    template, uikit, accuracy: 0.5 / scale,
                    "\(name), \(isFooter ? "footer" : "header") \(section): template \(template), UIKit \(uikit) "
                        + "(\(((template - uikit) * scale).rounded()) px). \(switchHint)",
                    file: file, line: line)
            }
        }
        XCTAssertGreaterThan(compared, 0, "\(name): UIKit showed no header or footer", file: file, line: line)
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
        let cell = tableView.dequeueReusableCell(withIdentifier: rowIdentifier, for: indexPath)
        configureContent(cell, at: indexPath)
        return cell
    }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        headerFooterView(in: tableView, section: section, isFooter: false)
    }

    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
        headerFooterView(in: tableView, section: section, isFooter: true)
    }

    private func headerFooterView(in tableView: UITableView, section: Int, isFooter: Bool) -> UIView? {
        guard options.headerFooterContent != .none,
              let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: headerFooterIdentifier) else { return nil }
        configureHeaderFooter(view, section: section, isFooter: isFooter)
        return view
    }

    func sectionIndexTitles(for tableView: UITableView) -> [String]? { options.indexTitles }

    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        hasNoEditingControl(indexPath) ? .none : .delete
    }

    func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool {
        !hasNoEditingControl(indexPath)
    }

    func hasNoEditingControl(_ indexPath: IndexPath) -> Bool {
        options.evenRowsHaveNoEditingControl && indexPath.row % 2 == 0
    }
}

extension UITableView {
    /// Whether UIKit shows a section index view in this table now.
    var showsSectionIndexView: Bool {
        subviews.contains { NSStringFromClass(type(of: $0)) == "UITableViewIndex" }
    }
}
#endif
