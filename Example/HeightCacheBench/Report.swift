import Foundation

/// One part of the printed report: a title and its lines. The report is a list of these,
/// printed in order, with the summary line last; later measurements add sections.
struct ReportSection {
    let title: String
    var lines: [String]

    init(_ title: String, lines: [String] = []) {
        self.title = title
        self.lines = lines
    }
}

/// A row of the comparison table: one metric for the three contenders.
struct MetricRow {
    /// What is measured, with its unit.
    let name: String
    let values: ContenderValues
    /// Decimals to print.
    let decimals: Int
    /// Whether "(b)/(a)" means something for this metric (it does for costs, not shares).
    let showsRatio: Bool

    /// (b) divided by (a), when both are there and (a) is not 0.
    var fdToEngineRatio: Double? {
        guard showsRatio, let engine = values.engine, let fd = values.fdAlgorithm, engine > 0 else { return nil }
        return fd / engine
    }
}

/// A speed or correctness target and whether this run met it.
struct TargetCheck {
    /// E.g. `lookup <= 10 ns`.
    let target: String
    let isMet: Bool
    /// The measured value, e.g. `3.1 ns`.
    let measured: String

    var line: String { "\(target): \(isMet ? "met" : "NOT MET") (\(measured))" }
}

/// The last line of the output, for scripts: `summary: key=value ...`.
struct BenchSummary {
    /// (a)'s lookup by section and row, ns.
    let lookupNanoseconds: Double
    /// (b)'s lookup time over (a)'s, both by section and row.
    let fdRatio: Double
    /// (a)'s 1,000-call batch on 100,000 rows, ms.
    let batchMilliseconds: Double
    /// Percentage of survey batches after which (b) served a wrong height.
    let fdWrongBatchesPercent: Double

    var line: String {
        "summary: lookup_ns=\(Format.fixed(lookupNanoseconds, 2)) fd_ratio=\(Format.fixed(fdRatio, 2)) "
            + "batch_1000_on_100k_ms=\(Format.fixed(batchMilliseconds, 2)) fd_wrong_batches=\(Format.fixed(fdWrongBatchesPercent, 2))"
    }
}

/// Number formatting without locale surprises.
enum Format {
    /// `value` with `decimals` decimals, e.g. `3.14`.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// `value` with `decimals` decimals, or `—` for a missing value.
    static func optional(_ value: Double?, _ decimals: Int) -> String {
        value.map { fixed($0, decimals) } ?? "—"
    }

    /// `text` padded on the left (`alignRight`) or right to `width` characters.
    static func pad(_ text: String, _ width: Int, alignRight: Bool = true) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return alignRight ? padding + text : text + padding
    }
}

/// The whole printed output: sections in order, then the summary line.
struct BenchReport {
    private(set) var sections: [ReportSection] = []

    mutating func append(_ section: ReportSection) {
        sections.append(section)
    }

    /// The comparison table, one row per metric.
    static func table(_ title: String, rows: [MetricRow]) -> ReportSection {
        let headers = ["metric", "(a) engine", "(b) FD algorithm", "(c) hand-written", "(b)/(a)"]
        let cells = rows.map { row in
            [row.name,
             Format.optional(row.values.engine, row.decimals),
             Format.optional(row.values.fdAlgorithm, row.decimals),
             Format.optional(row.values.handWritten, row.decimals),
             row.fdToEngineRatio.map { Format.fixed($0, 1) + "x" } ?? ""]
        }
        let widths = headers.indices.map { column in
            ([headers[column]] + cells.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ fields: [String]) -> String {
            fields.indices.map { Format.pad(fields[$0], widths[$0], alignRight: $0 > 0) }
                .joined(separator: "  ")
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
        return ReportSection(title, lines: [line(headers), rule] + cells.map(line))
    }

    /// The targets, one line each.
    static func targets(_ checks: [TargetCheck]) -> ReportSection {
        ReportSection("Targets", lines: checks.map(\.line))
    }

    /// Prints every section, then `summary` as the very last line.
    func print(summary: BenchSummary) {
        for section in sections {
            Swift.print("== \(section.title)")
            for line in section.lines { Swift.print("  " + line) }
            Swift.print()
        }
        Swift.print(summary.line)
    }
}
