#if canImport(UIKit)
import UIKit
import ObjectiveC

/// Everything this package keeps for one table: its height caches, its template cells and
/// what it last read of the table's geometry. Attached lazily to the table as an associated
/// object, so it lives exactly as long as the table.
///
/// Creating the first one in the process installs the update tracking (``UpdateTracking``)
/// on `UITableView`, before any height can be cached, so every table update that follows
/// is seen.
@MainActor
final class TableLayoutState {
    /// The engine: caches, measuring rule, statistics, log.
    let heights = TableHeightCache()
    /// Misuse (an unregistered identifier, a cell of the wrong class) asserts in debug
    /// builds, as FD did; tests of that misuse turn this off to see the fallback.
    var assertsOnMisuse = true
    /// Set just before a reload that keeps the index-path heights
    /// (`fd_reloadDataWithoutInvalidateIndexPathHeightCache`, a skeleton's own reloads); the
    /// reload's hook clears it, so a reload made from code that one runs forgets as usual.
    var keepsIndexPathHeightsOnReload = false

    /// The idle precache, once `fd_precacheEnabled` has been set.
    var precacheDriver: IdlePrecacheDriver?
    /// Batch fetching, while `fd_setBatchFetching` is on.
    var batchFetcher: BatchFetcher?
    /// The skeleton showing, if any.
    var skeleton: SkeletonController?
    /// Counts the app's skeleton shows and hides: a show that ran the app's placeholder code
    /// checks it afterwards, as that code may have hidden (or shown) meanwhile, in a run of the
    /// loop it spun (review 18d, P1).
    var skeletonRequests = 0
    /// Whether a show is planning its rows now (running the app's placeholder code). Cleared
    /// by the show when planned, and by a hide made meanwhile (the show gives way), so an
    /// exception through the placeholder code leaves it set until the app's next hide.
    var skeletonShowIsPlanning = false
    /// Updates held from UIKit while a skeleton shows (see `skeletonWillUpdate`).
    var skeletonGate = SkeletonUpdateGate()
    /// The observed reads of measurements, while `fd_invalidatesHeightsOnObservedChanges` is on.
    var observedHeights: ObservedHeights?

    /// The kept templates by identifier (read and replaced by `TableLayoutState+Registrations.swift`).
    var templateCells: [String: UITableViewCell] = [:]
    var templateHeaderFooters: [String: UITableViewHeaderFooterView] = [:]
    /// The kept templates being measured now. A configure closure that asks another height
    /// of the same identifier would otherwise reset and reconfigure the cell the outer
    /// request is half-way through configuring (review 18, F3).
    var templatesInUse: Set<ObjectIdentifier> = []
    /// Nibs registered for an identifier whose template is kept, compared at the next
    /// template request (see ``registrationDidChange(forIdentifier:headerFooter:newClass:newNib:)``).
    var nibsToCompare: [TemplateName: UINib] = [:]
    struct TemplateName: Hashable {
        var identifier: String
        var headerFooter: Bool
    }
    /// The text size and weight the templates were made at; below iOS 17 a changed one
    /// drops them.
    private var templatesTraits: (category: LayoutContext.ContentSizeCategory, weight: LayoutContext.LegibilityWeight)?
    private var geometryReader = TableGeometryReader()
    /// When the data source's index titles are asked, and what the index means for a request.
    private var sectionIndex = SectionIndexTracker()
    /// The settling of a pending section index, on the next turn.
    private lazy var sectionIndexSettling = NextTurn { [weak self] in self?.settleSectionIndex() }
    /// Whether the app put the table in editing mode (see ``isInEditMode(_:)``).
    private var appSetEditing: Bool
    /// Whether the window is being resized, and the end of a resize.
    let resizeWatch = SceneResizeWatch()
    /// The data source last checked for being diffable, held weakly: an identifier alone
    /// could name a new data source at a released one's address (review 18b, F7).
    private weak var checkedDataSource: AnyObject?
    private var checkedDataSourceIsDiffable = false
    /// Telling the index-path cache that the main queue turned.
    private lazy var turnEnd = NextTurn { [weak self] in self?.indexPathCacheTurnEnded() }
    /// One request for heights, on the next turn, however many callers ask before it.
    private lazy var heightRequest = NextTurn { [weak self] in self?.askForHeightsNow() }
    private var heightRequestReasons: [String] = []
    private var heightRequestIsAnimated = true
    /// The table this state belongs to (which holds it).
    /// The table; `nil` once it is gone. Read by ``ReconfiguringTables`` to end an update it
    /// left open.
    private(set) weak var table: UITableView?
    private var reportedOnce: Set<String> = []

    /// The FD-compatible wrappers, made once so that identity holds across calls.
    // Attached to the table once, from the state's own weak reference: a weak reference
    // formed from the table itself would trap when FD-era code reads a cache from the table's
    // deinit (review 20w); read during the table's dealloc, this one is nil.
    private(set) lazy var indexPathHeightCache: FDIndexPathHeightCache = {
        let cache = FDIndexPathHeightCache(cache: heights.indexPaths)
        cache.table = table
        return cache
    }()
    private(set) lazy var keyedHeightCache: FDKeyedHeightCache = {
        let cache = FDKeyedHeightCache(heights: heights)
        cache.table = table
        return cache
    }()

    /// Creates the state of `table`. Its editing mode is taken as the app's: a swipe in
    /// progress before the package's first call is not told apart.
    init(table: UITableView) {
        self.table = table
        appSetEditing = table.isEditing
        UpdateTracking.installIfNeeded()
        // Made inside performBatchUpdates (its layout loaded the table): start inside it.
        let calls = BatchCallsBeforeState.running(on: table)
        for _ in 0..<calls { heights.indexPaths.track(.batchCallEntered) }
        if calls > 0 { reportTurnEndToIndexPathCache() }
        // A height measured while the caches changed was answered uncached; UIKit keeps what
        // it was given until asked again.
        heights.heightChangedWhileMeasured = { [weak self] in
            MainActor.assumeIsolated { self?.askForHeightsOnNextTurn(because: "a height was measured while the table changed") }
        }
    }

    // MARK: Geometry

    /// Reads the table's width, style, margins, safe area, section index, scale, text size
    /// and weight, and editing state, switches the caches to the matching layout context,
    /// tells them whether the window is being resized, applies the observed edits made on
    /// the main thread this turn, and returns the geometry: what every request does before
    /// it reads a cache.
    func refreshGeometry(of table: UITableView) -> TableGeometry {
        askSectionIndexTitlesIfNeeded(of: table)
        let indexViewWidth = sectionIndex.looksForIndexView ? geometryReader.indexViewWidth(of: table) : nil
        let index = sectionIndex.reading(indexViewWidth: indexViewWidth)
        // UIKit adds the index view inside the reload that asked the heights (after its
        // content size), so by the next turn it is there, or never will be.
        if sectionIndex.needsSettling { sectionIndexSettling.schedule() }
        #if DEBUG
        if case .missing = index {
            reportOnce(
                "section index view",
                "this table has section index titles but no section index view (UIKit's private UITableViewIndex) was " +
                "found; cells are measured at the content width of a displayed cell instead. Please report the iOS version")
        }
        #endif
        // Through a copy: reading the table's properties runs no app code today, but a read of
        // the stored reader must not overlap a nested request's write (exclusivity).
        let reader = geometryReader
        let geometry = reader.geometry(of: table, index: index, isEditing: isInEditMode(table))
        let resizing = resizeWatch.isResizing(table)
        heights.switchContext(to: geometry.layoutContext)
        // Pending index: measured at the guessed width, not cached (the table asks again).
        heights.measuresProvisionally = geometry.sectionIndexIsPending && geometry.cellWidth > 0
        // After the switch: the context a resize ends in is the one whose heights are recorded.
        heights.isResizingInteractively = resizing
        heights.fallbackHeight = SizingRules.fallbackRowHeight(
            estimatedRowHeight: table.estimatedRowHeight, rowHeight: table.rowHeight)
        dropTemplatesIfTextChanged(to: (geometry.contentSizeCategory, geometry.legibilityWeight))
        applyObservedChangesMadeOnMainThread()
        return geometry
    }

    /// Asks the data source's index titles once per reload, as UIKit does, and counts the
    /// rows UIKit requires to show them. The tracker is marked first, and told only after
    /// both calls (mutating it around them would hold exclusive access across app code):
    /// a `sectionIndexTitles(for:)` or a row count that asks for a height gets a pending
    /// answer instead of asking again, without end.
    private func askSectionIndexTitlesIfNeeded(of table: UITableView) {
        guard sectionIndex.shouldAskTitles else { return }
        sectionIndex.willAskTitles()
        // An optional data source method: nil when the app does not implement it. While a
        // skeleton shows, its stand-in answers the app's titles: asked here as UIKit asks.
        let hasTitles = table.dataSource?.sectionIndexTitles?(for: table)?.isEmpty == false
        let hasRows = hasTitles && TableGeometryReader.hasRowsForIndex(table)
        sectionIndex.didAskTitles(hasTitles: hasTitles, hasRowsForIndex: hasRows)
    }

    /// After a pending answer (the index titles are there, the index view not yet): looks
    /// again, outside any height request, and has the table ask for its heights again once
    /// the width is known.
    private func settleSectionIndex() {
        guard let table, sectionIndex.needsSettling else { return }
        let found = geometryReader.indexViewWidth(of: table) != nil
        let cells = found ? [] : TableGeometryReader.displayedCells(of: table)
        let settled = sectionIndex.settle(
            indexViewFound: found, displayedCells: !cells.isEmpty,
            displayedContentWidth: TableGeometryReader.plainContentWidth(among: cells))
        if settled { table.askForHeightsAgain(because: "the section index is laid out", animated: false) }
    }

    /// The table's editing mode as the app set it: `isEditing`, unless only a swiped row is
    /// editing. A swipe makes `isEditing` true without the public `setEditing(_:animated:)`
    /// (UIKitCore 26.1), and only the swiped row gets a control; measuring every row with
    /// one would make them too tall.
    private func isInEditMode(_ table: UITableView) -> Bool {
        table.isEditing && appSetEditing
    }

    /// Below iOS 17 a view's traits cannot be overridden, and a template outside any window
    /// hears of no text-size or Bold Text change: labels with
    /// `adjustsFontForContentSizeCategory` keep their old fonts. New templates are dequeued
    /// instead, created with the fonts now in effect. (From iOS 17 templates take the table's
    /// text size and weight through trait overrides; see ``TemplatePreparation``.)
    private func dropTemplatesIfTextChanged(to traits: (category: LayoutContext.ContentSizeCategory, weight: LayoutContext.LegibilityWeight)) {
        defer { templatesTraits = traits }
        guard let previous = templatesTraits, previous != traits else { return }
        if #available(iOS 17, *) { return }
        if !templateCells.isEmpty || !templateHeaderFooters.isEmpty {
            heights.log.trace("text changed from \(previous.category) \(previous.weight) to \(traits.category) \(traits.weight): " +
                              "layout cells dropped, to be created again")
        }
        templateCells.removeAll()
        templateHeaderFooters.removeAll()
    }

    /// Called on `reloadData`: the section index may have come or gone.
    func tableDidReload() {
        sectionIndex.titlesMayHaveChanged()
        precacheDriver?.contentDidChange()
        observedHeights?.indexPathsMayHaveMoved()
        observedHeights?.modelsMayHaveBeenReplaced()
    }

    /// Called on `reloadSectionIndexTitles()`: UIKit asks the titles again, and may add or
    /// remove its index view.
    func sectionIndexTitlesDidReload() {
        sectionIndex.titlesMayHaveChanged()
        // Rows UIKit sized before (at an insert's end) were measured without the new index:
        // once UIKit has run its method and added the view, the table is asked again.
        askForHeightsOnNextTurn(because: "section index titles reloaded", animated: false)
    }

    /// Called on the public `setEditing(_:animated:)` and `isEditing`'s setter: the app's
    /// editing mode, which a swipe does not change.
    func appDidSetEditing(_ editing: Bool) {
        appSetEditing = editing
    }

    /// Called on every row or section update: planned rows may be other rows now.
    func tableDidUpdate() {
        precacheDriver?.contentDidChange()
        observedHeights?.indexPathsMayHaveMoved()
        observedHeights?.modelsMayHaveBeenReplaced()
    }

    // MARK: Update calls

    /// Tells the index-path cache, once, on the main queue's next turn, that no update call
    /// of this turn is still running (see `UpdateCallAccounting`). UIKit's update methods
    /// are synchronous, so none of them spans the turn.
    func reportTurnEndToIndexPathCache() {
        turnEnd.schedule()
    }

    private func indexPathCacheTurnEnded() {
        // A call still open now was cut short or closed privately: the cache forgets every
        // height, and UIKit, which asked for heights meanwhile, is asked again.
        let abandons = heights.indexPaths.isInsideUpdateCall
        heights.indexPaths.track(.turnEnded)
        if abandons { table?.askForHeightsAgain(because: "an update call was cut short", animated: false) }
    }

    // MARK: Asking for heights again

    /// Has the table ask for its rows' heights again on the next turn, once however many
    /// callers ask before it (see `UITableView.askForHeightsAgain(because:animated:)`);
    /// without animation if any caller asked so.
    func askForHeightsOnNextTurn(because reason: String, animated: Bool = true) {
        heightRequestReasons.append(reason)
        heightRequestIsAnimated = heightRequestIsAnimated && animated
        heightRequest.schedule()
    }

    private func askForHeightsNow() {
        let reasons = heightRequestReasons.joined(separator: ", ")
        let animated = heightRequestIsAnimated
        heightRequestReasons = []
        heightRequestIsAnimated = true
        table?.askForHeightsAgain(because: reasons, animated: animated)
    }

    /// Has the table ask for its rows' heights again when another table linked to the same
    /// persistence namespace forgets keyed heights (``UITableView/fd_invalidateHeight(forKey:)``
    /// there, or an observed change there): UITableView asks `heightForRowAt` again only on a
    /// reload, an update, or for rows that scroll in, so a forgotten height of a row on
    /// screen needs this.
    func asksForHeightsWhenPeersInvalidate() {
        // The engine calls it on the caches' thread, the main thread.
        heights.peerDidInvalidateKeyedHeights = { [weak self] in
            MainActor.assumeIsolated { self?.askForHeightsOnNextTurn(because: "heights forgotten by another table of the namespace") }
        }
    }

    // MARK: Index-path caching

    /// Whether heights may be cached by index path for this table right now (with the
    /// update tracking the index-path cache depends on installed, as it is once any state
    /// exists). Not with a diffable data source: its applies do go through the public
    /// `performBatchUpdates` or `reloadData` (UIKitCore 26.1's updater), but a drag-reorder
    /// commits its move with no selector at all, so index paths are not a safe key there
    /// (review 18, F4; do not "fix" this because an apply is seen): say so once, and measure
    /// without caching.
    func mayCacheByIndexPath(in table: UITableView) -> Bool {
        guard let dataSource = table.dataSource else { return true }
        if checkedDataSource !== dataSource {
            checkedDataSource = dataSource
            checkedDataSourceIsDiffable = Self.isDiffable(dataSource)
        }
        guard checkedDataSourceIsDiffable else { return true }
        reportOnce(
            "diffable",
            "this table's data source is a diffable data source, which can move rows without any " +
            "update method the index-path cache follows (a drag-reorder commit); heights asked by index " +
            "path are measured without caching. Cache by item identifier instead: fd_height(identifier:cacheBy: itemIdentifier)")
        return false
    }

    /// Whether `dataSource` is a diffable data source (UIKit's class or a subclass).
    static func isDiffable(_ dataSource: AnyObject) -> Bool {
        var cls: AnyClass? = object_getClass(dataSource)
        while let current = cls {
            // The Swift generic class and its Objective-C counterpart both carry this name.
            if NSStringFromClass(current).contains("DiffableDataSource") { return true }
            cls = class_getSuperclass(current)
        }
        return false
    }

    // MARK: Templates

    /// The template cell for `identifier`, dequeued once and kept (see
    /// ``newTemplateCell(withIdentifier:in:)``): `.unregistered` if the identifier is not
    /// registered, `.onlyShownCell` if UIKit gave a row's shown cell and no other could be made.
    /// The kept one is being measured (a request from inside a configure closure): a cell of
    /// its own, not kept.
    func templateCell(withIdentifier identifier: String, in table: UITableView) -> TemplateCellLookup {
        if let cell = templateCells[identifier], !templatesInUse.contains(ObjectIdentifier(cell)) {
            compareWithNibRegisteredSince(TemplateName(identifier: identifier, headerFooter: false), kept: cell, in: table)
            if let current = templateCells[identifier] { return .template(current) }
        }
        let lookup = newTemplateCell(withIdentifier: identifier, in: table)
        guard case .template(let cell) = lookup else { return lookup }
        cell.fd_isTemplateLayoutCell = true
        guard templateCells[identifier] == nil else {
            heights.log.trace("layout cell in use - \(identifier): a nested request gets a cell of its own")
            return .template(cell)
        }
        templateCells[identifier] = cell
        heights.log.trace("layout cell created - \(identifier)")
        return .template(cell)
    }

    /// The template header or footer view for `identifier`; `nil` if not registered. As for
    /// cells, a nested request while it is measured gets a view of its own.
    func templateHeaderFooterView(withIdentifier identifier: String, in table: UITableView) -> UITableViewHeaderFooterView? {
        if let view = templateHeaderFooters[identifier], !templatesInUse.contains(ObjectIdentifier(view)) {
            compareWithNibRegisteredSince(TemplateName(identifier: identifier, headerFooter: true), kept: view, in: table)
            if let current = templateHeaderFooters[identifier] { return current }
        }
        // Never a shown view: UITableView reconfigures rows only (`reconfigureRows(at:)`).
        guard let view = table.dequeueReusableHeaderFooterView(withIdentifier: identifier).map(Self.detachedTemplate) else { return nil }
        guard templateHeaderFooters[identifier] == nil else {
            heights.log.trace("layout header footer view in use - \(identifier): a nested request gets a view of its own")
            return view
        }
        templateHeaderFooters[identifier] = view
        heights.log.trace("layout header footer view created - \(identifier)")
        return view
    }

    /// Runs `measurement` of `template` with the template marked in use (see
    /// ``templateCell(withIdentifier:in:)``).
    /// A live call (``LiveCalls``): the app's configuration may spin the run loop.
    func measuring<T>(_ template: UIView, _ measurement: () -> T) -> T {
        let inserted = templatesInUse.insert(ObjectIdentifier(template)).inserted
        defer { if inserted { templatesInUse.remove(ObjectIdentifier(template)) } }
        return LiveCalls.during(measurement)
    }

    // MARK: Problems

    /// Reports misuse: to the log always, and as an assertion failure in debug builds
    /// unless turned off. Release builds go on with the safe result the caller returns.
    func reportMisuse(_ message: String) {
        heights.log.problem(message)
        if assertsOnMisuse { assertionFailure("TemplateLayoutCell: \(message)") }
    }

    /// Reports a problem to the log the first time `topic` comes up for this table.
    func reportOnce(_ topic: String, _ message: String) {
        guard reportedOnce.insert(topic).inserted else { return }
        heights.log.problem(message)
    }
}

extension UITableView {
    /// This table's state, created on first use.
    var layoutState: TableLayoutState {
        if let state = existingLayoutState { return state }
        let state = TableLayoutState(table: self)
        objc_setAssociatedObject(self, AssociationKeys.tableState, state, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return state
    }

    /// This table's state if anything has used it; the update hooks ask this so that tables
    /// that never use the package keep no state (their costs: `UpdateTracking`'s "When").
    var existingLayoutState: TableLayoutState? {
        objc_getAssociatedObject(self, AssociationKeys.tableState) as? TableLayoutState
    }
}
#endif
