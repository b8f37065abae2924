#if canImport(UIKit)
import UIKit

/// How the preloading rules read a scroll view: along which axis, and from which end. A
/// table reads down; a collection view reads along its layout's scroll direction, and a
/// horizontal one whose items run right to left reads from the right end.
///
/// The engine's rules (``ScrollGeometry``, ``BatchFetchingPolicy``, ``ScrollDirection``)
/// speak of one axis with a start and an end; this turns UIKit's points into that axis.
struct ScrollAxisReading: Hashable, Sendable {
    enum Axis: Hashable {
        case vertical
        case horizontal
    }

    /// The scroll axis.
    var axis: Axis
    /// Whether the content starts at the axis's far end (right-to-left items).
    var isReversed = false

    /// Down the view: a table, a vertical collection view.
    static let vertical = ScrollAxisReading(axis: .vertical)

    /// The view's geometry along the axis, read from its start.
    @MainActor func geometry(of view: UIScrollView) -> ScrollGeometry {
        let forward = forwardGeometry(of: view)
        return isReversed ? forward.reversed : forward
    }

    /// Where `point` (a content offset) lies along the axis, counted from its start.
    @MainActor func offset(of point: CGPoint, in view: UIScrollView) -> CGFloat {
        let along = axis == .vertical ? point.y : point.x
        return isReversed ? forwardGeometry(of: view).reversedOffset(along) : along
    }

    /// The view's content offset along the axis.
    @MainActor func contentOffset(of view: UIScrollView) -> CGFloat {
        offset(of: view.contentOffset, in: view)
    }

    /// The speed of the content along the axis toward its end, from a pan's velocity (the
    /// finger's, in the view's coordinates): the content moves against the finger.
    func contentVelocity(ofPan velocity: CGPoint) -> CGFloat {
        let finger = axis == .vertical ? velocity.y : velocity.x
        // Read reversed, offsets grow as UIKit's shrink: the finger's direction.
        return isReversed ? finger : -finger
    }

    /// The dimension of an item that lies along the axis: its height on a vertical axis.
    var dimension: LayoutContext.FixedDimension { axis == .vertical ? .height : .width }

    @MainActor private func forwardGeometry(of view: UIScrollView) -> ScrollGeometry {
        // adjustedContentInset's left and right are physical sides, as contentOffset's x is.
        let inset = view.adjustedContentInset
        switch axis {
        case .vertical:
            return ScrollGeometry(contentLength: view.contentSize.height, boundsLength: view.bounds.height,
                                  insetTop: inset.top, insetBottom: inset.bottom)
        case .horizontal:
            return ScrollGeometry(contentLength: view.contentSize.width, boundsLength: view.bounds.width,
                                  insetTop: inset.left, insetBottom: inset.right)
        }
    }
}
#endif
