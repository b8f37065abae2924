import Foundation
#if canImport(CoreGraphics)
import CoreGraphics
#endif

/// Hashing for CoreGraphics values, which are `Hashable` in Foundation on Linux but only
/// `Equatable` on Apple platforms: the skeleton types hash their frames through these so the
/// same code means the same thing everywhere.
extension Hasher {
    mutating func combine(rect: CGRect) {
        combine(rect.origin.x)
        combine(rect.origin.y)
        combine(rect.size.width)
        combine(rect.size.height)
    }

    mutating func combine(size: CGSize) {
        combine(size.width)
        combine(size.height)
    }
}
