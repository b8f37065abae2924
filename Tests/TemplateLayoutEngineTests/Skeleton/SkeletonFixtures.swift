import Foundation
import ReferenceTableModel
@testable import TemplateLayoutEngine

/// Builders for view trees, so a test states a cell at a glance.
enum Node {
    static func root(width: CGFloat = 320, height: CGFloat = 100, _ children: [SkeletonViewNode]) -> SkeletonViewNode {
        SkeletonViewNode(frame: CGRect(x: 0, y: 0, width: width, height: height), children: children)
    }

    static func label(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat, lines: Int = 1,
                      lineHeight: CGFloat = 0, cornerRadius: CGFloat = 0) -> SkeletonViewNode {
        SkeletonViewNode(frame: CGRect(x: x, y: y, width: width, height: height),
                         kind: .text(lineCount: lines, lineHeight: lineHeight), cornerRadius: cornerRadius)
    }

    static func image(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat, cornerRadius: CGFloat = 0) -> SkeletonViewNode {
        SkeletonViewNode(frame: CGRect(x: x, y: y, width: width, height: height), kind: .image, cornerRadius: cornerRadius)
    }

    static func button(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat,
                       children: [SkeletonViewNode] = []) -> SkeletonViewNode {
        SkeletonViewNode(frame: CGRect(x: x, y: y, width: width, height: height), kind: .button, children: children)
    }

    static func view(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat, fill: Bool = false,
                     _ children: [SkeletonViewNode] = []) -> SkeletonViewNode {
        SkeletonViewNode(frame: CGRect(x: x, y: y, width: width, height: height), hasFill: fill, children: children)
    }
}

extension SkeletonViewNode {
    /// A copy with one property changed, for "the same view, but hidden".
    func with(_ change: (inout SkeletonViewNode) -> Void) -> SkeletonViewNode {
        var copy = self
        change(&copy)
        return copy
    }
}

/// A part, briefly.
func part(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat, radius: CGFloat = 0,
          _ kind: SkeletonPart.Kind = .block) -> SkeletonPart {
    SkeletonPart(frame: CGRect(x: x, y: y, width: width, height: height), cornerRadius: radius, kind: kind)
}

/// Whether two layouts agree to within a rounding error (mirroring twice is not bit-exact).
func approximatelyEqual(_ lhs: SkeletonLayout, _ rhs: SkeletonLayout, tolerance: CGFloat = 1e-9) -> Bool {
    func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) <= tolerance * max(1, abs(a), abs(b)) }
    guard lhs.size == rhs.size, lhs.parts.count == rhs.parts.count else { return false }
    return zip(lhs.parts, rhs.parts).allSatisfy { a, b in
        a.kind == b.kind && close(a.cornerRadius, b.cornerRadius)
            && close(a.frame.minX, b.frame.minX) && close(a.frame.minY, b.frame.minY)
            && close(a.frame.width, b.frame.width) && close(a.frame.height, b.frame.height)
    }
}

/// The seeds of the randomised skeleton tests: fixed, so every run checks the same trees,
/// unless `TEMPLATE_LAYOUT_SEED` names one to replay (see `ModelBasedSeeds`).
enum SkeletonSeeds {
    static func seeds(count: Int, salt: UInt64) -> [UInt64] {
        if let override = ModelBasedSeeds.override { return [override] }
        return (0..<UInt64(count)).map { SeededRandom.mix((0x5CE1_E70B_0000_0000 ^ salt) &+ $0) }
    }
}

extension SeededRandom {
    /// A value in `range` in steps of a quarter point, like laid-out frames.
    mutating func points(_ range: ClosedRange<Int>) -> CGFloat {
        CGFloat(int(in: (range.lowerBound * 4)...(range.upperBound * 4))) / 4
    }

    /// A random view tree under a root of `size`, with every kind, role and flag, some
    /// views partly or wholly outside the root, and now and then a bad frame.
    mutating func skeletonTree(size: CGSize, depth: Int = 4) -> SkeletonViewNode {
        var root = SkeletonViewNode(frame: CGRect(origin: .zero, size: size))
        root.children = (0..<int(in: 0...6)).map { _ in skeletonNode(in: size, depth: depth) }
        return root
    }

    private mutating func skeletonNode(in size: CGSize, depth: Int) -> SkeletonViewNode {
        let width = Int(size.width), height = Int(size.height)
        var frame = CGRect(x: points(-20...width), y: points(-20...height), width: points(0...width), height: points(0...80))
        if chance(0.03) { frame.size.width = [CGFloat.nan, -5, .infinity][int(in: 0..<3)] }
        let kinds: [SkeletonViewNode.Kind] = [
            .text(lineCount: int(in: -1...4), lineHeight: [0, 14.5, 20.25, -3, .nan][int(in: 0..<5)]),
            .image, .button, .container, .container,
        ]
        var node = SkeletonViewNode(frame: frame, kind: kinds[int(in: 0..<kinds.count)])
        node.isHidden = chance(0.1)
        node.alpha = chance(0.1) ? [0, 0.005, .nan, -1][int(in: 0..<4)] : 1
        node.cornerRadius = chance(0.3) ? [4, 100, -2, .nan][int(in: 0..<4)] : 0
        node.hasFill = chance(0.5)
        node.role = chance(0.1) ? [.systemBackground, .separator, .scrollIndicator][int(in: 0..<3)] : .ordinary
        node.isExcluded = chance(0.05)
        if depth > 0 {
            node.children = (0..<int(in: 0...4)).map { _ in skeletonNode(in: size, depth: depth - 1) }
        }
        return node
    }
}
