import Foundation
import TemplateLayoutEngine

/// The skeleton section of the report: one line per skeleton and table.
extension ReportPrinter {
    /// Prints every skeleton the phases showed, phase by phase, the tables side by side:
    /// its rows, how many each source gave (and their jump), the jump and the change in
    /// total height. Prints nothing if no phase showed one.
    func printSkeletons(of runs: [TableRun]) {
        let lines: [[String]] = runs.first.map { first in
            first.results.indices.flatMap { index in
                runs.compactMap { run -> [String]? in
                    let result = run.results[index]
                    guard let skeleton = result.skeleton else { return nil }
                    let sources = skeleton.bySource.map { "\($0.source) \(Self.number($0.rows)) (\(Self.points($0.jump)))" }
                    // The column says "skeleton" already.
                    let name = result.name.hasPrefix("skeleton: ") ? String(result.name.dropFirst(10)) : result.name
                    return [name, Self.cacheLabel(run.caching), Self.number(skeleton.rows.count),
                            sources.joined(separator: ", "), Self.points(skeleton.jump), Self.signedPoints(skeleton.totalDifference)]
                }
            }
        } ?? []
        guard !lines.isEmpty else { return }
        func width(_ column: Int, _ title: String) -> Int { max(title.count, lines.map { $0[column].count }.max() ?? 0) }
        let columns = [
            Column(title: "skeleton", width: width(0, "skeleton"), alignsLeft: true),
            Column(title: "cache", width: width(1, "cache"), alignsLeft: true),
            Column(title: "rows", width: 4),
            Column(title: "rows by source (their jump)", width: width(3, "rows by source (their jump)"), alignsLeft: true),
            Column(title: "jump", width: width(4, "jump")),
            Column(title: "total", width: width(5, "total")),
        ]
        print("Skeletons: each planned row against the real row once the content came")
        print(Self.line(columns.map(\.title), columns))
        for line in lines { print(Self.line(line, columns)) }
        print("""
        jump: the sum over the skeleton rows of |skeleton height - real height|; total: the real
        rows' height minus the skeleton's. The estimate is the table's estimatedRowHeight, or
        UIKit's 44 pt when it is 0 (the "all rows" phases).
        """)
        print()
    }

    /// `index path` or `key`: which cache a table uses, for narrow columns.
    static func cacheLabel(_ caching: HeightCaching) -> String {
        switch caching {
        case .byIndexPath: return "index path"
        case .byEntryID: return "key"
        }
    }
}
