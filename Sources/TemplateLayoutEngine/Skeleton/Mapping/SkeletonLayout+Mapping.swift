import Foundation
#if canImport(CoreGraphics)
// CGRect's members and conformances live in the CoreGraphics overlay on Apple platforms.
import CoreGraphics
#endif

extension SkeletonLayout {
    /// Maps a cell's view tree into skeleton parts, by TABAnimated's rules with the
    /// differences noted below.
    ///
    /// Which views become parts:
    /// - The root is the canvas, never a part: its frame gives the layout's size, and its
    ///   own `isHidden`, alpha, role and exclusion are ignored (the UIKit layer may well
    ///   hide the real content while the skeleton shows).
    /// - Skipped with all their subviews: hidden views, views at or below
    ///   ``SkeletonMappingRules/minimumAlpha``, excluded views, and UIKit's system
    ///   backgrounds, separators and scroll indicators.
    /// - Text, images and buttons are leaves: each becomes parts and its subviews are not
    ///   looked at (a button's title label belongs to the button, as in TABAnimated).
    /// - A container with a shown subview becomes nothing itself; its subviews are mapped.
    /// - A container with no shown subview becomes a block if it paints a fill of its own,
    ///   and nothing otherwise. TABAnimated turns every childless view into a block, which
    ///   draws spacers and empty stack views as grey boxes; here they are layout glue.
    /// - A view smaller than ``SkeletonMappingRules/minimumSide`` after clipping to the
    ///   root is skipped, and so is each part that ends up smaller than that.
    ///
    /// Shapes:
    /// - Text: one bar per line, sized by ``SkeletonTextRules``, centred vertically in the
    ///   text's frame as UILabel centres its lines, the last of two or more lines
    ///   shortened and kept against the leading edge. Corner radius: the view's, else half
    ///   the bar height.
    /// - Images, buttons and filled containers: one block of the view's frame and corner
    ///   radius.
    /// - Every part is clipped to the root's bounds, its radius kept to at most half its
    ///   shorter side, and expressed relative to the root's origin.
    ///
    /// Direction: frames are taken as laid out, and UIKit already mirrors leading and
    /// trailing constraints in a right-to-left cell, so `direction` (the cell's
    /// `effectiveUserInterfaceLayoutDirection`) only decides which edge a short last line
    /// keeps to. When the skeleton is shown in the other direction than the tree was laid
    /// out in (`displayDirection`), the result is mirrored, `x' = width - maxX`; see
    /// ``mirrored()``.
    ///
    /// Bad input never traps: a root frame that is not finite or has a negative size gives
    /// ``empty``; a view whose frame is not finite or has a negative size is skipped (a
    /// container's subviews are still looked at); one summary of what was skipped for bad
    /// frames goes to `log` as a problem. Trees of any depth are walked without recursion.
    ///
    /// - Parameters:
    ///   - root: The content view's description; frames in its coordinate space.
    ///   - rules: What to keep and how to shape text.
    ///   - direction: The layout direction the tree was laid out in.
    ///   - displayDirection: The direction the skeleton is shown in; `nil` for the same.
    ///   - log: Where the summary line (tracing) and reports of bad frames go.
    /// - Returns: A layout satisfying ``isValid``.
    /// - Complexity: O(*n*) in the nodes of the tree, plus O(*l*) for *l* text lines.
    package static func mapping(
        _ root: SkeletonViewNode, rules: SkeletonMappingRules = SkeletonMappingRules(),
        laidOutIn direction: SkeletonLayoutDirection = .leftToRight,
        shownIn displayDirection: SkeletonLayoutDirection? = nil, log: DebugLog = DebugLog()
    ) -> SkeletonLayout {
        guard SkeletonMapper.isUsable(root.frame) else {
            log.problem("skeleton mapping: the root frame \(root.frame) is not a finite, non-negative rectangle; mapping to an empty skeleton")
            return .empty
        }
        var mapper = SkeletonMapper(root: root, rules: rules, direction: direction)
        mapper.run(children: root.children)
        var layout = SkeletonLayout(size: root.frame.size, parts: mapper.parts)
        if let displayDirection, displayDirection != direction { layout = layout.mirrored() }
        layout.checkInvariants()
        mapper.report(to: log, root: root)
        return layout
    }
}

/// The walk behind ``SkeletonLayout/mapping(_:rules:laidOutIn:shownIn:log:)``: an explicit
/// stack instead of recursion, so no tree is deep enough to overflow the thread's stack.
struct SkeletonMapper {
    let rules: SkeletonMappingRules
    let direction: SkeletonLayoutDirection
    /// The root's bounds in layout space: origin zero.
    let bounds: CGRect
    /// Subtracted from every frame, so parts are relative to the root's origin.
    let origin: CGPoint
    private(set) var parts: [SkeletonPart] = []
    private(set) var skipped = SkipCounts()

    /// Why views were left out, for the summary line.
    struct SkipCounts {
        var hidden = 0, transparent = 0, excluded = 0, system = 0, glue = 0, tiny = 0, badFrames = 0
    }

    init(root: SkeletonViewNode, rules: SkeletonMappingRules, direction: SkeletonLayoutDirection) {
        self.rules = rules
        self.direction = direction
        self.bounds = CGRect(origin: .zero, size: root.frame.size)
        self.origin = root.frame.origin
    }

    /// Whether a frame can be mapped: finite, with a size that is not negative.
    static func isUsable(_ frame: CGRect) -> Bool {
        frame.origin.x.isFinite && frame.origin.y.isFinite && frame.size.width.isFinite
            && frame.size.height.isFinite && frame.size.width >= 0 && frame.size.height >= 0
    }

    /// Whether a view is drawn at all, before its kind or frame are considered.
    func isShown(_ node: SkeletonViewNode) -> Bool {
        !node.isHidden && node.alpha > rules.minimumAlpha && !node.isExcluded && node.role == .ordinary
    }

    /// Maps `children` and everything under them, in back-to-front order.
    mutating func run(children: [SkeletonViewNode]) {
        var pending = Array(children.reversed())
        while let node = pending.popLast() {
            guard isShown(node) else {
                countSkip(node)
                continue
            }
            if case .container = node.kind, node.children.contains(where: isShown) {
                // Pushed reversed so the first subview is mapped first, as drawn.
                pending.append(contentsOf: node.children.reversed())
                continue
            }
            guard Self.isUsable(node.frame) else {
                skipped.badFrames += 1
                continue
            }
            let frame = node.frame.offsetBy(dx: -origin.x, dy: -origin.y)
            let visible = frame.intersection(bounds)
            guard !visible.isNull, visible.width >= rules.minimumSide, visible.height >= rules.minimumSide,
                  visible.width > 0, visible.height > 0 else {
                skipped.tiny += 1
                continue
            }
            switch node.kind {
            case .text(let lineCount, let lineHeight):
                addLines(in: frame, lineCount: lineCount, lineHeight: lineHeight, cornerRadius: node.cornerRadius)
            case .image, .button:
                add(frame: visible, cornerRadius: Self.radius(node.cornerRadius), kind: .block)
            case .container:
                if node.hasFill {
                    add(frame: visible, cornerRadius: Self.radius(node.cornerRadius), kind: .block)
                } else {
                    skipped.glue += 1
                }
            }
        }
    }

    private mutating func countSkip(_ node: SkeletonViewNode) {
        if node.role != .ordinary { skipped.system += 1 }
        else if node.isExcluded { skipped.excluded += 1 }
        else if node.isHidden { skipped.hidden += 1 }
        else { skipped.transparent += 1 }
    }

    /// A view's corner radius, or 0 when it is negative or not finite.
    static func radius(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? value : 0
    }

    /// One bar per line of text laid out in `frame` (layout space, not yet clipped).
    private mutating func addLines(in frame: CGRect, lineCount: Int, lineHeight: CGFloat, cornerRadius: CGFloat) {
        let text = rules.text
        let (barHeight, spacing) = text.metrics(lineHeight: lineHeight)
        let count = text.lineCount(requested: lineCount, lineHeight: lineHeight, height: frame.height)
        let bar = count == 1 ? min(barHeight, frame.height) : barHeight
        let block = CGFloat(count) * bar + CGFloat(count - 1) * spacing
        // Centred like UILabel's text when the bars fit; from the top when they do not
        // (the "unsized" case), so they overflow downwards as TABAnimated's do.
        let top = frame.minY + max(0, (frame.height - block) / 2)
        let radius = Self.radius(cornerRadius) > 0 ? Self.radius(cornerRadius) : bar / 2
        for line in 0..<count {
            var width = frame.width
            var x = frame.minX
            if count > 1 && line == count - 1 {
                width = frame.width * text.lastLineWidthFraction
                if direction == .rightToLeft { x = frame.maxX - width }
            }
            let barFrame = CGRect(x: x, y: top + CGFloat(line) * (bar + spacing), width: width, height: bar)
            let visible = barFrame.intersection(bounds)
            guard !visible.isNull, visible.width >= rules.minimumSide, visible.height >= rules.minimumSide,
                  visible.width > 0, visible.height > 0 else {
                skipped.tiny += 1
                continue
            }
            add(frame: visible, cornerRadius: radius, kind: .textLine)
        }
    }

    private mutating func add(frame: CGRect, cornerRadius: CGFloat, kind: SkeletonPart.Kind) {
        let radius = min(cornerRadius, min(frame.width, frame.height) / 2)
        parts.append(SkeletonPart(frame: frame, cornerRadius: radius, kind: kind))
    }

    /// One trace line of what was mapped and skipped; one problem line if frames were bad.
    func report(to log: DebugLog, root: SkeletonViewNode) {
        let skip = skipped
        if skip.badFrames > 0 {
            log.problem("skeleton mapping: skipped \(skip.badFrames) view(s) whose frame is not finite or has a negative size")
        }
        log.trace("skeleton mapped \(root.nodeCount) views into \(parts.count) parts (skipped: \(skip.hidden) hidden, \(skip.transparent) transparent, \(skip.excluded) excluded, \(skip.system) system, \(skip.glue) empty containers, \(skip.tiny) tiny)")
    }
}
