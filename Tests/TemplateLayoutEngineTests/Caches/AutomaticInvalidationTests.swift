import Foundation
import Testing
@testable import TemplateLayoutEngine

/// FDTemplateLayoutCell's `automaticallyInvalidateEnabled`, as the pod's source kept it: `NO`
/// until the first `cacheHeight:byIndexPath:`, which set it to `YES` every time, so turning it
/// off lasted until the next stored height.
@Suite struct AutomaticInvalidationTests {
    @Test func theReportedSwitchIsOffUntilAHeightIsStoredAsInFD() {
        let cache = IndexPathHeightCache(context: LayoutContext(width: 320))
        #expect(!cache.reportedAutomaticInvalidation)
        #expect(cache.automaticallyInvalidates, "an empty cache aligns, which changes nothing")
        cache.store(44, at: path(0, 0))
        #expect(cache.reportedAutomaticInvalidation)
    }

    @Test func settingTheSwitchIsReportedBeforeAnyStore() {
        let cache = IndexPathHeightCache(context: LayoutContext(width: 320))
        cache.automaticallyInvalidates = true
        #expect(cache.reportedAutomaticInvalidation)
        cache.automaticallyInvalidates = false
        #expect(!cache.reportedAutomaticInvalidation)
    }

    @Test func aStoredHeightTurnsAlignmentBackOnAsFDsCacheHeightDid() {
        let cache = IndexPathHeightCache.holding([[1, 2]])
        cache.automaticallyInvalidates = false
        cache.reloadData()
        #expect(cache.grid == [[1, 2]], "off: the reload kept the heights")

        cache.store(3, at: path(0, 2))
        #expect(cache.automaticallyInvalidates)
        #expect(cache.reportedAutomaticInvalidation)
        cache.insertRows(at: [path(0, 0)])
        #expect(cache.height(at: path(0, 1)) == 1, "on again: the insert moved the heights")
    }

    @Test func aRefusedStoreStillTurnsItOnAsFDSetItBeforeStoring() {
        let cache = IndexPathHeightCache(context: LayoutContext(width: 320), log: DebugLog(reportsProblems: false))
        cache.automaticallyInvalidates = false
        cache.store(.nan, at: path(0, 0))
        #expect(cache.count == 0)
        #expect(cache.reportedAutomaticInvalidation)
    }

    @Test func aHeaderHeightTurnsItOnToo() {
        let cache = IndexPathHeightCache(context: LayoutContext(width: 320))
        cache.automaticallyInvalidates = false
        cache.store(28, for: .header, inSection: 0)
        #expect(cache.automaticallyInvalidates)
    }

}
