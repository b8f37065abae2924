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
