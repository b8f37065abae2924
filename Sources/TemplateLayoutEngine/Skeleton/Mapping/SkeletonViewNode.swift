import Foundation
#if canImport(CoreGraphics)
// CGRect's members and conformances live in the CoreGraphics overlay on Apple platforms.
import CoreGraphics
#endif

/// One view of a cell, described without UIKit: what the skeleton mapping needs to know
/// about it, and its subviews.
///
/// The UIKit layer builds a tree of these from a laid-out template cell (configured with
/// the placeholder configuration) and hands the root to
/// ``SkeletonLayout/mapping(_:rules:laidOutIn:shownIn:log:)``. The root is the cell's
/// content view: every ``frame`` in the tree, the root's included, is in the **root's
/// coordinate space** (what `contentView.convert(view.bounds, from: view)` gives), not in
/// each view's superview. Flattening the coordinates once on the UIKit side keeps the
/// mapping free of transforms and lets a cached tree be checked by eye.
///
/// Bad input is accepted here and dealt with by the mapping: a frame with a NaN, infinite
/// or negative size skips that view (its subviews are still looked at, since their frames
/// stand on their own), a negative or NaN alpha counts as transparent, a negative or NaN
/// corner radius as none, and a negative line count as "as many as fit".
///
/// A value type, `Hashable` so that two descriptions of the same cell compare equal (a
/// cheap way for the UIKit layer to notice that a cell's structure has not changed), and
/// `Codable` so a tree can be written into a test fixture or a bug report.
package struct SkeletonViewNode: Hashable, Sendable, Codable {
    /// What a view shows, which decides the skeleton part it becomes.
    package enum Kind: Hashable, Sendable, Codable {
        /// Text (`UILabel`, a text view): one bar per line.
        ///
        /// - `lineCount`: the label's `numberOfLines`: the most lines it shows, 0 for "as
        ///   many as fit", as UIKit spells it. Negative values are read as 0.
        /// - `lineHeight`: the distance from one line's top to the next one's in points:
        ///   `font.lineHeight` plus any paragraph `lineSpacing`. 0 (or anything not positive
        ///   and finite) when unknown; the mapping rules then use their fallback metrics.
        case text(lineCount: Int, lineHeight: CGFloat)
        /// An image (`UIImageView`): one block.
        case image
        /// A button or another control drawn as a unit: one block; its subviews (title
        /// label, image view) are part of it and are not mapped.
        case button
        /// Any other view: a skeleton for its subviews, or one block if it has no visible
        /// subview but paints a background of its own (``SkeletonViewNode/hasFill``).
        case container
    }

    /// Why a view is in the tree, beyond what it shows.
    package enum Role: String, Hashable, Sendable, Codable {
        /// One of the app's views.
        case ordinary
        /// UIKit's own background or selected-background view of a cell.
        case systemBackground
        /// A table's separator line.
        case separator
        /// A scroll view's scroll indicator.
        case scrollIndicator
    }

    /// The view's frame in the root's coordinate space (the content view's bounds space).
    /// For the root itself this is its bounds: normally origin zero and the cell's size.
    package var frame: CGRect
    /// What the view shows.
    package var kind: Kind
    /// `UIView.isHidden`. A hidden view and all its subviews are skipped.
    package var isHidden: Bool
    /// `UIView.alpha`, from 0 to 1. A view at or below
    /// ``SkeletonMappingRules/minimumAlpha`` is skipped with its subviews.
    package var alpha: CGFloat
    /// `layer.cornerRadius`; 0 for square corners.
    package var cornerRadius: CGFloat
    /// Whether the view paints something of its own (an opaque enough background colour,
    /// a border): decides whether a ``Kind/container`` without visible subviews becomes a
    /// block or is skipped as layout glue (a spacer, an empty stack view).
    package var hasFill: Bool
    /// UIKit's role for the view; anything but ``Role/ordinary`` is skipped with its
    /// subviews.
    package var role: Role
    /// The app's opt-out: set on a view that must not appear in the skeleton (a badge that
    /// only shows with real data, a live video view). The view and its subviews are skipped.
    package var isExcluded: Bool
    /// The subviews, back to front (UIKit's `subviews` order), so parts are drawn in the
    /// same order as the views they stand for.
    package var children: [SkeletonViewNode]

    /// Hashes every field; written out because `CGRect` is not `Hashable` on Apple platforms.
    ///
    /// - Complexity: O(*n*) in the nodes of the tree.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(rect: frame)
        hasher.combine(kind)
        hasher.combine(isHidden)
        hasher.combine(alpha)
        hasher.combine(cornerRadius)
        hasher.combine(hasFill)
        hasher.combine(role)
        hasher.combine(isExcluded)
        hasher.combine(children)
    }

    /// Describes one view.
    ///
    /// - Parameters:
    ///   - frame: The frame in the root's coordinate space.
    ///   - kind: What the view shows.
    ///   - isHidden: `UIView.isHidden`.
    ///   - alpha: `UIView.alpha`.
    ///   - cornerRadius: `layer.cornerRadius`.
    ///   - hasFill: Whether the view paints a background of its own.
    ///   - role: UIKit's role; ``Role/ordinary`` for the app's views.
    ///   - isExcluded: The app's opt-out flag.
    ///   - children: The subviews, back to front.
    package init(
        frame: CGRect, kind: Kind = .container, isHidden: Bool = false, alpha: CGFloat = 1,
        cornerRadius: CGFloat = 0, hasFill: Bool = false, role: Role = .ordinary,
        isExcluded: Bool = false, children: [SkeletonViewNode] = []
    ) {
        self.frame = frame
        self.kind = kind
        self.isHidden = isHidden
        self.alpha = alpha
        self.cornerRadius = cornerRadius
        self.hasFill = hasFill
        self.role = role
        self.isExcluded = isExcluded
        self.children = children
    }

    /// How many nodes the tree holds, this one included.
    ///
    /// Bad input: none; trees of any depth are walked without recursion.
    ///
    /// - Complexity: O(*n*) in the nodes of the tree.
    package var nodeCount: Int {
        var count = 0
        var pending: [SkeletonViewNode] = [self]
        while let node = pending.popLast() {
            count += 1
            pending.append(contentsOf: node.children)
        }
        return count
    }
}
