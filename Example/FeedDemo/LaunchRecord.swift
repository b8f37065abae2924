import Foundation

/// How one simulated launch of the app began on one table: see ``SimulatedTable/relaunch(template:)``.
struct LaunchRecord {
    /// 1 for the launch the session starts in.
    let number: Int
    /// The store's load, for a table whose keyed heights persist; `nil` for one that keeps
    /// its heights in memory only.
    let store: StoreLoad?
    /// The content version of the launch's cell layout (what its store is opened for).
    let contentVersion: String
    /// Whether this launch ships another cell layout than the launch before, and so opens
    /// the store with another content version.
    let cellLayoutChanged: Bool

    /// Whether every entry seen by an earlier launch must be answered from disk: the table
    /// persists and its cell layout is the same. The report fails the run otherwise.
    var expectsNoLayoutsOfSeenEntries: Bool { number > 1 && store != nil && !cellLayoutChanged }
}

/// One launch as the report shows it: how it began and what its phases did.
struct LaunchSummary {
    let record: LaunchRecord
    /// The phases from this launch up to the next.
    fileprivate(set) var phases: [PhaseResult]

    /// What the launch's phases did together.
    var counts: TableCounts { phases.reduce(TableCounts()) { $0 + $1.counts } }

    /// Whether the launch broke ``LaunchRecord/expectsNoLayoutsOfSeenEntries``.
    var laidOutSeenEntries: Bool { record.expectsNoLayoutsOfSeenEntries && counts.layoutsOfSeenEntries > 0 }
}

extension TableRun {
    /// The table's launches in order, each with the phases until the next launch: phases
    /// that relaunch start a new one, so launches compose like any other phase.
    var launches: [LaunchSummary] {
        var summaries = [LaunchSummary(record: firstLaunch, phases: [])]
        for result in results {
            if let launch = result.launch {
                summaries.append(LaunchSummary(record: launch, phases: [result]))
            } else {
                summaries[summaries.count - 1].phases.append(result)
            }
        }
        return summaries
    }
}
