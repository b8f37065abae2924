import Foundation

/// Heights cached by index path, kept aligned with the table while its rows and sections
/// are inserted, deleted, reloaded and moved.
///
/// This is the engine behind `fd_indexPathHeightCache`. It keeps one storage per
/// ``LayoutContext`` (content width and text size), the active one for lookups and up to
/// `contextLimit - 1` earlier ones, least recently used out; every update is applied to
/// all of them, so going back to an earlier width hits again and hits the right rows.
///
/// Heights are stored unboxed by section and row. "No height" is distinct from a height
/// of 0. Section headers and footers can be cached too; they move with their sections.
///
/// Updates follow `UITableView`'s semantics exactly; see ``TableUpdate`` and the
/// extension in `IndexPathHeightCache+Updates.swift`.
///
/// Bad input never traps and never corrupts other rows: an invalid height or index path
/// given to a store is ignored, an out-of-range or contradictory update makes the cache
/// forget what it can no longer vouch for (a section, or everything), and each problem
/// is counted in ``statistics`` and reported to ``log``.
///
/// Not thread-safe: like the table it mirrors, use it from one thread (the main thread
/// in an app).
public final class IndexPathHeightCache {
    /// Everything mutable, in one place outside run-time exclusivity checks (see
    /// `UncheckedState`): the hit path reads `slots` and counts in `books`, nothing else.
    struct State {
        var slots: ContextSlots<HeightMatrix>
        var recorder = UpdateRecorder()
        var books: CacheBookkeeping
        var aligns = true
    }

    let state: UncheckedState<State>

    var slots: ContextSlots<HeightMatrix> {
        _read { state.beginAccess(modifying: false); defer { state.endAccess(modifying: false) }; yield state.value.slots }
        _modify { state.beginAccess(modifying: true); defer { state.endAccess(modifying: true) }; yield &state.value.slots }
    }
    var recorder: UpdateRecorder {
        _read { state.beginAccess(modifying: false); defer { state.endAccess(modifying: false) }; yield state.value.recorder }
        _modify { state.beginAccess(modifying: true); defer { state.endAccess(modifying: true) }; yield &state.value.recorder }
    }
    var books: CacheBookkeeping {
        _read { state.beginAccess(modifying: false); defer { state.endAccess(modifying: false) }; yield state.value.books }
        _modify { state.beginAccess(modifying: true); defer { state.endAccess(modifying: true) }; yield &state.value.books }
    }
    var aligns: Bool {
        get { state.value.aligns }
        set { state.value.aligns = newValue }
    }

    /// Where trace lines and problem reports go.
    ///
    /// - Complexity: O(1).
    public var log: DebugLog {
        get { books.log }
        set { books.log = newValue }
    }

    /// Hits, misses, stores, invalidations and problems since creation.
    ///
    /// - Complexity: O(1).
    public var statistics: CacheStatistics { books.statistics }

    /// Whether updates and `reloadData` change the cache. On by default; FD's
    /// `automaticallyInvalidateEnabled`. Turn it off only if you align the cache yourself.
    ///
    /// - Complexity: O(1).
    public var automaticallyInvalidates: Bool {
        get { aligns }
        set { aligns = newValue }
    }

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - context: The layout context lookups and stores start in.
    ///   - contextLimit: How many layout contexts to keep, the active one included; values
    ///     below 1 become 1. Four covers portrait, landscape and two split-view widths.
    ///   - log: The debug log.
    /// - Complexity: O(1).
    public init(context: LayoutContext = .unmeasured, contextLimit: Int = 4, log: DebugLog = DebugLog()) {
        self.state = UncheckedState(State(
            slots: ContextSlots(context: context, limit: contextLimit, empty: HeightMatrix()), books: CacheBookkeeping(log: log)))
    }

    // MARK: Layout contexts

    /// The layout context lookups and stores use.
    ///
    /// - Complexity: O(1).
    public var context: LayoutContext { slots.context }

    /// Every layout context whose heights are kept, the active one first, then most
    /// recently used first.
    ///
    /// - Complexity: O(`contextLimit`).
    public var contexts: [LayoutContext] { slots.contexts }

    /// How many layout contexts are kept at most.
    ///
    /// - Complexity: O(1).
    public var contextLimit: Int { slots.limit }

    /// Makes `context` the one lookups and stores use. Its heights come back if it was
    /// kept; otherwise it starts empty, and the least recently used context is dropped if
    /// that makes one too many.
    ///
    /// - Complexity: O(`contextLimit`).
    public func switchContext(to context: LayoutContext) {
        guard context != slots.context else { return }
        let previous = slots.context
        let evicted = slots.activate(context)
        let kept = slots.active.count
        countSwitch("index path cache", from: previous, to: context, kept: kept, dropped: evicted.reduce(0) { $0 + $1.count })
    }

    // MARK: Lookups

    /// The height cached for a row in the active context, or `nil`; counts a hit or a miss.
    ///
    /// Bad input: an index path that is not section-and-row, or has negative indexes, is
    /// a miss.
    ///
    /// - Complexity: O(1).
    public func height(at indexPath: IndexPath) -> CGFloat? {
        guard indexPath.count == 2 else {
            return countLookup(.nan, at: "index path\(HeightFormat.string(indexPath))")
        }
        return height(section: indexPath[0], row: indexPath[1])
    }

    /// The height cached for a row in the active context, or `nil`; counts a hit or a miss.
    ///
    /// Bad input: negative indexes are a miss.
    ///
    /// - Complexity: O(1).
    public func height(section: Int, row: Int) -> CGFloat? {
        countLookup(slots.active.height(section: section, row: row), at: "index path[\(section):\(row)]")
    }

    /// Whether a height is cached for a row in the active context; not counted as a lookup.
    ///
    /// FD's `existsHeightAtIndexPath:`, without its side effect of growing the storage.
    ///
    /// - Complexity: O(1).
    public func containsHeight(at indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && !slots.active.height(section: indexPath[0], row: indexPath[1]).isNaN
    }

    /// The height cached for a section's header or footer in the active context, or `nil`;
    /// counts a hit or a miss.
    ///
    /// - Complexity: O(1).
    public func height(of element: SectionElement, inSection section: Int) -> CGFloat? {
        countLookup(slots.active.height(section: section, slot: element.slot), at: "\(element) of section \(section)")
    }

    /// How many heights the active context holds (rows, headers and footers).
    ///
    /// - Complexity: O(1).
    public var count: Int { slots.active.count }

    // MARK: Stores

    /// Caches a row's height in the active context.
    ///
    /// Bad input: a height that is negative, NaN or infinite, or an index path that is
    /// not section-and-row or is out of range (negative, or past ``IndexLimits``), is not
    /// stored; the problem is counted and reported.
    ///
    /// - Complexity: O(1) amortised; storing past the last stored row of a section first
    ///   grows it to that row.
    public func store(_ height: CGFloat, at indexPath: IndexPath) {
        guard indexPath.count == 2 else {
            report("not caching \(HeightFormat.string(height)) at index path \(Array(indexPath)): not a section and a row")
            return
        }
        store(height, section: indexPath[0], slot: .row(indexPath[1]))
    }

    /// Caches a section header's or footer's height in the active context.
    ///
    /// Bad input: as for ``store(_:at:)``.
    ///
    /// - Complexity: O(1) amortised.
    public func store(_ height: CGFloat, for element: SectionElement, inSection section: Int) {
        store(height, section: section, slot: element.slot)
    }

    private func store(_ height: CGFloat, section: Int, slot: HeightMatrix.Slot) {
        let place = Self.describe(section: section, slot: slot)
        guard accepts(height, at: place) else { return }
        guard (0..<IndexLimits.sections).contains(section), slot.row.map({ (0..<IndexLimits.rows).contains($0) }) ?? true else {
            report("not caching \(HeightFormat.string(height)) by \(place): out of range")
            return
        }
        slots.active.store(height, section: section, slot: slot)
        slots.active.checkInvariants()
        countStore(height, at: place)
    }

    // MARK: Invalidation

    /// Forgets a row's height in every layout context. FD's `invalidateHeightAtIndexPath:`.
    ///
    /// Bad input: an index path that is not section-and-row forgets nothing.
    ///
    /// - Complexity: O(`contextLimit`).
    public func invalidateHeight(at indexPath: IndexPath) {
        guard indexPath.count == 2 else { return }
        invalidate(section: indexPath[0], slot: .row(indexPath[1]))
    }

    /// Forgets a section header's or footer's height in every layout context.
    ///
    /// - Complexity: O(`contextLimit`).
    public func invalidateHeight(of element: SectionElement, inSection section: Int) {
        invalidate(section: section, slot: element.slot)
    }

    private func invalidate(section: Int, slot: HeightMatrix.Slot) {
        var forgotten = 0
        for index in 0..<slots.count where slots[valueAt: index].remove(section: section, slot: slot) {
            forgotten += 1
            slots[valueAt: index].checkInvariants()
        }
        countForgotten(forgotten, "invalidated \(Self.describe(section: section, slot: slot)) in \(forgotten) context(s)")
    }

    /// Forgets every height in every layout context. FD's `invalidateAllHeightCache`.
    ///
    /// - Complexity: O(`contextLimit`).
    public func invalidateAll() {
        var forgotten = 0
        for index in 0..<slots.count { forgotten += slots[valueAt: index].removeAll() }
        countForgotten(forgotten, "invalidated all index path heights (\(forgotten))")
    }

    // MARK: Helpers

    func report(_ problem: String) {
        countProblem(problem)
    }

    static func describe(section: Int, slot: HeightMatrix.Slot) -> String {
        switch slot {
        case .row(let row): return "index path[\(section):\(row)]"
        case .header: return "header of section \(section)"
        case .footer: return "footer of section \(section)"
        }
    }
}

/// A section's header or footer, whose height the index-path cache can hold and which
/// moves with its section.
public enum SectionElement: Hashable, Sendable, CustomStringConvertible {
    /// The view above the section's rows.
    case header
    /// The view below the section's rows.
    case footer

    var slot: HeightMatrix.Slot { self == .header ? .header : .footer }

    /// `header` or `footer`.
    ///
    /// - Complexity: O(1).
    public var description: String { self == .header ? "header" : "footer" }
}

extension HeightMatrix.Slot {
    var row: Int? {
        if case .row(let row) = self { return row }
        return nil
    }
}

/// Counting and tracing in `CacheBookkeeping`, with no access to the state open at a call-out.
extension IndexPathHeightCache: KeepsBooks {
    /// Whether an access to the state is open now (checked builds only; `false` otherwise).
    var isInsideStateAccess: Bool { state.isAccessed }

    func assertNoStateAccess(before callOut: @autoclosure () -> String) {
        state.assertNoAccess(before: callOut())
    }
}
