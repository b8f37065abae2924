import Foundation

/// What a table has done so far; a phase's share is the difference of two of these.
struct TableCounts {
    var queries = 0
    /// Queries answered without a layout: cache hits, plus heights persisted by an earlier
    /// launch (the engine counts those as keyed misses, then as ``persistedHits``).
    var hits = 0
    /// The part of ``hits`` served by heights an earlier launch left on disk.
    var persistedHits = 0
    var layouts = 0
    /// The part of ``layouts`` spent on entries already measured, in the same layout
    /// context, by an earlier launch: work a persisted height could have saved.
    var layoutsOfSeenEntries = 0
    var measuringTime: TimeInterval = 0
    /// FDTemplateLayoutCell's algorithm asked the same heights beside the table, if it
    /// replays one (``FDReplay``); zero otherwise.
    var fd = FDCounts()

    static func - (after: TableCounts, before: TableCounts) -> TableCounts {
        TableCounts(
            queries: after.queries - before.queries, hits: after.hits - before.hits,
            persistedHits: after.persistedHits - before.persistedHits, layouts: after.layouts - before.layouts,
            layoutsOfSeenEntries: after.layoutsOfSeenEntries - before.layoutsOfSeenEntries,
            measuringTime: after.measuringTime - before.measuringTime, fd: after.fd - before.fd)
    }

    static func + (lhs: TableCounts, rhs: TableCounts) -> TableCounts {
        TableCounts(
            queries: lhs.queries + rhs.queries, hits: lhs.hits + rhs.hits,
            persistedHits: lhs.persistedHits + rhs.persistedHits, layouts: lhs.layouts + rhs.layouts,
            layoutsOfSeenEntries: lhs.layoutsOfSeenEntries + rhs.layoutsOfSeenEntries,
            measuringTime: lhs.measuringTime + rhs.measuringTime, fd: lhs.fd + rhs.fd)
    }

    /// Hits over queries, from 0 to 1.
    var hitRate: Double { queries == 0 ? 0 : Double(hits) / Double(queries) }
}
