#if canImport(UIKit) && canImport(SwiftUI)
import SwiftUI
import UIKit
import XCTest
import TemplateLayoutCell

// Issue 17, item 1: an app file that imports SwiftUI and this package. It names SwiftUI's
// `ContentSizeCategory` and `LegibilityWeight` unqualified, as apps write them; when the
// package exported types of the same names, this file did not compile ("ambiguous for type
// lookup"). ios-build type-checks it for iOS: the check is that it compiles.

/// A row that reads SwiftUI's text size and weight, inside a table measured by the package.
private struct TextTraitsRow: View {
    let category: ContentSizeCategory
    let weight: LegibilityWeight?

    var body: some View {
        Text(weight == .bold ? "bold" : "regular").font(category.isAccessibilityCategory ? .title : .body)
    }
}

final class SwiftUINameClashTests: XCTestCase {
    @MainActor
    func testSwiftUIsTextTypesAreNamedUnqualifiedBesideThePackage() {
        let category: ContentSizeCategory = .accessibilityLarge
        let weight: LegibilityWeight = .bold
        XCTAssertTrue(category.isAccessibilityCategory)
        _ = TextTraitsRow(category: category, weight: weight).body
        // The package's own are nested in its layout context.
        XCTAssertEqual(LayoutContext(width: 320, contentSizeCategory: .large).contentSizeCategory, LayoutContext.ContentSizeCategory.large)
        XCTAssertEqual(UITableView().fd_statistics.layouts, 0)
    }
}
#endif
