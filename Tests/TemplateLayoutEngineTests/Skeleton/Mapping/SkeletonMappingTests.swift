import Foundation
import ReferenceTableModel
import Testing
@testable import TemplateLayoutEngine

@Suite struct SkeletonMappingTests {
    @Test func aTypicalCellMapsToItsLeavesAndSkipsTheRest() {
        let recorder = LogRecorder()
        let root = Node.root(width: 320, height: 100, [
            SkeletonViewNode(frame: CGRect(x: 0, y: 0, width: 320, height: 100), hasFill: true, role: .systemBackground),
            Node.image(16, 12, 40, 40, cornerRadius: 20),
            Node.label(68, 12, 236, 20, lines: 1, lineHeight: 20),
            Node.label(68, 36, 236, 60, lines: 3, lineHeight: 20),
            SkeletonViewNode(frame: CGRect(x: 16, y: 99.5, width: 304, height: 0.5), hasFill: true, role: .separator),
            Node.image(0, 0, 50, 50).with { $0.isHidden = true },
            Node.label(0, 0, 100, 20).with { $0.alpha = 0 },
            Node.button(0, 0, 80, 30).with { $0.isExcluded = true },
            Node.view(16, 60, 40, 1, fill: true),          // a hairline: tiny
            Node.view(0, 0, 10, 10),                       // a spacer: glue
            Node.view(300, 12, 8, 8, fill: true).with { $0.cornerRadius = 4 },
            Node.view(200, 64, 120, 36, [
                Node.button(250, 70, 60, 24, children: [Node.label(255, 72, 50, 20)]),
            ]),
        ])
        let layout = SkeletonLayout.mapping(root, log: recorder.log(tracing: true))
        #expect(layout.size == CGSize(width: 320, height: 100))
        #expect(layout.parts == [
            part(16, 12, 40, 40, radius: 20),
            part(68, 14.5, 236, 15, radius: 7.5, .textLine),
            part(68, 38.5, 236, 15, radius: 7.5, .textLine),
            part(68, 58.5, 236, 15, radius: 7.5, .textLine),
            part(68, 78.5, 118, 15, radius: 7.5, .textLine),
            part(300, 12, 8, 8, radius: 4),
            part(250, 70, 60, 24),
        ])
        #expect(recorder.problems.isEmpty)
        #expect(recorder.lines.contains {
            $0.contains("skeleton mapped 15 views into 7 parts (skipped: 1 hidden, 1 transparent, 1 excluded, 2 system, 1 empty containers, 1 tiny)")
        })
    }

    @Test func textWithoutALineHeightUsesTABAnimatedsBars() {
        // Five 12-point bars with 8-point gaps fill 92 of 100 points, centred.
        let root = Node.root([Node.label(0, 0, 200, 100, lines: 0)])
        let layout = SkeletonLayout.mapping(root)
        #expect(layout.parts.map(\.frame.minY) == [4, 24, 44, 64, 84])
        #expect(layout.parts.allSatisfy { $0.frame.height == 12 && $0.cornerRadius == 6 && $0.kind == .textLine })
        #expect(layout.parts.map(\.frame.width) == [200, 200, 200, 200, 100])
    }

    @Test func unsizedTextGetsThreeLinesFromTheTop() {
        // numberOfLines 0 in a frame of one line: TABAnimated's three lines, clipped to the cell.
        let root = Node.root(width: 320, height: 44, [Node.label(10, 10, 200, 20, lines: 0)])
        let layout = SkeletonLayout.mapping(root)
        #expect(layout.parts == [
            part(10, 10, 200, 12, radius: 6, .textLine),
            part(10, 30, 200, 12, radius: 6, .textLine),
            // The third bar would start at 50, past the 44-point cell: gone.
        ])
        var rules = SkeletonMappingRules()
        rules.text.linesWhenUnsized = 1
        // One line is centred in the label's frame, as UILabel centres its text.
        #expect(SkeletonLayout.mapping(root, rules: rules).parts == [part(10, 14, 200, 12, radius: 6, .textLine)])
    }

    @Test func aLineCountIsAMaximumTheFrameLimits() {
        // numberOfLines 5, but the label's frame holds two 20-point lines.
        let layout = SkeletonLayout.mapping(Node.root([Node.label(0, 0, 100, 40, lines: 5, lineHeight: 20)]))
        #expect(layout.parts.count == 2)
        #expect(layout.parts.map(\.frame.width) == [100, 50])
    }

    @Test func aShortSingleLineKeepsInsideItsFrame() {
        let layout = SkeletonLayout.mapping(Node.root([Node.label(0, 0, 100, 8, lines: 1)]))
        #expect(layout.parts == [part(0, 0, 100, 8, radius: 4, .textLine)])
    }

    @Test func textBarsKeepTheViewsRadiusAndBlocksKeepTheirsClamped() {
        let layout = SkeletonLayout.mapping(Node.root([
            Node.label(0, 0, 100, 20, lines: 1, lineHeight: 20, cornerRadius: 3),
            Node.image(0, 30, 60, 20, cornerRadius: 50),
            Node.image(0, 60, 60, 20, cornerRadius: -4),
            Node.image(100, 60, 60, 20, cornerRadius: .nan),
        ]))
        #expect(layout.parts.map(\.cornerRadius) == [3, 10, 0, 0])
    }

    @Test func rightToLeftTextKeepsItsShortLineOnTheRight() {
        let root = Node.root([Node.label(10, 0, 200, 40, lines: 2, lineHeight: 20)])
        let leftToRight = SkeletonLayout.mapping(root)
        let rightToLeft = SkeletonLayout.mapping(root, laidOutIn: .rightToLeft)
        #expect(leftToRight.parts.map(\.frame.minX) == [10, 10])
        #expect(rightToLeft.parts.map(\.frame.minX) == [10, 110])
        #expect(rightToLeft.parts.map(\.frame.width) == [200, 100])
    }

    @Test func showingInTheOtherDirectionMirrors() {
        let root = Node.root(width: 320, height: 60, [Node.image(16, 10, 40, 40), Node.label(68, 10, 200, 40, lines: 2, lineHeight: 20)])
        let laidOut = SkeletonLayout.mapping(root)
        let shown = SkeletonLayout.mapping(root, laidOutIn: .leftToRight, shownIn: .rightToLeft)
        #expect(shown == laidOut.mirrored())
        // x' = width - maxX: the avatar moves to the right edge, the short line with the text.
        #expect(shown.parts[0].frame.minX == CGFloat(320 - 56))
        #expect(shown.parts[2].frame.minX == CGFloat(320 - 168))
        #expect(shown.parts[2].frame.width == 100)
        #expect(SkeletonLayout.mapping(root, laidOutIn: .rightToLeft, shownIn: .rightToLeft) == SkeletonLayout.mapping(root, laidOutIn: .rightToLeft))
    }

    @Test func partsAreClippedToTheRoot() {
        let layout = SkeletonLayout.mapping(Node.root(width: 320, height: 100, [
            Node.image(300, 80, 40, 40),     // overhangs right and bottom
            Node.image(-10, -10, 20, 20),    // overhangs left and top
            Node.image(400, 0, 20, 20),      // wholly outside
            Node.image(318, 0, 20, 20),      // 2 points inside: tiny
        ]))
        #expect(layout.parts == [part(300, 80, 20, 20), part(0, 0, 10, 10)])
    }

    @Test func aRootOffTheOriginGivesPartsRelativeToIt() {
        let root = SkeletonViewNode(frame: CGRect(x: 100, y: 50, width: 200, height: 80), children: [Node.image(110, 60, 40, 40)])
        let layout = SkeletonLayout.mapping(root)
        #expect(layout.size == CGSize(width: 200, height: 80))
        #expect(layout.parts == [part(10, 10, 40, 40)])
    }

    @Test func theRootsOwnFlagsAreIgnored() {
        // The UIKit layer may hide the real content while the skeleton shows.
        let root = Node.root([Node.image(0, 0, 40, 40)]).with {
            $0.isHidden = true
            $0.alpha = 0
            $0.isExcluded = true
        }
        #expect(SkeletonLayout.mapping(root).parts.count == 1)
    }

    @Test func aContainerWhoseSubviewsAreAllHiddenIsALeaf() {
        let filled = Node.view(0, 0, 100, 50, fill: true, [Node.image(0, 0, 40, 40).with { $0.isHidden = true }])
        let bare = Node.view(0, 0, 100, 50, fill: false, [Node.image(0, 0, 40, 40).with { $0.isHidden = true }])
        #expect(SkeletonLayout.mapping(Node.root([filled])).parts == [part(0, 0, 100, 50)])
        #expect(SkeletonLayout.mapping(Node.root([bare])).parts.isEmpty)
    }

    @Test func skippedSubtreesStaySkipped() {
        let hiddenStack = Node.view(0, 0, 320, 100, [Node.image(0, 0, 40, 40), Node.label(50, 0, 100, 20)]).with { $0.isHidden = true }
        let background = SkeletonViewNode(frame: CGRect(x: 0, y: 0, width: 320, height: 100), role: .systemBackground,
                                          children: [Node.image(0, 0, 40, 40)])
        #expect(SkeletonLayout.mapping(Node.root([hiddenStack, background])).parts.isEmpty)
    }

    @Test func badFramesAreSkippedAndReportedOnce() {
        let recorder = LogRecorder()
        let root = Node.root([
            Node.image(0, 0, .nan, 20),
            Node.image(0, 0, -5, 20),
            Node.image(.infinity, 0, 20, 20),
            // A container with a bad frame: its subviews stand on their own frames.
            Node.view(.nan, .nan, .nan, .nan, [Node.image(10, 10, 30, 30)]),
        ])
        let layout = SkeletonLayout.mapping(root, log: recorder.log())
        #expect(layout.parts == [part(10, 10, 30, 30)])
        #expect(recorder.problems.count == 1)
        #expect(recorder.problems.first?.contains("skipped 3 view(s)") == true)
    }

    @Test(arguments: [
        CGRect(x: 0, y: 0, width: CGFloat.nan, height: 44),
        CGRect(x: 0, y: 0, width: 320, height: -1),
        CGRect(x: CGFloat.infinity, y: 0, width: 320, height: 44),
    ])
    func aBadRootMapsToNothing(frame: CGRect) {
        let recorder = LogRecorder()
        let root = SkeletonViewNode(frame: frame, children: [Node.image(0, 0, 40, 40)])
        #expect(SkeletonLayout.mapping(root, log: recorder.log()) == .empty)
        #expect(recorder.problems.count == 1)
    }

    @Test func anEmptyTreeMapsToAnEmptyLayoutOfItsSize() {
        let layout = SkeletonLayout.mapping(Node.root(width: 320, height: 0, []))
        #expect(layout == SkeletonLayout(size: CGSize(width: 320, height: 0), parts: []))
        #expect(layout.isValid)
    }

    @Test func aDeepTreeIsWalkedWithoutRecursion() {
        var node = Node.image(5, 5, 30, 30)
        for _ in 0..<2_000 { node = Node.view(0, 0, 320, 100, [node]) }
        #expect(node.nodeCount == 2_001)
        #expect(SkeletonLayout.mapping(Node.root([node])).parts == [part(5, 5, 30, 30)])
    }

    @Test func tracingIsNotPaidForWhenOff() {
        let recorder = LogRecorder()
        _ = SkeletonLayout.mapping(Node.root([Node.image(0, 0, 40, 40)]), log: recorder.log(tracing: false))
        #expect(recorder.lines.isEmpty)
    }
}

@Suite struct SkeletonMappingPropertyTests {
    /// Random trees of every kind, flag and bad value: the mapping never traps, its result
    /// keeps the invariants, mirroring twice gives it back, and it survives a JSON round trip.
    @Test(arguments: SkeletonSeeds.seeds(count: 200, salt: 1))
    func randomTreesMapToValidLayouts(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let size = CGSize(width: random.points(0...400), height: random.points(0...300))
        let tree = random.skeletonTree(size: size)
        let direction: SkeletonLayoutDirection = random.chance(0.5) ? .leftToRight : .rightToLeft
        let layout = SkeletonLayout.mapping(tree, laidOutIn: direction, log: DebugLog(reportsProblems: false))
        let replay = "replay with TEMPLATE_LAYOUT_SEED=\(ModelBasedSeeds.hex(seed))"
        #expect(layout.isValid, "\(replay)")
        #expect(layout.size == size, "\(replay)")
        #expect(approximatelyEqual(layout.mirrored().mirrored(), layout), "\(replay)")
        #expect(layout.mirrored().isValid, "\(replay)")
        #expect(SkeletonLayout.mapping(tree, laidOutIn: direction, log: DebugLog(reportsProblems: false)) == layout, "\(replay)")
        let decoded = try JSONDecoder().decode(SkeletonLayout.self, from: JSONEncoder().encode(layout))
        #expect(decoded == layout, "\(replay)")
        // Every part lies within some shown leaf's frame (bars may overflow an unsized
        // label downwards, so only the horizontal extent is checked for text).
        let leaves = Self.shownLeafFrames(tree)
        for piece in layout.parts {
            let within = leaves.contains { leaf in
                piece.frame.minX >= leaf.minX - 1e-9 && piece.frame.maxX <= leaf.maxX + 1e-9
                    && (piece.kind == .textLine || (piece.frame.minY >= leaf.minY - 1e-9 && piece.frame.maxY <= leaf.maxY + 1e-9))
            }
            #expect(within, "\(piece) is not inside any shown view; \(replay)")
        }
    }

    /// The frames of the views that may become parts: shown, under shown ancestors.
    static func shownLeafFrames(_ root: SkeletonViewNode) -> [CGRect] {
        let rules = SkeletonMappingRules()
        var frames: [CGRect] = []
        var pending = root.children
        while let node = pending.popLast() {
            guard !node.isHidden, node.alpha > rules.minimumAlpha, !node.isExcluded, node.role == .ordinary else { continue }
            frames.append(node.frame)
            if case .container = node.kind { pending.append(contentsOf: node.children) }
        }
        return frames
    }
}
