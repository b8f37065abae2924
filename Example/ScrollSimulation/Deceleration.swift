import Foundation

/// UIScrollView's deceleration after a flick, with `DecelerationRate.normal` (0.998): each
/// millisecond the velocity is multiplied by the rate (UIKit documents the rate as "the
/// deceleration rate of the scroll view", per millisecond; the same projection as the
/// engine's `ScrollProjection`).
package struct Deceleration: Hashable, Sendable {
    /// The velocity at release, points per millisecond (negative scrolls toward the top).
    package let initialVelocity: Double
    /// The rate per millisecond.
    package let rate: Double
    /// Below this speed (points per second) the scroll view stops. Apple does not document
    /// it; 10 pt/s moves less than a point in a 120 Hz frame, so stopping there is unseen.
    package static let stoppingSpeed: Double = 10

    /// A deceleration from `velocity` points per second.
    ///
    /// Bad input: a rate outside (0, 1) becomes 0.998; a non-finite velocity becomes 0.
    package init(velocity: Double, rate: Double = 0.998) {
        initialVelocity = velocity.isFinite ? velocity / 1000 : 0
        self.rate = rate > 0 && rate < 1 ? rate : 0.998
    }

    /// Points per second at `milliseconds` after release: v0 * rate^t.
    package func velocity(atMilliseconds milliseconds: Double) -> Double {
        initialVelocity * pow(rate, milliseconds) * 1000
    }

    /// Points travelled by `milliseconds` after release: v0 * (rate^t - 1) / ln(rate).
    package func distance(atMilliseconds milliseconds: Double) -> Double {
        initialVelocity * (pow(rate, milliseconds) - 1) / log(rate)
    }

    /// When the speed falls below ``stoppingSpeed``, in milliseconds; 0 if it starts below.
    package var durationMilliseconds: Double {
        let speed = abs(initialVelocity) * 1000
        guard speed > Self.stoppingSpeed else { return 0 }
        return log(Self.stoppingSpeed / speed) / log(rate)
    }
}
