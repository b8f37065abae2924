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
    public static var platformDefault: DebugLogSink { systemLog }
    #else
    /// The system log on Apple platforms, standard error elsewhere.
    public static var platformDefault: DebugLogSink { standardError }
    #endif
}
