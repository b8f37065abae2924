import Foundation
import Testing
@testable import TemplateLayoutEngine

/// The rules collection-view templates are measured by: order, no answer, fallback, answer.
@Suite struct ItemSizingRulesTests {
    @Test func autoLayoutComesFirstAndFrameLayoutIsNotAsked() {
        var framesAsked = 0
        let result = ItemSizingRules.fittingLength(
            enforceFrameLayout: false, autoLayout: { 80 }, frameLayout: { framesAsked += 1; return 60 }, fallback: 50)
        #expect(result == FittingLength(length: 80, method: .autoLayout), "no separator is added to an item")
        #expect(framesAsked == 0)
    }

    @Test(arguments: [CGFloat(0), -1, .nan, .infinity, .greatestFiniteMagnitude])
    func noAutoLayoutLengthFallsToSizeThatFits(autoLayout: CGFloat) {
        let result = ItemSizingRules.fittingLength(
            enforceFrameLayout: false, autoLayout: { autoLayout }, frameLayout: { 60 }, fallback: 50)
        #expect(result == FittingLength(length: 60, method: .frameLayout))
    }

    @Test func enforcedFrameLayoutSkipsAutoLayout() {
        var autoLayoutAsked = false
        let result = ItemSizingRules.fittingLength(
            enforceFrameLayout: true, autoLayout: { autoLayoutAsked = true; return 80 }, frameLayout: { 60 }, fallback: 50)
        #expect(result.method == .frameLayout)
        #expect(!autoLayoutAsked)
    }

    @Test(arguments: [CGFloat(0), -3, .nan, .infinity, 2_000_000])
    func neitherMethodGivesTheFallback(bad: CGFloat) {
        let result = ItemSizingRules.fittingLength(enforceFrameLayout: false, autoLayout: { bad }, frameLayout: { bad }, fallback: 120)
        #expect(result == FittingLength(length: 120, method: .fallback))
        let noFallback = ItemSizingRules.fittingLength(enforceFrameLayout: false, autoLayout: { bad }, frameLayout: { bad }, fallback: bad)
        #expect(noFallback == FittingLength(length: ItemSizingRules.lastResortLength, method: .fallback))
    }

    @Test func aFlowLayoutsRealEstimateIsTheFallbackAlongTheFreeDimension() {
        let estimated = CGSize(width: 100, height: 180)
        #expect(ItemSizingRules.fallbackLength(along: .height, estimatedItemSize: estimated, itemSize: CGSize(width: 50, height: 50)) == 180)
        #expect(ItemSizingRules.fallbackLength(along: .width, estimatedItemSize: estimated, itemSize: CGSize(width: 50, height: 50)) == 100)
    }

    @Test(arguments: [CGSize.zero, CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)])
    func noEstimateOrAutomaticSizeFallsToTheItemSize(estimated: CGSize) {
        // .greatestFiniteMagnitude: UICollectionViewFlowLayout.automaticSize, which estimates nothing.
        let itemSize = CGSize(width: 90, height: 40)
        #expect(ItemSizingRules.fallbackLength(along: .height, estimatedItemSize: estimated, itemSize: itemSize) == 40)
        #expect(ItemSizingRules.fallbackLength(along: .width, estimatedItemSize: estimated, itemSize: itemSize) == 90)
    }

    @Test func otherLayoutsAndEmptySizesFallToFiftyPoints() {
        #expect(ItemSizingRules.fallbackLength(along: .height, estimatedItemSize: nil, itemSize: nil) == 50)
        #expect(ItemSizingRules.fallbackLength(along: .height, estimatedItemSize: .zero, itemSize: .zero) == 50)
        #expect(ItemSizingRules.fallbackLength(along: .width, estimatedItemSize: nil, itemSize: CGSize(width: 0, height: 30)) == 50)
    }

    @Test func theAnswerPutsTheFixedLengthOnTheFixedAxis() {
        #expect(ItemSizingRules.size(fixing: .width, fixedLength: 160, freeLength: 212) == CGSize(width: 160, height: 212))
        #expect(ItemSizingRules.size(fixing: .height, fixedLength: 32, freeLength: 75) == CGSize(width: 75, height: 32))
    }

    @Test(arguments: [CGFloat(0), -10, .nan, .infinity])
    func aBadLengthIsReplacedByItsFallbackNeverAnsweredToTheLayout(bad: CGFloat) {
        let size = ItemSizingRules.size(fixing: .width, fixedLength: bad, freeLength: bad, fallbackFixedLength: 100, fallbackFreeLength: 44)
        #expect(size == CGSize(width: 100, height: 44))
        let lastResort = ItemSizingRules.size(fixing: .height, fixedLength: bad, freeLength: 20, fallbackFixedLength: bad)
        #expect(lastResort == CGSize(width: 20, height: 50))
    }

    @Test func theFreeDimensionIsTheOtherOne() {
        #expect(ItemSizingRules.freeDimension(when: .width) == .height)
        #expect(ItemSizingRules.freeDimension(when: .height) == .width)
    }
}
