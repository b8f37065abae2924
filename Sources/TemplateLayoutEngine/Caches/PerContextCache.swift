import Foundation

/// The core both height caches are built on: the heights of each layout context kept
/// (``ContextSlots``: the active one, then the most recently used, at most a limit), the
/// bookkeeping, and everything done across contexts: switching, changing every kept
/// context, forgetting all.
///
/// ``IndexPathHeightCache`` and ``KeyedHeightCache`` each hold one of these in their
/// `UncheckedState` and add only what their addressing needs: index-path updates for one,
/// keys and a count limit for the other. Neither repeats a context rule.
///
/// A concrete generic struct, not a protocol or a base class: each cache names its storage,
/// so the optimiser specialises the core and a lookup reaches the active heights through
/// stored properties alone, with no call, retain or exclusivity check on the way (see
/// `UncheckedState`).
struct PerContextCache<Storage: HeightStorage> {
    /// The heights of every kept context; changed only through ``active`` and
    /// ``updateEach(_:)``, so that the invariants are checked where they can break.
    private(set) var slots: ContextSlots<Storage>
    /// The statistics and log of the cache.
    var books: CacheBookkeeping

    /// - Parameters:
    ///   - limit: How many contexts to keep, the active one included; values below 1
    ///     become 1.
    ///   - empty: The heights of a context not seen before.
    init(context: LayoutContext, limit: Int, empty: Storage, log: DebugLog) {
        slots = ContextSlots(context: context, limit: limit, empty: empty)
        books = CacheBookkeeping(log: log)
    }

    /// The context lookups and stores use.
    var context: LayoutContext { slots.context }

    /// Every kept context, the active one first, then most recently used first.
    var contexts: [LayoutContext] { slots.contexts }

    /// How many contexts are kept at most.
    var limit: Int { slots.limit }

    /// The active context's heights: what lookups read and stores write. A store is
    /// followed by `active.checkInvariants()`.
    var active: Storage {
        _read { yield slots.active }
        _modify { yield &slots.active }
    }

    /// Makes `newContext` the active one; see ``IndexPathHeightCache/switchContext(to:)``.
    /// Returns what the owner counts and traces once its access has ended (nothing is
    /// traced in here: the core lives inside that access), or `nil` when nothing changed.
    ///
    /// - Complexity: O(`limit`).
    mutating func switchContext(to newContext: LayoutContext) -> ContextSwitch? {
        guard newContext != slots.context else { return nil }
        let previous = slots.context
        let dropped = slots.activate(newContext).reduce(0) { $0 + $1.count }
        return ContextSwitch(previous: previous, context: newContext, kept: slots.active.count, dropped: dropped)
    }

    /// Changes the heights of every kept context with `change`, in place, and checks each;
    /// returns the sum of what `change` returned (heights forgotten, in practice).
    ///
    /// `change` must not reach the cache that holds this core: it runs inside the cache's
    /// access to its state (see `UncheckedState`).
    mutating func updateEach(_ change: (inout Storage) -> Int) -> Int {
        var total = 0
        for index in 0..<slots.count {
            total += change(&slots[valueAt: index])
            slots[valueAt: index].checkInvariants()
        }
        return total
    }

    /// Forgets every height of every kept context; returns how many, for the owner to count
    /// and trace once its access has ended.
    mutating func removeAll() -> Int {
        updateEach { $0.removeAll() }
    }
}

/// A layout-context switch, as the owner of a core counts and traces it.
struct ContextSwitch {
    var previous: LayoutContext
    var context: LayoutContext
    /// Heights in the context now active.
    var kept: Int
    /// Heights dropped with the oldest context.
    var dropped: Int
}

extension KeepsBooks {
    /// Counts and traces a context switch of this cache's core, named `cache` in the line.
    func countSwitch(_ change: ContextSwitch?, cache: String) {
        guard let change else { return }
        countSwitch(cache, from: change.previous, to: change.context, kept: change.kept, dropped: change.dropped)
    }
}
