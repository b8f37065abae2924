import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct DiagnosticsTests {
    @Test func heightsPrintLikeFDs() {
        #expect(HeightFormat.string(44) == "44")
        #expect(HeightFormat.string(44.5) == "44.5")
        #expect(HeightFormat.string(133.0 / 3) == "44.333")
        #expect(HeightFormat.string(0) == "0")
        #expect(HeightFormat.string(.nan) == "NaN")
        #expect(HeightFormat.string(-.infinity) == "-inf")
        #expect(HeightFormat.string(path(3, 14)) == "[3:14]")
    }

    @Test func traceMessagesAreNotBuiltWhileDisabled() {
        var built = false
        func message() -> String { built = true; return "x" }
        DebugLog(isEnabled: false, reportsProblems: true, sink: DebugLogSink { _ in }).trace(message())
        #expect(!built)
    }

    @Test func statisticsDescribeThemselves() {
        var statistics = CacheStatistics()
        #expect(statistics.hitRate == 0)
        statistics.hits = 9
        statistics.misses = 1
        #expect(statistics.description == "hits 9, misses 1 (90.0%), stores 0, invalidations 0, problems 0")
    }

    @Test func updatesDescribeThemselves() {
        #expect(TableUpdate.deleteRows(paths((0, 3), (1, 0))).description == "deleteRows [0:3], [1:0]")
        #expect(TableUpdate.moveSection(2, to: 0).description == "moveSection 2 -> 0")
        #expect(TableUpdate.insertSections([1, 4]).description == "insertSections 1, 4")
    }
}
