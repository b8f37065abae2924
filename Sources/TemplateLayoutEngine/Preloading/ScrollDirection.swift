import Foundation

/// Which way the content is moving under the viewport.
///
/// Vertical or horizontal: offsets and lengths along the scroll axis (toward the end is
/// downward, or rightward in a left-to-right horizontal layout).
package enum ScrollDirection: Hashable, Sendable {
    /// Toward the end of the table (the content offset grows).
    case towardEnd
    /// Toward the start of the table (the content offset shrinks).
    case towardStart
    /// Not scrolling; plans lead toward the end, where a feed's next rows are.
    case still

    /// The direction from one content offset to the next; `.still` when they are equal or
    /// either is not finite.
    package init(from previousOffset: CGFloat, to offset: CGFloat) {
        guard previousOffset.isFinite, offset.isFinite, previousOffset != offset else {
            self = .still
            return
        }
        self = offset > previousOffset ? .towardEnd : .towardStart
    }
}
