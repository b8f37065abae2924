import Foundation
import TemplateLayoutEngine

/// The launches section of `--explain`: one line per launch of the app, for the table
/// whose heights persist, and the launches' verification.
extension ReportPrinter {
    /// Prints the launches of each table whose heights persist: what the store found on
    /// disk and how long it took to load, then what the launch's phases asked and laid out.
    /// `diskAtExit` is what it left on disk after the last launch quit. Prints nothing if
    /// no phase relaunched. A table that persists nothing lays out every launch afresh: its
    /// layouts are in the main table.
    func printLaunches(of runs: [TableRun], diskAtExit: (files: Int, bytes: Int)?) {
        guard runs.contains(where: { $0.launches.count > 1 }) else { return }
        for run in runs where run.launches.contains(where: { $0.record.store != nil }) {
            print("Launches, \(run.title.lowercased()): heights persist in a temporary directory")
            let lines = run.launches.map(Self.launchLine)
            let columns = [
                Column(title: "launch", width: max(6, lines.map { $0[0].count }.max() ?? 0), alignsLeft: true),
                Column(title: "content", width: 7, alignsLeft: true),
                Column(title: "on disk at open", width: max(15, lines.map { $0[2].count }.max() ?? 0), alignsLeft: true),
                Column(title: "open+wait", width: 9), Column(title: "loaded", width: 7), Column(title: "discarded", width: 9),
                Column(title: "queries", width: 7), Column(title: "from disk", width: 9), Column(title: "layouts", width: 7),
                Column(title: "of seen entries", width: 15),
            ]
            print(Self.line(columns.map(\.title), columns))
            for line in lines { print(Self.line(line, columns)) }
            if let diskAtExit { print("on disk at exit: \(Self.files(diskAtExit.files, bytes: diskAtExit.bytes))") }
            print()
        }
        print("""
        open+wait: a new store's open(namespace:contentVersion:) until its files are in memory.
        loaded: heights read back; discarded: files of another content version, deleted.
        from disk: keyed misses answered by a persisted height, not laid out.
        of seen entries: layouts of entries an earlier launch measured in the same layout context.
        """)
        print()
    }

    private static func launchLine(_ launch: LaunchSummary) -> [String] {
        let counts = launch.counts
        let phases = "\(launch.record.number) (\(number(launch.phases.count)) phase\(launch.phases.count == 1 ? "" : "s"))"
        let store: [String] = launch.record.store.map { load in
            [files(load.filesOnDisk, bytes: load.bytesOnDisk), milliseconds(load.duration),
             number(load.report.heights), number(load.report.discarded)]
        } ?? ["-", "-", "-", "-"]
        return [phases, launch.record.contentVersion] + store + [
            number(counts.queries), number(counts.persistedHits), number(counts.layouts), number(counts.layoutsOfSeenEntries),
        ]
    }

    /// Prints whether every launch that persists, with an unchanged cell layout, answered
    /// the entries earlier launches had measured from disk, and whether the stores reported
    /// nothing but stale files; returns whether both held.
    func printLaunchVerification(of runs: [TableRun]) -> Bool {
        var verified = true
        var served: [String] = []
        for run in runs {
            for launch in run.launches where launch.record.expectsNoLayoutsOfSeenEntries {
                let counts = launch.counts
                if launch.laidOutSeenEntries {
                    verified = false
                    print("FAILED: \(run.title), launch \(launch.record.number): \(Self.number(counts.layoutsOfSeenEntries)) layouts of entries an earlier launch had measured, with the same cell layout; persisted heights should have answered them")
                } else {
                    served.append("\(Self.cacheLabel(run.caching)), launch \(launch.record.number): \(Self.number(counts.persistedHits)) from disk")
                }
            }
            guard let problems = run.storeProblems else { continue }
            // Each discarded file is reported once; anything else the store says is a failure.
            let discarded = run.launches.reduce(0) { $0 + ($1.record.store?.report.discarded ?? 0) }
            if problems.total != discarded {
                verified = false
                print("FAILED: \(run.title): the height store reported \(Self.number(problems.total)) problem(s), \(Self.number(discarded)) of them expected (stale files):")
                for line in problems.lines { print("  \(line)") }
            }
        }
        if verified && !served.isEmpty {
            print("verified: with the same cell layout, no entry an earlier launch measured was laid out again (\(served.joined(separator: "; ")))")
        }
        return verified
    }
}
