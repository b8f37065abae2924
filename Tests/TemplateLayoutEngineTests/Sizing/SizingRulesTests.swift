import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct SizingRulesTests {
    @Test func autoLayoutComesFirstAndFrameLayoutIsNotAsked() {
        var framesAsked = 0
        let result = SizingRules.fittingHeight(
            enforceFrameLayout: false, autoLayout: { 80 }, frameLayout: { framesAsked += 1; return 60 },
            fallback: 44, separator: 0.5)
        #expect(result == FittingHeight(height: 80.5, method: .autoLayout))
        #expect(framesAsked == 0)
    }

    @Test(arguments: [CGFloat(0), -1, .nan, .infinity])
    func noAutoLayoutHeightFallsToSizeThatFits(autoLayout: CGFloat) {
        let result = SizingRules.fittingHeight(
            enforceFrameLayout: false, autoLayout: { autoLayout }, frameLayout: { 60 }, fallback: 44, separator: 0)
        #expect(result == FittingHeight(height: 60, method: .frameLayout))
    }

    @Test func enforcedFrameLayoutSkipsAutoLayout() {
        var autoLayoutAsked = false
        let result = SizingRules.fittingHeight(
            enforceFrameLayout: true, autoLayout: { autoLayoutAsked = true; return 80 }, frameLayout: { 60 },
            fallback: 44, separator: 0)
        #expect(result.method == .frameLayout)
        #expect(!autoLayoutAsked)
    }

    @Test func neitherGivesAHeightSoTheFallbackIsUsed() {
        let result = SizingRules.fittingHeight(
            enforceFrameLayout: false, autoLayout: { 0 }, frameLayout: { 0 }, fallback: 50, separator: 1)
        #expect(result == FittingHeight(height: 51, method: .fallback))
        let invalid = SizingRules.fittingHeight(
            enforceFrameLayout: false, autoLayout: { 0 }, frameLayout: { 0 }, fallback: .nan, separator: .nan)
        #expect(invalid == FittingHeight(height: 44, method: .fallback))
    }

    @Test func anAutoLayoutHeightThatHoldsTheSeparatorGetsNoSecondOne() {
        let holds = SizingRules.fittingHeight(
            enforceFrameLayout: false, autoLayout: { 80 }, frameLayout: { 60 }, fallback: 44, separator: 0.5,
            autoLayoutIncludesSeparator: true)
        #expect(holds == FittingHeight(height: 80, method: .autoLayout))
        // sizeThatFits and the fallback never hold it (FD's contract for frame-layout cells).
        let frame = SizingRules.fittingHeight(
            enforceFrameLayout: true, autoLayout: { 80 }, frameLayout: { 60 }, fallback: 44, separator: 0.5,
            autoLayoutIncludesSeparator: true)
        #expect(frame == FittingHeight(height: 60.5, method: .frameLayout))
        let fallback = SizingRules.fittingHeight(
            enforceFrameLayout: false, autoLayout: { 0 }, frameLayout: { 0 }, fallback: 44, separator: 0.5,
            autoLayoutIncludesSeparator: true)
        #expect(fallback.height == 44.5)
    }

    @Test func theSeparatorSwitchIsWhatTheDefaultUses() {
        let byDefault = SizingRules.fittingHeight(
            enforceFrameLayout: false, autoLayout: { 80 }, frameLayout: { 60 }, fallback: 44, separator: 0.5)
        #expect(byDefault.height == (SizingRules.autoLayoutFittingIncludesSeparator ? 80 : 80.5))
    }

    @Test func theSeparatorIsOnePixel() {
        #expect(SizingRules.separatorHeight(showsSeparators: true, displayScale: 3) == 1.0 / 3)
        #expect(SizingRules.separatorHeight(showsSeparators: false, displayScale: 3) == 0)
        #expect(SizingRules.separatorHeight(showsSeparators: true, displayScale: 0) == 1)
    }

    @Test func theFallbackPrefersARealEstimateThenTheRowHeight() {
        #expect(SizingRules.fallbackRowHeight(estimatedRowHeight: 120, rowHeight: 60) == 120)
        #expect(SizingRules.fallbackRowHeight(estimatedRowHeight: SizingRules.automaticDimension, rowHeight: 60) == 60)
        #expect(SizingRules.fallbackRowHeight(estimatedRowHeight: 0, rowHeight: SizingRules.automaticDimension) == 44)
        #expect(SizingRules.fallbackRowHeight(estimatedRowHeight: .nan, rowHeight: .infinity) == 44)
    }
}
