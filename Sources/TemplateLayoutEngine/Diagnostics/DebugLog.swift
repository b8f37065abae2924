import Foundation

/// The debug log of one table's caches: FD-style trace lines when enabled, and reports of
/// bad input.
///
/// Trace lines ("hit cache by index path[0:3] - 44", "cached by key[42] - 80", ...) cost a
/// branch and nothing else while the log is disabled, which is the default. Reports of bad
/// input (out-of-range or contradictory updates, invalid heights) also go out when
/// ``reportsProblems`` is set, which it is by default in debug builds of this package, so a
/// developer sees what the engine forgot and why without turning tracing on.
///
/// A value type: each cache holds its own copy, so the hot path reads a stored `Bool`
/// with no reference to chase and no lock.
public struct DebugLog: Sendable {
    /// Whether trace lines (hits, misses, stores, measurements, invalidations) are written.
    public var isEnabled: Bool
    /// Whether reports of bad input are written while tracing is off.
    public var reportsProblems: Bool
    /// Where lines go.
    public var sink: DebugLogSink

    /// Every line starts with this, as FD's started with `** FDTemplateLayoutCell **`.
    public static let prefix = "** TemplateLayoutCell **"

    /// Creates a log.
    ///
    /// - Parameters:
    ///   - isEnabled: Write trace lines. Off by default, like FD's `fd_debugLogEnabled`.
    ///   - reportsProblems: Write reports of bad input even when tracing is off. Defaults to
    ///     ``isDebugBuild``.
    ///   - sink: Where lines go; ``DebugLogSink/platformDefault`` unless given.
    public init(isEnabled: Bool = false, reportsProblems: Bool = DebugLog.isDebugBuild, sink: DebugLogSink = .platformDefault) {
        self.isEnabled = isEnabled
        self.reportsProblems = reportsProblems
        self.sink = sink
    }

    /// Whether this package was compiled without optimisation (a debug build).
    public static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// Writes a trace line if tracing is enabled; the message is not built otherwise.
    ///
    /// - Complexity: O(1) when disabled.
    @inline(__always)
    package func trace(_ message: @autoclosure () -> String) {
        if isEnabled { sink("\(Self.prefix) \(message())") }
    }

    /// Writes a report of bad input if tracing is enabled or problems are reported.
    ///
    /// - Complexity: O(1) when neither is on.
    package func problem(_ message: @autoclosure () -> String) {
        if isEnabled || reportsProblems { sink("\(Self.prefix) warning: \(message())") }
    }
}
