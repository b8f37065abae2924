import Foundation
import Testing
@testable import TemplateLayoutEngine

@Suite struct SkeletonAppearanceTests {
    @Test func theDefaultsAreDocumented() {
        let appearance = SkeletonAppearance()
        #expect(appearance.style == .pulse)
        #expect(appearance.pulseDuration == 1)
        #expect(appearance.shimmerDuration == 1.5)
        #expect(appearance.crossfadeDuration == 0.25)
        #expect(appearance.lightBase.description == "rgba(229, 229, 234, 1)")
        #expect(appearance.darkHighlight.description == "rgba(58, 58, 60, 1)")
    }

    @Test(arguments: SkeletonAppearance.Style.allCases)
    func reduceMotionMakesEveryStyleSolid(style: SkeletonAppearance.Style) {
        var appearance = SkeletonAppearance()
        appearance.style = style
        #expect(appearance.effectiveStyle(reduceMotion: true) == .solid)
        #expect(appearance.effectiveStyle(reduceMotion: false) == style)
    }

    @Test func coloursFollowTheAppearance() {
        let appearance = SkeletonAppearance()
        #expect(appearance.colors(dark: false) == (appearance.lightBase, appearance.lightHighlight))
        #expect(appearance.colors(dark: true) == (appearance.darkBase, appearance.darkHighlight))
        #expect(appearance.shimmerColors(dark: true) == [appearance.darkBase, appearance.darkHighlight, appearance.darkBase])
        // The highlight is brighter than the base in both appearances.
        #expect(appearance.lightHighlight.red > appearance.lightBase.red)
        #expect(appearance.darkHighlight.red > appearance.darkBase.red)
    }

    @Test func theShimmerTravelsInTheReadingDirection() {
        let leftToRight = SkeletonAppearance.shimmerPoints(for: .leftToRight)
        let rightToLeft = SkeletonAppearance.shimmerPoints(for: .rightToLeft)
        #expect(leftToRight.start == CGPoint(x: 0, y: 0.5) && leftToRight.end == CGPoint(x: 1, y: 0.5))
        #expect(rightToLeft.start == CGPoint(x: 1, y: 0.5) && rightToLeft.end == CGPoint(x: 0, y: 0.5))
        let locations = SkeletonAppearance.shimmerLocations
        // The band starts wholly before the start point and ends wholly past the end point.
        #expect(locations.from.allSatisfy { $0 <= 0 } && locations.to.allSatisfy { $0 >= 1 })
        #expect(locations.from.count == 3 && locations.to.count == 3)
    }

    @Test func badDurationsAreIgnored() {
        var appearance = SkeletonAppearance()
        appearance.pulseDuration = 0
        appearance.shimmerDuration = .nan
        appearance.crossfadeDuration = -1
        #expect(appearance == SkeletonAppearance())
        appearance.crossfadeDuration = 0
        #expect(appearance.crossfadeDuration == 0)
    }

    @Test func coloursClampTheirComponents() throws {
        let color = SkeletonColor(red: -1, green: 2, blue: .nan, alpha: 0.5)
        #expect(color == SkeletonColor(red: 0, green: 1, blue: 0, alpha: 0.5))
        #expect(SkeletonColor(red255: 300, green255: -4, blue255: 128).description == "rgba(255, 0, 128, 1)")
        let decoded = try JSONDecoder().decode(SkeletonColor.self, from: Data(#"{"red":3,"green":0.5,"blue":0,"alpha":1}"#.utf8))
        #expect(decoded == SkeletonColor(red: 1, green: 0.5, blue: 0))
        #expect(try JSONDecoder().decode(SkeletonColor.self, from: JSONEncoder().encode(color)) == color)
    }
}
