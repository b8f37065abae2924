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
    /// `UncheckedState`): the hit path reads `core`'s active heights and counts in its
    /// bookkeeping, nothing else.
    struct State {
        var core: PerContextCache<HeightMatrix>
        var recorder = UpdateRecorder()
        /// Which intercepted calls open and close the recorder's batches.
        var accounting = UpdateCallAccounting()
        var aligns = true
        /// Whether a height was stored or ``automaticallyInvalidates`` set: FD's switch
        /// answered `false` until then.
        var alignmentWasChosen = false
    }

    let state: UncheckedState<State>

    /// The heights of each layout context, and the bookkeeping.
    var core: PerContextCache<HeightMatrix> {
        _read { state.beginAccess(modifying: false); defer { state.endAccess(modifying: false) }; yield state.value.core }
        _modify { state.beginAccess(modifying: true); defer { state.endAccess(modifying: true) }; yield &state.value.core }
    }
    /// The statistics and log, for ``KeepsBooks``: counted inside an access, traced after.
    var books: CacheBookkeeping {
        _read { state.beginAccess(modifying: false); defer { state.endAccess(modifying: false) }; yield state.value.core.books }
        _modify { state.beginAccess(modifying: true); defer { state.endAccess(modifying: true) }; yield &state.value.core.books }
    }
    var recorder: UpdateRecorder {
        _read { state.beginAccess(modifying: false); defer { state.endAccess(modifying: false) }; yield state.value.recorder }
        _modify { state.beginAccess(modifying: true); defer { state.endAccess(modifying: true) }; yield &state.value.recorder }
    }
    var aligns: Bool {
        get { state.value.aligns }
        set { state.value.aligns = newValue }
    }

    /// Where trace lines and problem reports go.
    public var log: DebugLog {
        get { core.books.log }
        set { core.books.log = newValue }
    }

    /// Hits, misses, stores, invalidations and problems since creation.
    public var statistics: CacheStatistics { core.books.statistics }

    /// Whether updates and `reloadData` change the cache. On by default; FD's
    /// `automaticallyInvalidateEnabled`. Turn it off only around updates you align yourself:
    /// as in FD, the next stored height turns it back on (FD's `cacheHeight:byIndexPath:` set
    /// it), so a table that turned it off around one reload does not stay unaligned.
    public var automaticallyInvalidates: Bool {
        get { aligns }
        set {
            aligns = newValue
            state.value.alignmentWasChosen = true
        }
    }

    /// What FD's `automaticallyInvalidateEnabled` answered: `false` until a height is stored
    /// or ``automaticallyInvalidates`` is set, then ``automaticallyInvalidates``. Before
    /// either, the cache is empty and aligning it changes nothing, so only the answer differs.
    package var reportedAutomaticInvalidation: Bool {
        state.value.alignmentWasChosen && aligns
    }

    /// FD's rule: storing a height turns automatic invalidation on, even if it was turned off.
    private func storingTurnsOnAlignment() {
        aligns = true
        state.value.alignmentWasChosen = true
    }

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - context: The layout context lookups and stores start in.
    ///   - contextLimit: How many layout contexts to keep, the active one included; values
    ///     below 1 become 1. Four covers portrait, landscape and two split-view widths.
    ///   - log: The debug log.
    public init(context: LayoutContext = .unmeasured, contextLimit: Int = 4, log: DebugLog = DebugLog()) {
        self.state = UncheckedState(State(core: PerContextCache(context: context, limit: contextLimit, empty: HeightMatrix(), log: log)))
    }

    // MARK: Layout contexts

    /// The layout context lookups and stores use.
    public var context: LayoutContext { core.context }

    /// Every layout context whose heights are kept, the active one first, then most
    /// recently used first.
    ///
    /// - Complexity: O(`contextLimit`).
    public var contexts: [LayoutContext] { core.contexts }

    /// How many layout contexts are kept at most.
    public var contextLimit: Int { core.limit }

    /// Makes `context` the one lookups and stores use. Its heights come back if it was
    /// kept; otherwise it starts empty, and the least recently used context is dropped if
    /// that makes one too many.
    ///
    /// - Complexity: O(`contextLimit`).
    public func switchContext(to context: LayoutContext) {
        countSwitch(core.switchContext(to: context), cache: "index path cache")
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
        countLookup(core.active.height(section: section, row: row), at: "index path[\(section):\(row)]")
    }

    /// Whether a height is cached for a row in the active context; not counted as a lookup.
    ///
    /// FD's `existsHeightAtIndexPath:`, without its side effect of growing the storage.
    ///
    /// - Complexity: O(1).
    public func containsHeight(at indexPath: IndexPath) -> Bool {
        peekHeight(at: indexPath) != nil
    }

    /// The height cached for a row in the active context, or `nil`, read without counting a
    /// lookup or tracing: for estimates and skeleton rows, whose reads must not change what
    /// the statistics say about real rows. An index path that is not section-and-row has none.
    func peekHeight(at indexPath: IndexPath) -> CGFloat? {
        guard indexPath.count == 2 else { return nil }
        let height = core.active.height(section: indexPath[0], row: indexPath[1])
        return height.isNaN ? nil : height
    }

    /// A section header's or footer's height in the active context, or `nil`; not counted
    /// and not traced, as ``peekHeight(at:)``.
    func peekHeight(of element: SectionElement, inSection section: Int) -> CGFloat? {
        let height = core.active.height(section: section, slot: element.slot)
        return height.isNaN ? nil : height
    }

    /// The height cached for a section's header or footer in the active context, or `nil`;
    /// counts a hit or a miss.
    ///
    /// - Complexity: O(1).
    public func height(of element: SectionElement, inSection section: Int) -> CGFloat? {
        countLookup(core.active.height(section: section, slot: element.slot), at: "\(element) of section \(section)")
    }

    /// How many heights the active context holds (rows, headers and footers).
    public var count: Int { core.active.count }

    // MARK: Stores

    /// Caches a row's height in the active context, and turns ``automaticallyInvalidates``
    /// on, as FD's `cacheHeight:byIndexPath:` did.
    ///
    /// Bad input: a height that is negative, NaN or infinite, or an index path that is
    /// not section-and-row or is out of range (negative, or at or past section 2^20 or row
    /// 2^24), is not stored; the problem is counted and reported.
    ///
    /// - Complexity: O(1) amortised; storing past the last stored row of a section first
    ///   grows it to that row.
    public func store(_ height: CGFloat, at indexPath: IndexPath) {
        storingTurnsOnAlignment()
        guard indexPath.count == 2 else {
            report("not caching \(HeightFormat.string(height)) at index path \(Array(indexPath)): not a section and a row")
            return
        }
        store(height, section: indexPath[0], slot: .row(indexPath[1]))
    }

    /// Caches a section header's or footer's height in the active context, and turns
    /// ``automaticallyInvalidates`` on.
    ///
    /// Bad input: as for ``store(_:at:)``.
    ///
    /// - Complexity: O(1) amortised.
    public func store(_ height: CGFloat, for element: SectionElement, inSection section: Int) {
        storingTurnsOnAlignment()
        store(height, section: section, slot: element.slot)
    }

    private func store(_ height: CGFloat, section: Int, slot: HeightMatrix.Slot) {
        let place = Self.describe(section: section, slot: slot)
        guard accepts(height, at: place) else { return }
        guard (0..<IndexLimits.sections).contains(section), slot.row.map({ (0..<IndexLimits.rows).contains($0) }) ?? true else {
            report("not caching \(HeightFormat.string(height)) by \(place): out of range")
            return
        }
        core.active.store(height, section: section, slot: slot)
        core.active.checkInvariants()
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
        let forgotten = core.updateEach { $0.remove(section: section, slot: slot) ? 1 : 0 }
        countForgotten(forgotten, "invalidated \(Self.describe(section: section, slot: slot)) in \(forgotten) context(s)")
    }

    /// Forgets every height in every layout context. FD's `invalidateAllHeightCache`.
    ///
    /// - Complexity: O(`contextLimit`).
    public func invalidateAll() {
        let forgotten = core.removeAll()
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

/// Counting and tracing in `CacheBookkeeping`, with no access to the state open at a call-out.
extension IndexPathHeightCache: KeepsBooks {
    /// Whether an access to the state is open now (checked builds only; `false` otherwise).
    var isInsideStateAccess: Bool { state.isAccessed }

    func assertNoStateAccess(before callOut: @autoclosure () -> String) {
        state.assertNoAccess(before: callOut())
    }
}
