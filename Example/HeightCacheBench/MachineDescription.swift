import Foundation

/// What the numbers were measured on, printed first so that results can be compared.
enum MachineDescription {
    static func section(options: BenchOptions) -> ReportSection {
        var lines = [
            "cpu: \(cpuModel ?? "unknown"), \(ProcessInfo.processInfo.activeProcessorCount) core(s) active",
            "os: \(ProcessInfo.processInfo.operatingSystemVersionString)",
            "swift: \(swiftVersion)",
            "build: \(isDebugBuild ? "DEBUG" : "release")",
            "run: \(options.isQuick ? "--quick (few repeats: a smoke run, not numbers to quote)" : "full")",
            "heap measured with: \(HeapUsage.source)",
        ]
        if let load = loadAverage {
            let busy = load >= 0.5 * Double(ProcessInfo.processInfo.activeProcessorCount)
            lines.append("load average at start: \(Format.fixed(load, 2))\(busy ? " (other work is running: timings are inflated)" : "")")
        }
        if isDebugBuild {
            lines.append("WARNING: debug build; these timings mean nothing. Use `swift build -c release`.")
        }
        if ProcessInfo.processInfo.environment["TEMPLATE_LAYOUT_INTERNAL_CHECKS"] != nil {
            lines.append("WARNING: TEMPLATE_LAYOUT_INTERNAL_CHECKS is set; if the engine was built with it, its invariants are checked on every update and its timings are inflated.")
        }
        return ReportSection("Machine", lines: lines)
    }

    static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The first `model name` of /proc/cpuinfo, where there is one (Linux).
    private static var cpuModel: String? {
        guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in cpuinfo.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The one-minute load average from /proc/loadavg, where there is one (Linux).
    private static var loadAverage: Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    /// The compiler's version, to the minor release, from compile-time checks.
    private static var swiftVersion: String {
        #if compiler(>=6.4)
        return "6.4 or later"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }
}
