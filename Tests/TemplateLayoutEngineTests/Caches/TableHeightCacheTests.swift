import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct TableHeightCacheTests {
    let context = LayoutContext(width: 375, displayScale: 3)

    @Test func aHeightIsMeasuredOnceThenServedFromTheCache() {
        let table = TableHeightCache(context: context)
        var layouts = 0
        for _ in 0..<5 {
            let height = table.height(cachedBy: .indexPath(path(0, 0))) { layouts += 1; return 72 }
            #expect(height == 72)
        }
        #expect(layouts == 1)
        #expect(table.statistics.layouts == 1)
        #expect(table.statistics.hits == 4)
    }

    @Test func eachKeyKindGoesToItsCache() {
        let table = TableHeightCache(context: context)
        _ = table.height(cachedBy: .indexPath(path(0, 0))) { 10 }
        _ = table.height(cachedBy: .key("a")) { 20 }
        _ = table.height(cachedBy: .header(section: 0)) { 30 }
        _ = table.height(cachedBy: .footer(section: 0)) { 40 }
        #expect(table.indexPaths.height(at: path(0, 0)) == 10)
        #expect(table.keys.height(forKey: "a") == 20)
        #expect(table.indexPaths.height(of: .header, inSection: 0) == 30)
        #expect(table.indexPaths.height(of: .footer, inSection: 0) == 40)
    }

    /// Review 18b, F5: inside an open batch the heights still sit at the old positions while
    /// the app's data source answers for the new ones. Served, row 1 would get the old row
    /// 1's height; stored, the batch would move the new row's height onto another row.
    @Test func aHeightAskedByPositionInsideAnOpenBatchIsMeasuredAndNeitherServedNorCached() {
        let table = TableHeightCache(context: context)
        for row in 0..<3 { _ = table.height(cachedBy: .indexPath(path(0, row))) { CGFloat(10 + row) } }

        table.indexPaths.beginUpdates()
        table.indexPaths.insertRows(at: [path(0, 0)])
        let asked = table.height(cachedBy: .indexPath(path(0, 1))) { 77 }
        #expect(asked == 77, "measured for the row the data source has there now")
        #expect(table.estimatedHeight(for: .indexPath(path(0, 1))) == table.fallbackHeight)
        table.indexPaths.endUpdates()

        #expect(table.indexPaths.height(at: path(0, 0)) == nil)
        #expect(table.indexPaths.height(at: path(0, 1)) == 10, "the old row 0, moved; nothing stored over it")
        #expect(table.indexPaths.height(at: path(0, 2)) == 11)
        #expect(table.indexPaths.height(at: path(0, 3)) == 12)
    }

    /// Review 18d, F1: code the measurement ran (a block in a run of the loop a configure
    /// closure spun) moved the rows: stored, the height would land on another row.
    @Test func aHeightMeasuredWhileRowsMovedIsAnsweredNotCachedAndTheTableIsAskedAgain() {
        let table = TableHeightCache(context: context)
        for row in 0..<3 { _ = table.height(cachedBy: .indexPath(path(0, row))) { CGFloat(10 + row) } }
        table.indexPaths.invalidateHeight(at: path(0, 2))
        var asked = 0
        table.heightChangedWhileMeasured = { asked += 1 }

        let measured = table.height(cachedBy: .indexPath(path(0, 2))) {
            table.indexPaths.insertRows(at: [path(0, 0)])
            return 99
        }

        #expect(measured == 99)
        #expect(asked == 1)
        #expect(table.indexPaths.height(at: path(0, 2)) == 11, "the old row 1, moved; not overwritten")
        #expect(table.indexPaths.height(at: path(0, 3)) == nil)
    }

    @Test func aKeyedHeightInvalidatedWhileMeasuredIsNotCached() {
        let table = TableHeightCache(context: context)
        let measured = table.height(cachedBy: .key("post")) {
            table.invalidateHeight(forKey: "post")   // the app forgot it meanwhile
            return 50
        }
        #expect(measured == 50)
        #expect(table.cachedHeight(for: .key("post")) == nil)
    }

    @Test func aHeightMeasuredWhileNothingChangedIsCached() {
        let table = TableHeightCache(context: context)
        var asked = 0
        table.heightChangedWhileMeasured = { asked += 1 }
        _ = table.height(cachedBy: .key("a")) {
            _ = table.height(cachedBy: .key("b")) { 20 }   // a nested request stores, changes nothing
            return 30
        }
        #expect(table.cachedHeight(for: .key("a")) == 30)
        #expect(asked == 0)
    }

    @Test func noCacheMeasuresEveryTime() {
        let table = TableHeightCache(context: context)
        var layouts = 0
        for _ in 0..<3 { _ = table.height(cachedBy: .none) { layouts += 1; return 50 } }
        #expect(layouts == 3)
        #expect(table.statistics.hits == 0)
        #expect(table.cachedHeight(for: .none) == nil)
    }

    @Test(arguments: [CGFloat.nan, -3, .infinity])
    func anInvalidMeasurementIsReportedAndNotCached(measured: CGFloat) {
        let recorder = LogRecorder()
        let table = TableHeightCache(context: context, log: recorder.log())
        table.fallbackHeight = 60
        #expect(table.height(cachedBy: .key("a")) { measured } == 60)
        #expect(table.cachedHeight(for: .key("a")) == nil)
        #expect(recorder.problems.count == 1)
        #expect(table.statistics.indexPath.problems == 1)
    }

    @Test func aRequestWithItsOwnFallbackGetsItWithoutAWidthOrAHeightAndTheTablesStays() {
        let unmeasured = TableHeightCache(context: .unmeasured)
        unmeasured.fallbackHeight = 60
        #expect(unmeasured.measuredHeight(for: .footer(section: 0), fallback: 18) { 99 } == 18)
        let table = TableHeightCache(context: context, log: LogRecorder().log())
        table.fallbackHeight = 60
        #expect(table.measuredHeight(for: .footer(section: 0), fallback: 18) { .nan } == 18)
        #expect(table.fallbackHeight == 60)
        #expect(table.measuredHeight(for: .footer(section: 0), fallback: 18) { 30 } == 30)
    }

    @Test func anInvalidFallbackHeightIsIgnored() {
        let table = TableHeightCache(context: .unmeasured)
        table.fallbackHeight = -1
        #expect(table.fallbackHeight == 44)
        table.fallbackHeight = .nan
        #expect(table.fallbackHeight == 44)
    }

    @Test func aCachedHeightIsServedEvenWithoutAWidth() {
        let table = TableHeightCache(context: .unmeasured)
        table.store(55, for: .key("a"))
        var measured = false
        #expect(table.height(cachedBy: .key("a")) { measured = true; return 1 } == 55)
        #expect(!measured)
    }

    @Test func settingTheLogSetsBothCaches() {
        let recorder = LogRecorder()
        let table = TableHeightCache(context: context)
        table.log = recorder.log(tracing: true)
        _ = table.height(cachedBy: .indexPath(path(0, 0))) { 10 }
        _ = table.height(cachedBy: .key(7)) { 20 }
        #expect(recorder.lines.contains("** TemplateLayoutCell ** cached by index path[0:0] - 10"))
        #expect(recorder.lines.contains("** TemplateLayoutCell ** cached by key[7] - 20"))
    }

    @Test func switchingContextSwitchesBothCaches() {
        let table = TableHeightCache(context: context)
        let other = LayoutContext(width: 414, displayScale: 3)
        table.switchContext(to: other)
        #expect(table.context == other)
        #expect(table.indexPaths.context == other)
        #expect(table.keys.context == other)
    }
}

@Suite struct TableHeightCacheEstimateTests {
    @Test func anEstimateIsTheCachedHeightOrTheFallbackAndIsNotALookup() {
        let table = TableHeightCache(context: LayoutContext(width: 320))
        table.fallbackHeight = 70
        _ = table.height(cachedBy: .indexPath(path(0, 0))) { 120 }
        _ = table.height(cachedBy: .key("a")) { 90 }
        let before = table.statistics
        #expect(table.estimatedHeight(for: .indexPath(path(0, 0))) == 120)
        #expect(table.estimatedHeight(for: .indexPath(path(0, 1))) == 70)
        #expect(table.estimatedHeight(for: .key("a")) == 90)
        #expect(table.estimatedHeight(for: .header(section: 0)) == 70)
        #expect(table.estimatedHeight(for: .none) == 70)
        #expect(table.statistics == before)
    }

    @Test func measuringWithoutALookupStillRefusesAZeroWidth() {
        let table = TableHeightCache(context: .unmeasured)
        var measured = false
        #expect(table.measuredHeight(for: .key("a")) { measured = true; return 1 } == 44)
        #expect(!measured)
    }

    /// Issue 17 review (round 2): while a section index is pending, UIKit's first reload
    /// asks every row's height and the app may use them in the same turn (`scrollToRow`,
    /// the content size); a fallback of 44 points was far from the truth. A provisional
    /// measurement is answered, and never cached.
    @Test func aProvisionalMeasurementIsAnsweredAndNotCached() {
        let table = TableHeightCache(context: .unmeasured)
        table.measuresProvisionally = true
        #expect(table.measuredHeight(for: .key("a")) { 88 } == 88)
        #expect(table.cachedHeight(for: .key("a")) == nil, "not cached: the width was a guess")
        #expect(table.statistics.layouts == 1)
        #expect(table.measuredHeight(for: .key("a")) { -.infinity } == 44, "an invalid result is still the fallback")
    }

    /// Review 19e, G3: a collection view's configure closure asks a chip's size at another
    /// length (a switch to another context and back) while a card is measured; the card's
    /// measurement is still its own context's, cached, and nothing asks again. Before, a
    /// switch counted as a change: never cached, and asked again on every turn.
    @Test func aMeasurementWhoseCodeSwitchedToAnotherContextAndBackIsCached() {
        let card = LayoutContext(width: 155, displayScale: 2)
        let chip = LayoutContext(height: 32, displayScale: 2)
        let cache = TableHeightCache(context: card, contextLimit: 8)
        var askedAgain = 0
        cache.heightChangedWhileMeasured = { askedAgain += 1 }
        let height = cache.height(cachedBy: .key("card")) {
            cache.switchContext(to: chip)
            _ = cache.height(cachedBy: .key("chip")) { 64 }
            cache.switchContext(to: card)
            return 120
        }
        #expect(height == 120)
        #expect(cache.cachedHeight(for: .key("card")) == 120)
        #expect(askedAgain == 0)
        cache.switchContext(to: chip)
        #expect(cache.cachedHeight(for: .key("chip")) == 64, "the chip in its own context")
    }
}
