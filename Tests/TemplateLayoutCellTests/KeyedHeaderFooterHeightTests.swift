#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// `fd_headerFooterHeight(identifier:cacheBy:configure:)`: header and footer heights cached by
/// the app's key, within the view's identifier.
final class KeyedHeaderFooterHeightTests: XCTestCase {
    @MainActor
    func testAKeyedHeaderIsMeasuredOnceThenHitAndMatchesTheUncachedHeight() {
        let fixture = TableFixture(sections: [["a"], ["b"]]).hostInWindow()
        let table = fixture.table
        let text = TableFixture.text(2)
        var configured = 0
        let first = table.fd_headerFooterHeight(identifier: "header", cacheBy: "day-1") { (view: LabelHeader) in
            configured += 1
            view.label.text = text
        }
        let second = table.fd_headerFooterHeight(identifier: "header", cacheBy: "day-1") { (view: LabelHeader) in
            configured += 1
            view.label.text = "something else entirely, which a hit never configures"
        }
        let uncached = table.fd_heightForHeaderFooterView(withIdentifier: "header") { view in
            (view as? LabelHeader)?.label.text = text
        }
        XCTAssertEqual(configured, 1, "the second request is a hit")
        XCTAssertEqual(first, second)
        XCTAssertEqual(first, uncached)
        XCTAssertGreaterThan(first, 0)
    }

    @MainActor
    func testAHeaderAndACellCachedByTheSameKeyKeepTheirOwnHeights() {
        let fixture = TableFixture(sections: [["a"]]).hostInWindow()
        let table = fixture.table
        let header = table.fd_headerFooterHeight(identifier: "header", cacheBy: 7) { (view: LabelHeader) in
            view.label.text = "Short."
        }
        let cell = table.fd_height(identifier: "label", cacheBy: 7) { (cell: LabelCell) in
            cell.label.text = TableFixture.text(2)
        }
        XCTAssertNotEqual(header, cell, "precondition: the two measure differently")
        XCTAssertEqual(table.fd_headerFooterHeight(identifier: "header", cacheBy: 7) { (_: LabelHeader) in }, header)
        XCTAssertEqual(table.fd_height(identifier: "label", cacheBy: 7) { (_: LabelCell) in }, cell)
    }
}
#endif
