#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// UIKit as the oracle: a self-sizing cell in a real layout, in a shown window, gets the
/// size the template gives for the same content at the same fixed width.
final class CollectionSizeParityTests: XCTestCase {
    @MainActor
    func testAFlowLayoutAutomaticSizeItemMatchesTheTemplate() {
        let fixture = CollectionFixture(layout: CollectionFixture.selfSizingFlowLayout())
        let width = fixture.window.bounds.width
        fixture.fixedWidth = width
        fixture.hostInWindow().assertParity(width: width, name: "flow, automaticSize")
    }

    @MainActor
    func testACompositionalEstimatedListItemMatchesTheTemplate() {
        let fixture = CollectionFixture(layout: CollectionFixture.estimatedListLayout()).hostInWindow()
        fixture.assertParity(width: fixture.collectionView.bounds.width, name: "compositional, estimated")
    }
}

extension CollectionFixture {
    /// Every item's UIKit size equals the template's to the pixel; the long text really
    /// wraps (so the test is about wrapping at that width), and both were measured.
    func assertParity(width: CGFloat, name: String, file: StaticString = #filePath, line: UInt = #line) {
        let scale = collectionView.traitCollection.displayScale
        let short = uikitSize(item: 0)?.height ?? 0
        let long = uikitSize(item: 2)?.height ?? 0
        XCTAssertGreaterThan(long, short * 2, "\(name): the long text wraps onto several lines", file: file, line: line)
        for item in 0..<Self.texts.count {
            guard let uikit = uikitSize(item: item) else {
                XCTFail("\(name): UIKit laid out no item \(item)", file: file, line: line)
                continue
            }
            let template = collectionView.fd_size(identifier: Self.identifier, fittingWidth: width) { (cell: CardCell) in
                self.configure(cell, item: item)
            }
            XCTAssertEqual(uikit.width, width, accuracy: 1 / scale, "\(name): item \(item) spans the width", file: file, line: line)
            XCTAssertEqual(template.width, width, "\(name): the answer's fixed axis is the width given", file: file, line: line)
            XCTAssertEqual(template.height, uikit.height, accuracy: 1 / scale,
                           "\(name): item \(item): the template's height is UIKit's self-sized one", file: file, line: line)
        }
    }
}
#endif
