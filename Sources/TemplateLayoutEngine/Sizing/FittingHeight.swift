import Foundation

/// A measured height and how it was found.
package struct FittingHeight: Hashable, Sendable {
    /// The height, separator included.
    package var height: CGFloat
    /// The method that produced it.
    package var method: MeasurementMethod

    /// Creates a result.
    package init(height: CGFloat, method: MeasurementMethod) {
        self.height = height
        self.method = method
    }
}
