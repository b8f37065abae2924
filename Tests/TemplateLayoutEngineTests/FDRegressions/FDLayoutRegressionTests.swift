import Foundation
import Testing
@testable import TemplateLayoutEngine

/// FDTemplateLayoutCell's measuring and keying bugs that need no UIKit object. Those that
/// do (FD #403's header configuration, #348's contentView autoresizing, the iOS 10 width
/// constraint of #242) are tested against real tables in the UIKit test target.
@Suite("FDTemplateLayoutCell layout regressions")
struct FDLayoutRegressionTests {
    /// FD measured and cached heights while the table's width was still 0, and served the
    /// bad height for good. Nothing is measured or cached without a width.
    @Test("FD #186, #400: heights are not measured or cached while the table has no width")
    func fd186_heightsAreNotCachedWhileTheTableHasNoWidth() {
        let table = TableHeightCache(context: .unmeasured)
        var layouts = 0
        let early = table.height(cachedBy: .indexPath(path(0, 0))) { layouts += 1; return 900 }
        #expect(early == table.fallbackHeight)
        #expect(layouts == 0)
        table.switchContext(to: LayoutContext(width: 375))
        let real = table.height(cachedBy: .indexPath(path(0, 0))) { layouts += 1; return 88 }
        #expect(real == 88)
        #expect(layouts == 1)
        #expect(table.statistics.unmeasurableRequests == 1)
    }

    /// FD kept one cache per device orientation. Split view, Slide Over and window resizes
    /// change the width and keep the orientation, so FD served heights measured at
    /// another width. Here the width is the key.
    @Test("FD #139, #392: the width, not the orientation, keys the cache")
    func fd139_theWidthNotTheOrientationKeysTheCache() {
        let table = TableHeightCache(context: LayoutContext(width: 1024, displayScale: 2))
        _ = table.height(cachedBy: .indexPath(path(0, 0))) { 60 }
        // Same orientation, narrower: split view.
        table.switchContext(to: LayoutContext(width: 507, displayScale: 2))
        var measured = false
        let narrow = table.height(cachedBy: .indexPath(path(0, 0))) { measured = true; return 120 }
        #expect(measured)
        #expect(narrow == 120)
        // Back to full width: the earlier height is still there.
        table.switchContext(to: LayoutContext(width: 1024, displayScale: 2))
        #expect(table.cachedHeight(for: .indexPath(path(0, 0))) == 60)
    }

    /// FD ignored Dynamic Type: a text size change kept serving heights laid out for the
    /// old size. The content size category is part of the context.
    @Test("FD (no issue): a Dynamic Type change switches the cache")
    func fdDynamicType_aContentSizeCategoryChangeSwitchesTheCache() {
        let table = TableHeightCache(context: LayoutContext(width: 375, contentSizeCategory: .large))
        _ = table.height(cachedBy: .key("post-1")) { 80 }
        table.switchContext(to: LayoutContext(width: 375, contentSizeCategory: .accessibilityExtraLarge))
        #expect(table.cachedHeight(for: .key("post-1")) == nil)
        _ = table.height(cachedBy: .key("post-1")) { 190 }
        table.switchContext(to: LayoutContext(width: 375, contentSizeCategory: .large))
        #expect(table.cachedHeight(for: .key("post-1")) == 80)
    }

    /// FD #340 found FD slower than `automaticDimension` in one app: a cache's worth has
    /// to be measured. Every layout is counted and timed, every lookup counted.
    @Test("FD #340: layouts and time spent measuring are counted, so the cache is measured")
    func fd340_layoutsAndMeasuringTimeAreCounted() {
        let table = TableHeightCache(context: LayoutContext(width: 375))
        for _ in 0..<3 {
            _ = table.height(cachedBy: .indexPath(path(0, 0))) {
                Thread.sleep(forTimeInterval: 0.002)
                return 44
            }
        }
        let statistics = table.statistics
        #expect(statistics.layouts == 1)
        #expect(statistics.indexPath.hits == 2)
        #expect(statistics.indexPath.misses == 1)
        #expect(statistics.measuringTime >= 0.002)
    }

    /// FD's header/footer API never called the configuration block, so every header
    /// measured as the empty template. Header heights go through the same
    /// measure-once rule (the UIKit layer's `measure` runs the configuration) and are
    /// cached by section, moving with it.
    @Test("FD #403: header heights are measured with their content and cached by section")
    func fd403_headerHeightsAreMeasuredAndCachedBySection() {
        let table = TableHeightCache(context: LayoutContext(width: 375))
        var configured: [Int] = []
        for section in 0..<2 {
            _ = table.height(cachedBy: .header(section: section)) {
                configured.append(section)
                return CGFloat(30 + section)
            }
        }
        #expect(configured == [0, 1])
        table.indexPaths.moveSection(1, toSection: 0)
        #expect(table.cachedHeight(for: .header(section: 0)) == 31)
        #expect(table.cachedHeight(for: .header(section: 1)) == 30)
    }
}
