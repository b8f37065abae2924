import Foundation
#if canImport(os)
import os
#endif

/// Where debug log lines go: a function from a line to nowhere in particular.
///
/// The default, ``platformDefault``, is the unified system log at its default level
/// (subsystem `TemplateLayoutCell`, category `TemplateLayoutCell`; shown in Xcode's console
/// as FD's NSLog lines were) on Apple platforms, and standard error elsewhere. Tests and tools install their own.
public struct DebugLogSink: Sendable {
    private let write: @Sendable (String) -> Void

    /// Creates a sink that hands every line to `write`, on the thread that logs.
    ///
    /// - Complexity: O(1).
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Hands one line to the sink.
    ///
    /// - Complexity: whatever the sink costs.
    public func callAsFunction(_ line: String) {
        write(line)
    }

    /// Writes each line, with a newline, to standard error.
    public static let standardError = DebugLogSink { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    #if canImport(os)
    /// Writes each line to the unified system log at its default level, where NSLog writes,
    /// so that Xcode's console, Console.app and `log stream` show it without configuration.
    public static let systemLog = DebugLogSink { line in
        // The SDK's OSLog and Logger are not Sendable, so neither can be captured here;
        // os_log_create hands back its cached handle for the same names.
        // Not `.debug`: "The system only captures debug-level messages in memory when you
        // enable debug logging through a configuration change"; default-level messages are
        // stored "without a configuration change" (Apple, OSLogType.debug and
        // OSLogType.default, developer.apple.com/documentation/os/oslogtype). FD used NSLog,
        // which the console always showed. `%{public}` keeps the line readable off Xcode.
        os_log("%{public}@", log: OSLog(subsystem: "TemplateLayoutCell", category: "TemplateLayoutCell"), type: .default, line)
    }

    /// The system log on Apple platforms, standard error elsewhere.
    ///
    /// - Complexity: O(1).
    public static var platformDefault: DebugLogSink { systemLog }
    #else
    /// The system log on Apple platforms, standard error elsewhere.
    ///
    /// - Complexity: O(1).
    public static var platformDefault: DebugLogSink { standardError }
    #endif
}

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
    /// - Complexity: O(1).
    public init(isEnabled: Bool = false, reportsProblems: Bool = DebugLog.isDebugBuild, sink: DebugLogSink = .platformDefault) {
        self.isEnabled = isEnabled
        self.reportsProblems = reportsProblems
        self.sink = sink
    }

    /// Whether this package was compiled without optimisation (a debug build).
    ///
    /// - Complexity: O(1).
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
