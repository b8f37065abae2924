import Foundation

/// The system a file was written under: the OS major version and the SDK the app was built
/// with (`DTSDKName` in the app's Info.plist, e.g. `iphoneos26.0`).
///
/// A device that updates from iOS 18 to 26 runs the same app build with new system metrics
/// (fonts, margins, Liquid Glass bars), and a new build against a new SDK opts into new
/// metrics too: heights and skeleton layouts measured before either are stale. Both stores
/// stamp every file with this and discard a file whose stamp differs.
///
/// Bad input: a version below 0 becomes 0; a missing or non-string `DTSDKName` (a tool, a
/// test bundle, Linux) is the empty string: still a stamp, equal from launch to launch.
public struct SystemStamp: Hashable, Sendable, CustomStringConvertible {
    /// The major version of the running OS (26 for iOS 26.1).
    public let osMajorVersion: Int
    /// The SDK the app was built with, `DTSDKName` (Xcode writes it into every app's
    /// Info.plist); empty when there is none.
    public let sdkName: String

    /// Creates a stamp.
    ///
    /// - Complexity: O(1).
    public init(osMajorVersion: Int, sdkName: String) {
        self.osMajorVersion = max(0, osMajorVersion)
        self.sdkName = sdkName
    }

    /// The stamp of a process running `operatingSystemVersion` from a bundle whose Info.plist
    /// is `infoDictionary`.
    ///
    /// - Complexity: O(1).
    public init(operatingSystemVersion: OperatingSystemVersion, infoDictionary: [String: Any]?) {
        self.init(osMajorVersion: operatingSystemVersion.majorVersion,
                  sdkName: infoDictionary?["DTSDKName"] as? String ?? "")
    }

    /// This process's stamp: `ProcessInfo`'s OS version and the main bundle's `DTSDKName`,
    /// read once. Both are Foundation, so a store made before any UIKit code of this package
    /// runs (in `application(_:didFinishLaunchingWithOptions:)`) is stamped the same way as
    /// one made later. The stores' default.
    public static let current = SystemStamp(
        operatingSystemVersion: ProcessInfo.processInfo.operatingSystemVersion, infoDictionary: Bundle.main.infoDictionary)

    /// E.g. `OS 26, SDK iphoneos26.0`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        "OS \(osMajorVersion), SDK \(sdkName.isEmpty ? "unknown" : sdkName)"
    }
}
