import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct LayoutContextTests {
    @Test func widthsOnTheSamePixelAreTheSameContext() {
        #expect(LayoutContext(width: 375.1, displayScale: 3) == LayoutContext(width: 375.0, displayScale: 3))
        #expect(LayoutContext(width: 375.2, displayScale: 3) != LayoutContext(width: 375.0, displayScale: 3))
        #expect(LayoutContext(width: 375.2, displayScale: 3).width == 375 + 1.0 / 3)
    }

    @Test func editingIsItsOwnContextAndIsNeverPersisted() {
        let normal = LayoutContext(width: 320, displayScale: 2)
        let editing = LayoutContext(width: 320, displayScale: 2, isEditing: true)
        #expect(normal != editing)
        #expect(Set([normal, editing, LayoutContext(width: 320, displayScale: 2)]).count == 2)
        #expect(editing.isMeasurable && !editing.isPersistable)
        #expect(normal.isPersistable)
        #expect(!LayoutContext.unmeasured.isPersistable)
        #expect(editing.description == "320pt@2x L editing")
    }

    @Test func theTextSizeIsPartOfTheContext() {
        #expect(LayoutContext(width: 320, contentSizeCategory: .large) != LayoutContext(width: 320, contentSizeCategory: .small))
    }

    @Test(arguments: [CGFloat(0), -10, .nan, .infinity, -.infinity])
    func aWidthThatIsNotPositiveAndFiniteIsUnmeasurable(width: CGFloat) {
        let context = LayoutContext(width: width, displayScale: 2)
        #expect(!context.isMeasurable)
        #expect(context.widthInPixels == 0)
    }

    @Test func aSubPixelWidthRoundsToZero() {
        #expect(!LayoutContext(width: 0.2, displayScale: 2).isMeasurable)
        #expect(LayoutContext(width: 0.3, displayScale: 2).isMeasurable)
    }

    @Test(arguments: [CGFloat(0), -2, .nan, .infinity])
    func aBadDisplayScaleBecomesOne(scale: CGFloat) {
        #expect(LayoutContext(width: 320, displayScale: scale).displayScale == 1)
    }

    @Test func anAbsurdWidthDoesNotTrap() {
        #expect(LayoutContext(width: 1e300, displayScale: 3).isMeasurable)
    }

    @Test func theDescriptionNamesWidthScaleAndTextSize() {
        #expect(LayoutContext(width: 375, displayScale: 3, contentSizeCategory: .accessibilityExtraLarge).description == "375pt@3x AccessibilityXL")
        #expect(LayoutContext.ContentSizeCategory.unspecified.description == "Unspecified")
        #expect(LayoutContext.ContentSizeCategory(rawValue: "custom").description == "custom")
    }

    @Test func rawValuesAreUIKits() {
        #expect(LayoutContext.ContentSizeCategory.large.rawValue == "UICTContentSizeCategoryL")
        #expect(LayoutContext.ContentSizeCategory.accessibilityExtraExtraExtraLarge.rawValue == "UICTContentSizeCategoryAccessibilityXXXL")
    }

    @Test func aFixedHeightIsNeverTheSameContextAsTheSameFixedWidth() {
        let chips = LayoutContext(height: 32, displayScale: 3)
        let cards = LayoutContext(width: 32, displayScale: 3)
        #expect(chips != cards)
        #expect(chips.lengthInPixels == cards.lengthInPixels)
        #expect(chips.fixedDimension == .height && cards.fixedDimension == .width)
        // A height-fixed context has no fixed width: code that reads widths gets none.
        #expect(chips.widthInPixels == 0 && chips.width == 0 && chips.length == 32)
        #expect(chips.isMeasurable)
        #expect(chips.description == "height 32pt@3x L")
        #expect(LayoutContext(fixing: .width, length: 32, displayScale: 3) == cards)
    }

    @Test(arguments: [CGFloat(0), -10, .nan, .infinity])
    func aFixedHeightThatIsNotPositiveAndFiniteIsUnmeasurable(height: CGFloat) {
        #expect(!LayoutContext(height: height, displayScale: 2).isMeasurable)
    }
}
