import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 14, items 8 and 13: colours for the style, level and contrast of the surface the
/// skeleton sits on (it paints no background of its own), frame rates that let ProMotion
/// slow down, and no layer or animation redone when nothing changed.
@Suite struct SkeletonRenderingTests {
    let appearance = SkeletonAppearance()
    let layout = SkeletonLayout(size: CGSize(width: 300, height: 44), parts: [
        SkeletonPart(frame: CGRect(x: 16, y: 12, width: 200, height: 20), cornerRadius: 4, kind: .textLine),
    ])

    @Test func plainTraitsGiveTheAppearancesOwnColours() {
        #expect(appearance.colors(for: SkeletonTraits()) == appearance.colors(dark: false))
        #expect(appearance.colors(for: SkeletonTraits(isDark: true)) == appearance.colors(dark: true))
        #expect(appearance.colors(for: SkeletonTraits(isElevated: true)) == appearance.colors(dark: false),
                "light elevated surfaces are as light as base ones")
    }

    @Test func anElevatedDarkSurfaceLiftsThePartsAboveItsLighterGrey() {
        let base = appearance.colors(for: SkeletonTraits(isDark: true)).base
        let elevated = appearance.colors(for: SkeletonTraits(isDark: true, isElevated: true)).base
        #expect(elevated.red > base.red && elevated.green > base.green && elevated.blue > base.blue)
        // Dark elevated grouped cells are systemGray5-dark (44, 44, 46), the default base:
        // lifted, the parts no longer vanish into them.
        #expect(Int((elevated.red * 255).rounded()) >= 54)
    }

    @Test func increaseContrastMovesThePartsAwayFromTheBackground() {
        let light = appearance.colors(for: SkeletonTraits())
        let lightHigh = appearance.colors(for: SkeletonTraits(isHighContrast: true))
        #expect(lightHigh.base.red < light.base.red, "darker on a light background")
        #expect(lightHigh.highlight.red < light.highlight.red)
        let dark = appearance.colors(for: SkeletonTraits(isDark: true))
        let darkHigh = appearance.colors(for: SkeletonTraits(isDark: true, isHighContrast: true))
        #expect(darkHigh.base.red > dark.base.red, "lighter on a dark background")
        #expect(appearance.shimmerColors(for: SkeletonTraits(isDark: true, isHighContrast: true))
                == [darkHigh.base, darkHigh.highlight, darkHigh.base])
    }

    @Test func mixingStaysInRange() {
        let grey = SkeletonColor(red: 0.5, green: 0.5, blue: 0.5)
        let white = SkeletonColor(red: 1, green: 1, blue: 1)
        #expect(grey.mixed(with: white, by: 0) == grey)
        #expect(grey.mixed(with: white, by: 1) == white)
        #expect(grey.mixed(with: white, by: 7) == white)
        #expect(grey.mixed(with: white, by: .nan) == grey)
        #expect(grey.mixed(with: white, by: 0.5).red == 0.75)
    }

    @Test(arguments: SkeletonAppearance.Style.allCases)
    func noStyleAsksForMoreThan30FramesASecond(style: SkeletonAppearance.Style) {
        let range = SkeletonAppearance.frameRateRange(for: style)
        #expect(range.maximum <= 30, "a ProMotion screen may drop to its low rates")
        #expect(range.minimum > 0 && range.minimum <= range.preferred && range.preferred <= range.maximum)
    }

    private func rendering(
        layout: SkeletonLayout? = nil, style: SkeletonAppearance.Style = .pulse, reduceMotion: Bool = false,
        traits: SkeletonTraits = SkeletonTraits()
    ) -> SkeletonRendering {
        var appearance = self.appearance
        appearance.style = style
        return SkeletonRendering(layout: layout ?? self.layout, appearance: appearance, reduceMotion: reduceMotion,
                                 traits: traits, direction: .leftToRight)
    }

    @Test func showingTheSameSkeletonAgainRedoesNothing() {
        #expect(SkeletonRendering.change(from: rendering(), to: rendering()) == .none)
        #expect(SkeletonRendering.change(from: nil, to: rendering()) == .rebuild)
    }

    @Test func aTraitChangeRestylesTheSameLayers() {
        #expect(SkeletonRendering.change(from: rendering(), to: rendering(traits: SkeletonTraits(isDark: true))) == .restyle)
        #expect(SkeletonRendering.change(from: rendering(style: .pulse), to: rendering(reduceMotion: true)) == .restyle,
                "a pulse and a solid style draw on the same plain layers")
    }

    @Test func newPartsOrAShimmerChangeMakeNewLayers() {
        var moved = layout
        moved.parts[0].frame.size.width = 180
        #expect(SkeletonRendering.change(from: rendering(), to: rendering(layout: moved)) == .rebuild)
        #expect(SkeletonRendering.change(from: rendering(style: .pulse), to: rendering(style: .shimmer)) == .rebuild)
        #expect(SkeletonRendering.change(from: rendering(style: .shimmer), to: rendering(style: .shimmer, reduceMotion: true)) == .rebuild)
    }
}
