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
/// - `TemplatePreparation.configurationUpdate`: ``testAConfigurationUpdateHandlerCellMatchesUIKit``.
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

    @MainActor
    func testAConfigurationUpdateHandlerCellMatchesUIKit() {
        let fixture = ParityTable(Options(usesConfigurationUpdateHandler: true))
        XCTAssertGreaterThan(fixture.uikitHeight(at: IndexPath(row: 2, section: 0)), 88, "UIKit ran the handler")
        fixture.assertParity(
            "configuration update handler",
            switchHint: "If the template measures empty labels, try TemplatePreparation.configurationUpdate = .layoutPass.")
    }
}
#endif
