import Foundation

/// How often Core Animation should redraw a skeleton animation, in frames per second:
/// `CAFrameRateRange` as numbers.
package struct SkeletonFrameRateRange: Hashable, Sendable {
    /// The lowest rate the animation looks right at.
    package var minimum: Float
    /// The highest rate it needs.
    package var maximum: Float
    /// The rate it asks for.
    package var preferred: Float

    /// Creates a range as given.
    package init(minimum: Float, maximum: Float, preferred: Float) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }
}
