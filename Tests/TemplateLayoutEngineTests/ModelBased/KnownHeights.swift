import Foundation
import ReferenceTableModel
import TemplateLayoutEngine

/// What the test knows the cache holds: for every layout context the cache keeps, the
/// items whose heights were stored there and have not been invalidated since.
///
/// It mirrors the cache's documented bookkeeping of contexts (the active one first, then
/// the others most recently used first, the least recently used dropped past the limit),
/// so that after an update the test can say exactly which heights must still be there.
struct KnownHeights {
    /// How many contexts the cache keeps, the active one included.
    let limit: Int
    /// The kept contexts, the active one first, then most recently used first.
    private(set) var kept: [LayoutContext]
    private var itemsByContext: [LayoutContext: Set<ReferenceItem>] = [:]

    init(context: LayoutContext, limit: Int) {
        self.limit = max(1, limit)
        self.kept = [context]
    }

    /// The context lookups and stores use.
    var active: LayoutContext { kept[0] }

    /// The items whose heights the cache holds in `context`.
    func items(in context: LayoutContext) -> Set<ReferenceItem> {
        itemsByContext[context] ?? []
    }

    /// Mirrors `switchContext(to:)`; returns the contexts dropped.
    @discardableResult
    mutating func activate(_ context: LayoutContext) -> [LayoutContext] {
        guard context != active else { return [] }
        kept.removeAll { $0 == context }
        kept.insert(context, at: 0)
        var dropped: [LayoutContext] = []
        while kept.count > limit {
            let oldest = kept.removeLast()
            itemsByContext[oldest] = nil
            dropped.append(oldest)
        }
        return dropped
    }

    /// Records a store in the active context.
    mutating func stored(_ item: ReferenceItem) {
        itemsByContext[active, default: []].insert(item)
    }

    /// After an update: only items still in the table (same id, same revision) can keep
    /// their heights; deleted and reloaded ones cannot.
    mutating func keepOnly(_ present: Set<ReferenceItem>) {
        for context in kept {
            itemsByContext[context]?.formIntersection(present)
        }
    }

    /// Forgets these items in every context.
    mutating func forget(_ items: Set<ReferenceItem>) {
        for context in kept {
            itemsByContext[context]?.subtract(items)
        }
    }

    /// Mirrors `reloadData()`: every context is emptied, and kept.
    mutating func forgetAll() {
        itemsByContext = [:]
    }
}
