import Foundation

/// One value per layout context: the active context's value, and those of the contexts
/// used before it, most recent first, at most `limit` in all.
///
/// ``PerContextCache``, the core of both height caches, keeps its heights in one of these.
/// The active value is a stored property of its own so that a lookup never searches;
/// switching context is a linear scan of a handful of entries.
///
/// An unmeasurable context (no width: a table not laid out yet, or a section index not yet
/// added) holds nothing worth keeping and takes no slot: while it is active, `limit`
/// measurable contexts are kept, and when it is left it is dropped, not kept.
///
/// Invariants (checked by ``checkInvariants()`` under `TEMPLATE_LAYOUT_INTERNAL_CHECKS`):
/// - the active context does not appear among the others, and no context appears twice;
/// - no unmeasurable context is among the others;
/// - there are at most `limit - 1` others, or `limit` while the active one is unmeasurable.
struct ContextSlots<Value> {
    private(set) var context: LayoutContext
    var active: Value
    /// The contexts used before the active one, most recently used first.
    private(set) var others: [(context: LayoutContext, value: Value)] = []
    let limit: Int
    private let empty: Value

    /// - Parameter limit: How many contexts to keep; values below 1 become 1.
    init(context: LayoutContext, limit: Int, empty: Value) {
        self.context = context
        self.active = empty
        self.limit = max(1, limit)
        self.empty = empty
    }

    /// Every context held, the active one first.
    var contexts: [LayoutContext] { [context] + others.map(\.context) }

    /// Makes `newContext` the active one, bringing back its value if it was kept, or
    /// starting empty. Returns the values dropped to stay within the limit.
    ///
    /// - Complexity: O(`limit`).
    mutating func activate(_ newContext: LayoutContext) -> [Value] {
        guard newContext != context else { return [] }
        let restored: Value
        if let index = others.firstIndex(where: { $0.context == newContext }) {
            restored = others.remove(at: index).value
        } else {
            restored = empty
        }
        var evicted: [Value] = []
        if context.isMeasurable {
            others.insert((context, active), at: 0)
        } else {
            evicted.append(active)
        }
        context = newContext
        active = restored
        while others.count > othersLimit { evicted.append(others.removeLast().value) }
        checkInvariants()
        return evicted
    }

    /// How many contexts besides the active one are kept.
    private var othersLimit: Int { context.isMeasurable ? limit - 1 : limit }

    /// How many contexts are held, the active one included.
    var count: Int { 1 + others.count }

    /// The value of the context at `index` in ``contexts``: 0 is the active one. Read and
    /// written in place, so a change to every context copies none of them.
    subscript(valueAt index: Int) -> Value {
        get { index == 0 ? active : others[index - 1].value }
        set {
            if index == 0 { active = newValue } else { others[index - 1].value = newValue }
        }
        _modify {
            if index == 0 { yield &active } else { yield &others[index - 1].value }
        }
    }

    /// The value of every context held, the active one first.
    var values: [Value] { [active] + others.map(\.value) }

    #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
    @inline(never)
    func checkInvariants() {
        let all = contexts
        precondition(Set(all).count == all.count, "ContextSlots: a context is held twice: \(all)")
        precondition(others.allSatisfy { $0.context.isMeasurable }, "ContextSlots: an unmeasurable context is kept: \(all)")
        precondition(others.count <= othersLimit, "ContextSlots: \(all.count) contexts held, limit \(limit)")
    }
    #else
    @inline(__always)
    func checkInvariants() {}
    #endif
}
