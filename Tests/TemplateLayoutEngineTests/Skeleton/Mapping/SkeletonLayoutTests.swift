import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct SkeletonLayoutTests {
    let layout = SkeletonLayout(size: CGSize(width: 320, height: 80), parts: [
        part(16, 12, 40, 40, radius: 20),
        part(68, 14.5, 236, 15, radius: 7.5, .textLine),
        part(68, 38.25, 118.125, 15, radius: 7.5, .textLine),
    ])

    @Test func aLayoutSurvivesJSONExactly() throws {
        let data = try JSONEncoder().encode(layout)
        #expect(try JSONDecoder().decode(SkeletonLayout.self, from: data) == layout)
        // The compact spelling the cache writes: six short fields per part.
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"k\":\"textLine\""))
        #expect(!text.contains("origin"))
    }

    @Test func aDecodedLayoutIsNotTrustedUntilChecked() throws {
        let outside = #"{"width":100,"height":50,"parts":[{"x":90,"y":0,"w":20,"h":10,"r":0,"k":"block"}]}"#
        let decoded = try JSONDecoder().decode(SkeletonLayout.self, from: Data(outside.utf8))
        #expect(!decoded.isValid)
        let missingField = #"{"width":100,"height":50,"parts":[{"x":0,"y":0,"w":20,"h":10,"k":"block"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SkeletonLayout.self, from: Data(missingField.utf8)) }
    }

    @Test func mirroringMovesEachPartToWidthMinusMaxX() {
        let mirrored = layout.mirrored()
        #expect(mirrored.parts.map(\.frame.minX) == [264, 16, 133.875])
        #expect(mirrored.parts.map(\.frame.width) == layout.parts.map(\.frame.width))
        #expect(mirrored.mirrored() == layout)
    }

    @Test(arguments: [
        SkeletonLayout(size: CGSize(width: -1, height: 10), parts: []),
        SkeletonLayout(size: CGSize(width: CGFloat.nan, height: 10), parts: []),
        SkeletonLayout(size: CGSize(width: 100, height: 10), parts: [part(0, 0, 0, 5)]),
        SkeletonLayout(size: CGSize(width: 100, height: 10), parts: [part(0, 0, 10, 5, radius: 3)]),
        SkeletonLayout(size: CGSize(width: 100, height: 10), parts: [part(0, 0, 10, 5, radius: -1)]),
        SkeletonLayout(size: CGSize(width: 100, height: 10), parts: [part(0, 8, 10, 5)]),
        SkeletonLayout(size: CGSize(width: 100, height: 10), parts: [part(CGFloat.nan, 0, 10, 5)]),
    ])
    func invalidLayoutsAreRecognised(layout: SkeletonLayout) {
        #expect(!layout.isValid)
    }

    @Test func validLayoutsAreRecognised() {
        #expect(layout.isValid)
        #expect(SkeletonLayout.empty.isValid)
    }

    @Test func aViewTreeSurvivesJSONAndCountsItsNodes() throws {
        let tree = Node.root([Node.label(0, 0, 100, 20, lines: 2, lineHeight: 18.5), Node.view(0, 0, 10, 10, [Node.image(0, 0, 5, 5)])])
        #expect(tree.nodeCount == 4)
        #expect(try JSONDecoder().decode(SkeletonViewNode.self, from: JSONEncoder().encode(tree)) == tree)
    }
}

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
