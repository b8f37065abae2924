import Foundation

/// A scroll view's geometry along its scroll axis as UIKit reports it, and what the preloading
/// rules need from it: the length content shows in, where content shows from, where
/// scrolling can stop.
///
/// Vertical or horizontal: offsets and lengths along the scroll axis. A table, or a
/// vertical collection view, passes heights and the top and bottom insets; a horizontal
/// collection view (a chip row, a carousel) passes widths, the left inset as ``insetTop``
/// and the right as ``insetBottom``. A right-to-left horizontal layout that flips (its
/// content starts at the right) passes them the other way round and its offsets through
/// ``mirroredOffset(_:)``.
///
/// UIKit's content offset counts from the start of the content minus the start inset (bars,
/// refresh control), so a table at rest at its top has offset `-insetTop`; the rules work in
/// content coordinates, which this converts to.
///
/// Bad input: negative, NaN or infinite lengths and insets count as 0.
package struct ScrollGeometry: Hashable, Sendable {
    /// `contentSize.height` (`.width` scrolling horizontally).
    package var contentLength: CGFloat
    /// `bounds.height` (`.width` scrolling horizontally).
    package var boundsLength: CGFloat
    /// `adjustedContentInset.top`: the inset where the content starts (`.left` scrolling
    /// horizontally, `.right` in a flipped right-to-left layout).
    package var insetTop: CGFloat
    /// `adjustedContentInset.bottom`: the inset where the content ends (`.right` scrolling
    /// horizontally, `.left` in a flipped right-to-left layout).
    package var insetBottom: CGFloat

    /// Creates a geometry from what the scroll view reports.
    package init(contentLength: CGFloat, boundsLength: CGFloat, insetTop: CGFloat = 0, insetBottom: CGFloat = 0) {
        self.contentLength = Self.length(contentLength)
        self.boundsLength = Self.length(boundsLength)
        self.insetTop = Self.length(insetTop)
        self.insetBottom = Self.length(insetBottom)
    }

    /// The height content shows in: the bounds less both insets.
    package var visibleLength: CGFloat { max(0, boundsLength - insetTop - insetBottom) }

    /// The offsets UIKit lets scrolling rest at: from `-insetTop` to where the content's end
    /// meets the bottom inset (the top one when the content is shorter).
    package var offsetRange: ClosedRange<CGFloat> {
        let minimum = -insetTop
        return minimum...max(minimum, contentLength + insetBottom - boundsLength)
    }

    /// The content position that shows at the top of the visible area at `offset`.
    package func contentPosition(atOffset offset: CGFloat) -> CGFloat {
        offset + insetTop
    }

    /// UIKit's `contentOffset.x` in a horizontal layout that flips for right-to-left
    /// (`flipsHorizontallyInOppositeLayoutDirection`: the first item at the right, the offset
    /// still counting from the left), as an offset from where the content starts, for a
    /// geometry whose ``insetTop`` is the right inset. At rest on the first item
    /// (`contentSize.width + right inset - bounds.width`) it is `-insetTop`, as a table at its top.
    ///
    /// Bad input: a non-finite offset comes back non-finite, which the rules treat as bad.
    package func mirroredOffset(_ offset: CGFloat) -> CGFloat {
        contentLength - boundsLength - offset
    }

    private static func length(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? value : 0
    }
}

extension BatchFetchingPolicy {
    /// Whether to start fetching, for a scroll view of `geometry` coming to rest at
    /// `targetOffset` (UIKit's offset, insets included).
    package func shouldFetch(in geometry: ScrollGeometry, targetOffset: CGFloat, direction: ScrollDirection, isFetching: Bool) -> Bool {
        shouldFetch(
            contentLength: geometry.contentLength, viewportLength: geometry.visibleLength,
            targetOffset: geometry.contentPosition(atOffset: targetOffset), direction: direction, isFetching: isFetching)
    }
}

extension ScrollProjection {
    /// Where a scroll with `velocity` (points per second) from `offset` comes to rest, within
    /// the offsets `geometry` allows.
    package static func restingOffset(
        from offset: CGFloat, velocity: CGFloat, decelerationRate: CGFloat = normalDecelerationRate, in geometry: ScrollGeometry
    ) -> CGFloat {
        let range = geometry.offsetRange
        return min(max(range.lowerBound, restingOffset(from: offset, velocity: velocity, decelerationRate: decelerationRate)), range.upperBound)
    }
}
