import Foundation

/// Where a scroll view coming to rest will stop: the projection UIKit's deceleration
/// follows, for when the target offset of `scrollViewWillEndDragging` is not at hand (a pan
/// gesture's end, with its velocity).
package enum ScrollProjection {
    /// `UIScrollView.DecelerationRate.normal`.
    package static let normalDecelerationRate: CGFloat = 0.998

    /// The offset a scroll with `velocity` (points per second) comes to rest at, from
    /// `offset`: `offset + velocity / 1000 * rate / (1 - rate)`.
    ///
    /// Bad input: a rate outside (0, 1) or non-finite values give `offset` unchanged.
    package static func restingOffset(from offset: CGFloat, velocity: CGFloat, decelerationRate: CGFloat = normalDecelerationRate) -> CGFloat {
        guard offset.isFinite, velocity.isFinite, decelerationRate > 0, decelerationRate < 1 else { return offset }
        return offset + velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }
}
