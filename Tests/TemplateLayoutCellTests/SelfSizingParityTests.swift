#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// The test that settles measuring: UIKit sizes each row itself (`automaticDimension`) in
/// a shown window, and the package's template must measure the same content to the same
/// pixel. Each case also checks that what it is about is really there (an accessory
/// narrowing the content view, an index view, a taller text size), so none passes by
/// testing nothing.
///
/// Four choices no one can make without running UIKit are switches, each named by the
/// failure message of the test that decides it:
/// - `SizingRules.autoLayoutFittingIncludesSeparator`: ``testSeparatorsOnAndOffMatchUIKit``;
/// - `TemplatePreparation.marginSource`: ``testLabelsPinnedToTheMarginsMatchUIKit`` and the
///   other margin-pinned cases;
/// - `TableGeometry.defaultSectionIndexPlacement`: ``testInsetGroupedWithASectionIndexMatchesUIKit``;
/// - `TemplatePreparation.configurationUpdate`: ``testAConfigurationUpdateHandlerCellMatchesUIKit``;
/// - `TableGeometry.defaultHeaderFooterIndexPlacement`: ``testHeadersAndFootersWithASectionIndexMatchUIKit``.
final class SelfSizingParityTests: XCTestCase {
    typealias Options = ParityTable.Options

    static let separatorHint = "If every row is off by exactly +1 px with separators on and 0 with them off, "
        + "flip SizingRules.autoLayoutFittingIncludesSeparator."
    static let marginHint = "If edge-pinned cases pass and margin-pinned ones fail, try "
        + "TemplatePreparation.marginSource = .displayedCell."

    @MainActor
    func testLabelsPinnedToTheEdgesMatchUIKit() {
        ParityTable(Options()).assertParity("plain, edges", switchHint: Self.separatorHint)
    }

    @MainActor
    func testLabelsPinnedToTheMarginsMatchUIKit() {
        ParityTable(Options(pinsToMargins: true)).assertParity("plain, margins", switchHint: Self.marginHint)
    }

    @MainActor
    func testMultiLineTextMatchesUIKit() {
        let fixture = ParityTable(Options())
        let short = fixture.uikitHeight(at: IndexPath(row: 0, section: 0))
        let long = fixture.uikitHeight(at: IndexPath(row: 2, section: 0))
        XCTAssertGreaterThan(long, short * 2, "the long text wraps onto several lines")
        fixture.assertParity("multi-line")
    }

    @MainActor
    func testAnAccessoryTypeMatchesUIKit() {
        let fixture = ParityTable(Options(accessoryType: .detailDisclosureButton))
        let cell = fixture.shownCell
        XCTAssertLessThan(cell?.contentView.frame.width ?? .infinity, cell?.bounds.width ?? 0, "the accessory narrows the content view")
        fixture.assertParity("accessory type")
    }

    @MainActor
    func testAnAccessoryViewMatchesUIKit() {
        let fixture = ParityTable(Options(accessoryViewWidth: 120))
        let cell = fixture.shownCell
        XCTAssertLessThan(cell?.contentView.frame.width ?? .infinity, (cell?.bounds.width ?? 0) - 100, "the view narrows the content view")
        fixture.assertParity("accessory view")
    }

    @MainActor
    func testEditingModeMatchesUIKit() {
        let fixture = ParityTable(Options(isEditing: true))
        XCTAssertTrue(fixture.table.isEditing)
        let cell = fixture.shownCell
        XCTAssertLessThan(cell?.contentView.frame.width ?? .infinity, cell?.bounds.width ?? 0, "the delete control narrows the content view")
        fixture.assertParity("editing")
        let template: UITableViewCell = fixture.table.fd_templateCell(forReuseIdentifier: ParityTable.identifier)
        XCTAssertTrue(template.isEditing, "the template was measured in the table's editing state")
    }

    /// Issue 17, item 10: rows whose delegate gives them no editing control and no
    /// indentation are as wide as outside editing mode; measuring them with the template's
    /// default delete control made them too tall.
    @MainActor
    func testEditingRowsWithoutAControlMatchUIKitWhenAskedByIndexPath() {
        let fixture = ParityTable(Options(isEditing: true, evenRowsHaveNoEditingControl: true))
        let scale = fixture.table.traitCollection.displayScale
        let rows = fixture.sizedRows
        let withControl = rows.filter { fixture.hasNoEditingControl($0) }
            .filter { abs(fixture.templateHeight(at: $0) - fixture.uikitHeight(at: $0)) > 0.5 / scale }
        XCTAssertFalse(withControl.isEmpty, "precondition: some control-less row is shorter than with a control")
        for indexPath in rows {
            XCTAssertEqual(fixture.templateHeightByIndexPath(at: indexPath), fixture.uikitHeight(at: indexPath),
                           accuracy: 0.5 / scale, "row \(indexPath.row)")
        }
    }

    @MainActor
    func testGroupedTablesMatchUIKit() {
        ParityTable(Options(style: .grouped, sections: 2)).assertParity("grouped, edges")
        ParityTable(Options(style: .grouped, pinsToMargins: true, sections: 2))
            .assertParity("grouped, margins", switchHint: Self.marginHint)
    }

    @MainActor
    func testInsetGroupedTablesMatchUIKit() {
        let fixture = ParityTable(Options(style: .insetGrouped, sections: 2))
        let cell = fixture.shownCell
        XCTAssertLessThan(cell?.frame.width ?? .infinity, fixture.table.bounds.width, "sections are inset")
        fixture.assertParity("inset grouped, edges")
        ParityTable(Options(style: .insetGrouped, pinsToMargins: true, sections: 2))
            .assertParity("inset grouped, margins", switchHint: Self.marginHint)
    }

    @MainActor
    func testASafeAreaMatchesUIKit() {
        let safeArea = UIEdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
        for style in [UITableView.Style.plain, .insetGrouped] {
            let fixture = ParityTable(Options(style: style, safeArea: safeArea, size: CGSize(width: 844, height: 390)))
            XCTAssertEqual(fixture.table.safeAreaInsets.left, 44, "style \(style.rawValue)")
            fixture.assertParity("safe area, style \(style.rawValue)")
        }
    }

    @MainActor
    func testTwoDynamicTypeSizesMatchUIKit() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("the window's text size is overridden with iOS 17 trait overrides") }
        let small = ParityTable(Options(contentSizeCategory: .small))
        let large = ParityTable(Options(contentSizeCategory: .accessibilityExtraLarge))
        let row = IndexPath(row: 1, section: 0)
        XCTAssertEqual(large.table.traitCollection.preferredContentSizeCategory, .accessibilityExtraLarge)
        XCTAssertGreaterThan(large.uikitHeight(at: row), small.uikitHeight(at: row), "the larger text size is taller")
        small.assertParity("text size S")
        large.assertParity("text size AX-XL")
    }

    @MainActor
    func testASectionIndexMatchesUIKit() {
        let fixture = ParityTable(Options(indexTitles: ["A", "B", "C"], sections: 3))
        XCTAssertTrue(fixture.table.showsSectionIndexView, "UIKit shows the index")
        fixture.assertParity("section index")
    }

    @MainActor
    func testInsetGroupedWithASectionIndexMatchesUIKit() {
        let fixture = ParityTable(Options(style: .insetGrouped, indexTitles: ["A", "B", "C"], sections: 3))
        XCTAssertTrue(fixture.table.showsSectionIndexView, "UIKit shows the index")
        fixture.assertParity(
            "inset grouped, section index",
            switchHint: "If only this inset-grouped case fails, try "
                + "TableGeometry.defaultSectionIndexPlacement = .withinSectionInset.")
    }

    @MainActor
    func testSeparatorsOnAndOffMatchUIKit() {
        let on = ParityTable(Options(showsSeparators: true))
        let off = ParityTable(Options(showsSeparators: false))
        let row = IndexPath(row: 0, section: 0)
        let pixel = 1 / on.table.traitCollection.displayScale
        XCTAssertEqual(on.uikitHeight(at: row) - off.uikitHeight(at: row), pixel, accuracy: 0.001,
                       "UIKit's rows are one pixel taller with separators")
        on.assertParity("separators on", switchHint: Self.separatorHint)
        off.assertParity("separators off", switchHint: Self.separatorHint)
    }

    @MainActor
    func testReadableWidthMarginsMatchUIKit() throws {
        guard #available(iOS 17, *) else { throw XCTSkip("the regular size class is set with iOS 17 trait overrides") }
        let size = CGSize(width: 1024, height: 768)
        let fixture = ParityTable(Options(
            pinsToMargins: true, isRegularWidth: true, followsReadableWidth: true, size: size))
        let cell = fixture.shownCell
        XCTAssertGreaterThan(cell?.contentView.layoutMargins.left ?? 0, 40, "readable width moved the margins in")
        fixture.assertParity("readable width, margins", switchHint: Self.marginHint)
    }

    // MARK: Issue 14, item 9: headers, footers, configuration content

    static let headerWidthHint = "If inset-grouped headers fail and the others pass, headers are inset like cells: "
        + "revisit TableGeometry.headerFooterWidth."

    @MainActor
    func testHeadersAndFootersMatchUIKitInEveryStyle() {
        for style in [UITableView.Style.plain, .grouped, .insetGrouped] {
            let fixture = ParityTable(Options(style: style, headerFooterContent: .label, sections: 2))
            fixture.assertHeaderFooterParity("headers and footers, style \(style.rawValue)", switchHint: Self.headerWidthHint)
            fixture.assertParity("rows beside headers, style \(style.rawValue)")
        }
    }

    /// The rule's premise: an inset-grouped section's header spans the table, its cells do not.
    @MainActor
    func testInsetGroupedHeadersAreWiderThanTheirCells() throws {
        let fixture = ParityTable(Options(style: .insetGrouped, headerFooterContent: .label, sections: 2))
        let header = try XCTUnwrap(fixture.table.headerView(forSection: 0))
        let cell = try XCTUnwrap(fixture.shownCell)
        XCTAssertGreaterThan(header.frame.width, cell.frame.width, "sections are inset, their headers are not")
        let geometry = fixture.table.layoutState.refreshGeometry(of: fixture.table)
        XCTAssertEqual(geometry.headerFooterWidth, header.contentView.frame.width, accuracy: 0.5,
                       "the header width rule gives the header's content width. \(Self.headerWidthHint)")
    }

    @MainActor
    func testHeadersAndFootersWithASafeAreaMatchUIKit() {
        let safeArea = UIEdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
        for style in [UITableView.Style.plain, .insetGrouped] {
            let fixture = ParityTable(Options(
                style: style, headerFooterContent: .label, safeArea: safeArea, sections: 2, size: CGSize(width: 844, height: 390)))
            XCTAssertEqual(fixture.table.safeAreaInsets.left, 44, "style \(style.rawValue)")
            fixture.assertHeaderFooterParity("headers, safe area, style \(style.rawValue)")
        }
    }

    @MainActor
    func testHeadersAndFootersWithASectionIndexMatchUIKit() {
        let fixture = ParityTable(Options(headerFooterContent: .label, indexTitles: ["A", "B", "C"], sections: 3))
        XCTAssertTrue(fixture.table.showsSectionIndexView, "UIKit shows the index")
        fixture.assertHeaderFooterParity(
            "headers and footers, section index",
            switchHint: "If only this case fails, try TableGeometry.defaultHeaderFooterIndexPlacement = .underIndex.")
    }

    @MainActor
    func testListContentHeadersAndFootersMatchUIKit() throws {
        guard #available(iOS 14, *) else { throw XCTSkip("UIListContentConfiguration is iOS 14+") }
        for style in [UITableView.Style.plain, .insetGrouped] {
            ParityTable(Options(style: style, headerFooterContent: .listContent, sections: 2)).assertHeaderFooterParity(
                "list content headers, style \(style.rawValue)",
                switchHint: "List content is laid out in the view's layout margins, which UIKit sets for shown headers.")
        }
    }

    @MainActor
    func testListContentRowsMatchUIKit() throws {
        guard #available(iOS 14, *) else { throw XCTSkip("UIListContentConfiguration is iOS 14+") }
        for style in [UITableView.Style.plain, .insetGrouped] {
            let fixture = ParityTable(Options(style: style, rowContent: .listContent, sections: 2))
            XCTAssertTrue(fixture.shownCell?.contentConfiguration is UIListContentConfiguration, "precondition: list content")
            fixture.assertParity("list content rows, style \(style.rawValue)", switchHint: Self.marginHint)
        }
    }

    @MainActor
    func testHostingConfigurationRowsMatchUIKit() throws {
        guard #available(iOS 16, *) else { throw XCTSkip("UIHostingConfiguration is iOS 16+") }
        for style in [UITableView.Style.plain, .insetGrouped] {
            let fixture = ParityTable(Options(style: style, rowContent: .hosting, sections: 2))
            let long = fixture.uikitHeight(at: IndexPath(row: 2, section: 0))
            XCTAssertGreaterThan(long, fixture.uikitHeight(at: IndexPath(row: 0, section: 0)), "the SwiftUI text wraps")
            fixture.assertParity("hosting configuration rows, style \(style.rawValue)", switchHint: Self.marginHint)
        }
    }

    @MainActor
    func testAConfigurationUpdateHandlerCellMatchesUIKit() {
        let fixture = ParityTable(Options(usesConfigurationUpdateHandler: true))
        XCTAssertGreaterThan(fixture.uikitHeight(at: IndexPath(row: 2, section: 0)), 88, "UIKit ran the handler")
        fixture.assertParity(
            "configuration update handler",
            switchHint: "If the template measures empty labels, try TemplatePreparation.configurationUpdate = .direct.")
    }
}
#endif
