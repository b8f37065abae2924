import Foundation
import Testing
@testable import TemplateLayoutEngine

/// The decisions of the collection-view self-sizing path (`preferredLayoutAttributesFitting`).
@Suite struct SelfSizingRulesTests {
    let proposed = LayoutContext(width: 300, displayScale: 2)

    private func context(of fit: SelfSizingFit) -> LayoutContext {
        LayoutContext(fixing: .width, length: fit.fixedLength, displayScale: 2)
    }

    @Test func verticalLayoutsFixTheWidthAndHorizontalOnesTheHeight() {
        #expect(SelfSizingRules.defaultFixedDimension(scrollsVertically: true) == .width)
        #expect(SelfSizingRules.defaultFixedDimension(scrollsVertically: false) == .height)
    }

    @Test func aSizeSplitsIntoFixedAndFreeLengthsAndBackAlongEitherDimension() {
        let size = CGSize(width: 80, height: 32)
        #expect(SelfSizingRules.length(of: size, along: .height) == 32)
        #expect(SelfSizingRules.freeLength(of: size, fixing: .height) == 80)
        #expect(SelfSizingRules.size(fixed: 32, free: 80, fixing: .height) == size)
        #expect(SelfSizingRules.length(of: size, along: .width) == 80)
        #expect(SelfSizingRules.freeLength(of: size, fixing: .width) == 32)
        #expect(SelfSizingRules.size(fixed: 80, free: 32, fixing: .width) == size)
    }

    @Test func theAppsKeyWinsOverThePositionEvenWhereThePositionIsRefused() {
        let key = SelfSizingRules.key(appKey: AnyHashable("item-7"), indexPath: path(0, 3), isCell: true, mayCacheByIndexPath: false)
        #expect(key == .key(AnyHashable("item-7")))
        let header = SelfSizingRules.key(appKey: AnyHashable(1), indexPath: path(2, 0), isCell: false, mayCacheByIndexPath: true)
        #expect(header == .key(AnyHashable(1)))
    }

    @Test func aCellIsCachedByPositionOnlyWherePositionsAreFollowed() {
        let item = path(1, 3)
        #expect(SelfSizingRules.key(appKey: nil, indexPath: item, isCell: true, mayCacheByIndexPath: true) == .indexPath(item))
        #expect(SelfSizingRules.key(appKey: nil, indexPath: item, isCell: true, mayCacheByIndexPath: false) == HeightCacheKey.none, "diffable")
        #expect(SelfSizingRules.key(appKey: nil, indexPath: item, isCell: false, mayCacheByIndexPath: true) == HeightCacheKey.none, "supplementary")
        #expect(SelfSizingRules.key(appKey: nil, indexPath: IndexPath(index: 1), isCell: true, mayCacheByIndexPath: true) == HeightCacheKey.none, "malformed")
        #expect(SelfSizingRules.key(appKey: nil, indexPath: nil, isCell: true, mayCacheByIndexPath: true) == HeightCacheKey.none)
    }

    @Test func theProposalAnsweredUnchangedIsNeverAFit() {
        #expect(SelfSizingRules.fit(fitted: CGSize(width: 300, height: 44), fittingChangedAttributes: false, fixing: .width) == nil)
        #expect(SelfSizingRules.fit(fitted: CGSize(width: 300, height: 61), fittingChangedAttributes: true, fixing: .width)
                == SelfSizingFit(fixedLength: 300, freeLength: 61))
    }

    @Test func lengthsThatAreNotSizesAreNeverAFit() {
        for bad in [CGFloat.nan, .infinity, -1] {
            #expect(SelfSizingRules.fit(fitted: CGSize(width: 300, height: bad), fittingChangedAttributes: true, fixing: .width) == nil)
            #expect(SelfSizingRules.fit(fitted: CGSize(width: bad, height: 44), fittingChangedAttributes: true, fixing: .width) == nil)
        }
        #expect(SelfSizingRules.fit(fitted: CGSize(width: 0, height: 44), fittingChangedAttributes: true, fixing: .width) == nil)
    }

    // MARK: Caching a fit

    @Test func aFitIsCachedInTheContextOfItsFixedLengthAndCounted() {
        let cache = TableHeightCache(context: proposed)
        let cached = cache.cacheSelfSizedLength(for: .indexPath(path(0, 0)), contextOfFit: context(of:)) {
            SelfSizingFit(fixedLength: 300, freeLength: 61)
        }
        #expect(cached)
        #expect(cache.cachedHeight(for: .indexPath(path(0, 0))) == 61)
        #expect(cache.statistics.layouts == 1)
    }

    /// A flow layout proposes its estimate (50 wide); the cell fixes its own width (180).
    @Test func aFitAtAnotherFixedLengthThanProposedIsCachedAtTheFittedOne() {
        let cache = TableHeightCache(context: LayoutContext(width: 50, displayScale: 2))
        let key = HeightCacheKey.key(AnyHashable("a"))
        #expect(cache.cacheSelfSizedLength(for: key, contextOfFit: context(of:)) { SelfSizingFit(fixedLength: 180, freeLength: 90) })
        #expect(cache.context == LayoutContext(width: 180, displayScale: 2))
        #expect(cache.cachedHeight(for: key) == 90)
        cache.switchContext(to: LayoutContext(width: 50, displayScale: 2))
        #expect(cache.cachedHeight(for: key) == nil, "never under the estimate the cell did not fit")
    }

    @Test func aDeclinedFittingCachesNothing() {
        let cache = TableHeightCache(context: proposed)
        var runs = 0
        #expect(!cache.cacheSelfSizedLength(for: .key(AnyHashable("a")), contextOfFit: context(of:)) { runs += 1; return nil })
        #expect(runs == 1)
        #expect(cache.cachedHeight(for: .key(AnyHashable("a"))) == nil)
    }

    @Test func nothingIsCachedWhileTheProposedLengthIsZeroButTheFittingStillRuns() {
        let cache = TableHeightCache(context: .unmeasured)
        var runs = 0
        #expect(!cache.cacheSelfSizedLength(for: .key(AnyHashable("a")), contextOfFit: context(of:)) {
            runs += 1; return SelfSizingFit(fixedLength: 300, freeLength: 61)
        })
        #expect(runs == 1)
        cache.switchContext(to: proposed)
        #expect(cache.cachedHeight(for: .key(AnyHashable("a"))) == nil)
    }

    @Test func aFitMadeWhileTheCachesChangedIsNotCachedAndTheViewIsAskedAgain() {
        let cache = TableHeightCache(context: proposed)
        var askedAgain = 0
        cache.heightChangedWhileMeasured = { askedAgain += 1 }
        let key = HeightCacheKey.key(AnyHashable("a"))
        #expect(!cache.cacheSelfSizedLength(for: key, contextOfFit: context(of:)) {
            cache.invalidateHeight(forKey: AnyHashable("a"))
            return SelfSizingFit(fixedLength: 300, freeLength: 61)
        })
        #expect(askedAgain == 1)
        #expect(cache.cachedHeight(for: key) == nil)
    }

    @Test func aFitByPositionInsideAnOpenBatchIsNotCachedButAKeyedOneIs() {
        let cache = TableHeightCache(context: proposed)
        cache.indexPaths.beginUpdates()
        #expect(!cache.cacheSelfSizedLength(for: .indexPath(path(0, 0)), contextOfFit: context(of:)) {
            SelfSizingFit(fixedLength: 300, freeLength: 61)
        })
        #expect(cache.cacheSelfSizedLength(for: .key(AnyHashable("a")), contextOfFit: context(of:)) {
            SelfSizingFit(fixedLength: 300, freeLength: 70)
        })
        cache.indexPaths.endUpdates()
        #expect(cache.cachedHeight(for: .indexPath(path(0, 0))) == nil)
        #expect(cache.cachedHeight(for: .key(AnyHashable("a"))) == 70)
    }
}
