import Foundation

/// The direction a layout reads in: UIKit's `UIUserInterfaceLayoutDirection`.
public enum SkeletonLayoutDirection: String, Hashable, Sendable, Codable, CaseIterable {
    /// Left to right: English, Chinese, ...; the leading edge is the left one.
    case leftToRight
    /// Right to left: Arabic, Hebrew, ...; the leading edge is the right one.
    case rightToLeft
}
