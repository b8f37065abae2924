import Foundation
import Testing
@testable import TemplateLayoutEngine

/// The width frame-layout cells are asked to fit (`sizeThatFits(_:)`).
@Suite struct FrameLayoutWidthTests {
    @Test func theLaidOutContentViewWidthIsWhatSizeThatFitsGets() {
        #expect(SizingRules.frameLayoutWidth(cellWidth: 390, contentViewWidth: 351.5, accessory: .disclosureIndicator) == 351.5)
        #expect(SizingRules.frameLayoutWidth(cellWidth: 390, contentViewWidth: 390, accessory: .none) == 390)
    }

    @Test(arguments: [CGFloat(0), -1, .nan, .infinity, 391])
    func withoutAUsableReportFDsAccessoryWidthsAreTakenOff(report: CGFloat) {
        #expect(SizingRules.frameLayoutWidth(cellWidth: 390, contentViewWidth: report, accessory: .disclosureIndicator) == 356)
        #expect(SizingRules.frameLayoutWidth(cellWidth: 390, contentViewWidth: report, accessory: .view(width: 51)) == 323)
        #expect(SizingRules.frameLayoutWidth(cellWidth: 390, contentViewWidth: report, accessory: .none) == 390)
    }

    @Test func fdsAccessoryWidths() {
        #expect(CellAccessory.none.fdWidth == 0)
        #expect(CellAccessory.disclosureIndicator.fdWidth == 34)
        #expect(CellAccessory.detailDisclosureButton.fdWidth == 68)
        #expect(CellAccessory.checkmark.fdWidth == 40)
        #expect(CellAccessory.detailButton.fdWidth == 48)
        #expect(CellAccessory.view(width: .nan).fdWidth == 16)
    }

    @Test func subPixelNoiseIsClampedAndTheWidthIsNeverNegative() {
        #expect(SizingRules.frameLayoutWidth(cellWidth: 390, contentViewWidth: 390.001, accessory: .none) == 390)
        #expect(SizingRules.frameLayoutWidth(cellWidth: 20, contentViewWidth: 0, accessory: .detailDisclosureButton) == 0)
        #expect(SizingRules.frameLayoutWidth(cellWidth: .nan, contentViewWidth: 10, accessory: .none) == 0)
    }
}
