import Foundation

/// A skeleton row's height and where it came from.
package struct SkeletonRowHeight: Hashable, Sendable, CustomStringConvertible {
    /// The height in points: finite and not negative.
    package var height: CGFloat
    /// Which source gave it.
    package var source: SkeletonHeightSource

    /// Creates a result.
    ///
    /// Bad input: none is checked here; the engine only makes finite, non-negative heights.
    package init(height: CGFloat, source: SkeletonHeightSource) {
        self.height = height
        self.source = source
    }

    /// E.g. `88 from previous load`.
    package var description: String { "\(HeightFormat.string(height)) from \(source)" }
}
