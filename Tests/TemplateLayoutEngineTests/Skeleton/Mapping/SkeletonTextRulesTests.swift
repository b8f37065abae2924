import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct SkeletonTextRulesTests {
    @Test func aKnownLineHeightSetsThePitch() {
        let rules = SkeletonTextRules()
        #expect(rules.metrics(lineHeight: 20) == (15, 5))
        #expect(rules.metrics(lineHeight: 0) == (12, 8))
        #expect(rules.metrics(lineHeight: .nan) == (12, 8))
        #expect(rules.metrics(lineHeight: -4) == (12, 8))
    }

    @Test func lineCountsFollowTheFrame() {
        let rules = SkeletonTextRules()
        // A three-line 17-point label, laid out on a 3x pixel grid: 61 points for 3 x 20.33.
        #expect(rules.lineCount(requested: 3, lineHeight: 61.0 / 3, height: 61) == 3)
        // Three 15-point bars and two gaps need 55 points, not 60.
        #expect(rules.lineCount(requested: 3, lineHeight: 20, height: 55) == 3)
        #expect(rules.lineCount(requested: 3, lineHeight: 20, height: 54) == 2)
        #expect(rules.lineCount(requested: 1, lineHeight: 20, height: 0) == 1)
        #expect(rules.lineCount(requested: 0, lineHeight: 0, height: 100) == 5)
        #expect(rules.lineCount(requested: 0, lineHeight: 0, height: 39) == 3)
        #expect(rules.lineCount(requested: 0, lineHeight: 0, height: 40) == 2)
        #expect(rules.lineCount(requested: -2, lineHeight: 0, height: .nan) == 3)
        #expect(rules.lineCount(requested: 2, lineHeight: 0, height: .infinity) == 1)
        #expect(rules.lineCount(requested: 0, lineHeight: 0, height: .greatestFiniteMagnitude) == 10_000)
    }

    @Test func badRuleValuesAreIgnored() {
        var rules = SkeletonTextRules()
        rules.barHeightRatio = 0
        rules.barHeightRatio = 1.5
        rules.fallbackBarHeight = .nan
        rules.fallbackLineSpacing = -1
        rules.lastLineWidthFraction = .infinity
        rules.linesWhenUnsized = 0
        #expect(rules == SkeletonTextRules())
        var mapping = SkeletonMappingRules()
        mapping.minimumSide = -1
        mapping.minimumAlpha = .nan
        #expect(mapping == SkeletonMappingRules())
        rules.lastLineWidthFraction = 0.7
        #expect(rules.lastLineWidthFraction == 0.7)
    }

    @Test func skeletonViewsSetIsOneSettingAway() {
        // SkeletonView's 15-point bars, 10-point gaps and 70 % last line, for apps that want them.
        var rules = SkeletonMappingRules()
        rules.text.fallbackBarHeight = 15
        rules.text.fallbackLineSpacing = 10
        rules.text.lastLineWidthFraction = 0.7
        let layout = SkeletonLayout.mapping(Node.root([Node.label(0, 0, 100, 40, lines: 2)]), rules: rules)
        #expect(layout.parts == [part(0, 0, 100, 15, radius: 7.5, .textLine), part(0, 25, 70, 15, radius: 7.5, .textLine)])
    }
}
