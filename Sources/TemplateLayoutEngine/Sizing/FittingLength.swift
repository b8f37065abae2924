import Foundation

/// A collection item's measured length along its free dimension (the height of an item of
/// fixed width, the width of one of fixed height), and how it was found.
package struct FittingLength: Hashable, Sendable {
    /// The length in points.
    package var length: CGFloat
    /// The method that produced it.
    package var method: MeasurementMethod

    /// Creates a result.
    package init(length: CGFloat, method: MeasurementMethod) {
        self.length = length
        self.method = method
    }
}
