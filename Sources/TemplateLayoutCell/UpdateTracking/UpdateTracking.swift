#if canImport(UIKit)
import UIKit
import ObjectiveC

/// Keeps each table's index-path cache aligned with the table, by putting this package's
/// implementation on UIKit's own update selectors (`reloadData`, the insert, delete, reload
/// and move methods of rows and sections, `reconfigureRows(at:)` where the OS has it (iOS
/// 15+), `beginUpdates`, `endUpdates`, `performBatchUpdates(_:completion:)`).
///
/// How: for each selector the implementation `UITableView` has is kept, and a block takes its
/// place on the same selector; the block tells the engine (see
/// `UITableView+UpdateTracking.swift`), then calls the kept implementation with the same
/// selector, exactly once. No method is renamed and no `fd_` selector is added for UIKit's
/// methods, so a library that hooked these methods earlier and looks its original up by
/// `_cmd` (DZNEmptyDataSet), or one that hooks them later and forwards by `_cmd` (Aspects),
/// still sees UIKit's selector and still reaches UIKit's method. Linking the
/// FDTemplateLayoutCell pod in the same app is unsupported: it exchanges the same methods.
///
/// Why not a subclass: apps use their own `UITableView` subclasses and storyboards; the pod's
/// users expect the cache to follow every table untouched.
///
/// When: once per process, at launch, from the package's constructor
/// (`TemplateLayoutCellInstallAtLaunch`), as the pod's `+load` did: a reconfigure already
/// running when the app's first package call comes must be seen (review 20e). Again, doing
/// nothing, from `TableLayoutState.init`, should the constructor not have run. Every table
/// passes through the hooks. A table without the package's state pays, per update call, a
/// few associated-object lookups, a count of the calls in progress (``ReconfiguringTables``) and
/// the live-call bookkeeping (a main run-loop observer is added once per process); per `register`, a recorded registration (``TableCellRegistrations``);
/// per `reconfigureRows`, a mark and one next-turn block; per `performBatchUpdates`, its
/// entry in ``BatchCallsBeforeState``. None of it runs app code or retains anything UIKit
/// does not. On a table the package measures, a reconfigure of a shown row also runs inside
/// an update the package opens with UIKit's own methods (``ReconfiguringTables``).
///
/// Threads: the blocks are `nonisolated`, so no Swift executor check can trap inside UIKit's
/// method. Off the main thread (an app bug UIKit only warns about) they call UIKit's method,
/// say so once per process in debug builds, and have the table's index-path heights
/// forgotten on the main queue's next turn (they may belong to other rows now).
///
/// Skeletons: while a skeleton shows, its rows are not the app's, so an update would fail
/// UIKit's row-count check; the block then lets the skeleton take the call (it hides and
/// reloads, see `skeletonWillUpdate(_:)`) and UIKit's method is not called for it.
///
/// Subclasses that override these methods and call `super` reach the tracking through
/// `super`; one that does not call `super` is not tracked.
enum UpdateTracking {
    @MainActor private static var isInstalled = false

    /// Whether the tracking is installed on `UITableView` in this process.
    @MainActor static var installed: Bool { isInstalled }

    /// Installs the tracking on `UITableView` the first time it is called; later calls do
    /// nothing.
    @MainActor static func installIfNeeded() {
        guard !isInstalled else { return }
        isInstalled = true
        install(on: UITableView.self)
    }

    /// Says once per process, in debug builds, that an update method ran off the main thread.
    static let offMainThread = OffMainThreadReport(viewClass: "UITableView", cached: "index-path heights")

    /// Installs the tracking on `tableClass`: `UITableView` in the app, a class made at run
    /// time in tests. Each call installs again, on top of what is there: call it once per
    /// class. A method `tableClass` only inherits is added to it, calling the superclass's
    /// implementation of the moment, so the superclass is left as it was.
    nonisolated static func install(on tableClass: UITableView.Type) {
        plain(tableClass, #selector(UITableView.reloadData), skeletonCall: nil) { $0.trackReloadData() }
        plain(tableClass, #selector(UITableView.reloadSectionIndexTitles), skeletonCall: nil) {
            $0.existingLayoutState?.sectionIndexTitlesDidReload()
        }
        plain(tableClass, #selector(UITableView.beginUpdates), skeletonCall: .beginUpdates, keep: \.begin) {
            $0.trackUpdateCall(.beginUpdates)
        }
        plain(tableClass, #selector(UITableView.endUpdates), skeletonCall: .endUpdates, keep: \.end) { $0.trackUpdateCall(.endUpdates) }
        sections(tableClass, #selector(UITableView.insertSections(_:with:))) { $0.insertSections($1) }
        sections(tableClass, #selector(UITableView.deleteSections(_:with:))) { $0.deleteSections($1) }
        sections(tableClass, #selector(UITableView.reloadSections(_:with:))) { $0.reloadSections($1) }
        moveSection(tableClass)
        rows(tableClass, #selector(UITableView.insertRows(at:with:))) { $0.insertRows(at: $1) }
        rows(tableClass, #selector(UITableView.deleteRows(at:with:))) { $0.deleteRows(at: $1) }
        rows(tableClass, #selector(UITableView.reloadRows(at:with:))) { $0.reloadRows(at: $1) }
        reconfigureRows(tableClass)
        moveRow(tableClass)
        batchUpdates(tableClass)
        editing(tableClass)
        registrations(tableClass)
    }

    // MARK: The blocks, one shape of arguments each

    // An IMP is called with (self, _cmd, the method's arguments...).
    typealias PlainIMP = @convention(c) (UITableView, Selector) -> Void

    /// UITableView's `beginUpdates`/`endUpdates` beneath the package's hooks.
    static let updatesBeneathHooks = UpdatesBeneathHooks()
    private typealias SectionsIMP = @convention(c) (UITableView, Selector, NSIndexSet?, UITableView.RowAnimation) -> Void
    private typealias MoveSectionIMP = @convention(c) (UITableView, Selector, Int, Int) -> Void
    private typealias RowsIMP = @convention(c) (UITableView, Selector, NSArray?, UITableView.RowAnimation) -> Void
    private typealias MoveRowIMP = @convention(c) (UITableView, Selector, NSIndexPath?, NSIndexPath?) -> Void
    private typealias ReconfigureIMP = @convention(c) (UITableView, Selector, NSArray?) -> Void
    private typealias SetEditingAnimatedIMP = @convention(c) (UITableView, Selector, Bool, Bool) -> Void
    private typealias SetEditingIMP = @convention(c) (UITableView, Selector, Bool) -> Void
    private typealias Updates = @convention(block) () -> Void
    private typealias Completion = @convention(block) (Bool) -> Void
    private typealias BatchIMP = @convention(c) (UITableView, Selector, Updates?, Completion?) -> Void

    /// Tells the engine about a call of `selector` on `table` and answers whether UIKit's
    /// method may run: always off the main thread (reported, the engine untouched); on it,
    /// unless a skeleton showing on the table took the call (see `skeletonWillUpdate(_:)`:
    /// its rows are not the app's, so UIKit's row-count check would fail), else after `track`.
    private nonisolated static func admit(
        _ selector: Selector, _ table: UITableView,
        skeletonCall: @MainActor () -> SkeletonUpdateCall?, track: @MainActor () -> Void
    ) -> Bool {
        guard Thread.isMainThread else {
            offMainThread.report(selector)
            forgetIndexPathHeightsOnMainThread(of: table)
            return true
        }
        // On the main thread the main actor's executor check passes: Swift checks the thread.
        return MainActor.assumeIsolated {
            if let call = skeletonCall(), table.skeletonWillUpdate(call) { return false }
            track()
            return true
        }
    }

    /// After an update off the main thread the index-path heights may belong to other rows;
    /// the engine is main-thread only, so they are forgotten on the main queue's next turn,
    /// and the table is asked again: UIKit took the misplaced heights during the call and
    /// asks a row's height only on a reload, an update, or as it scrolls in (review 18, F2).
    /// The state is read here and held weakly, never the table: the table may be being
    /// deallocated (a subclass's deinit on a background thread), and a weak reference to it
    /// cannot be formed then (review 20w). A table without state has nothing to forget.
    private nonisolated static func forgetIndexPathHeightsOnMainThread(of table: UITableView) {
        // objc_getAssociatedObject is thread-safe.
        guard let found = objc_getAssociatedObject(table, AssociationKeys.tableState) as? TableLayoutState else { return }
        let reference = WeakState(found)
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                guard let state = reference.state else { return }
                state.heights.indexPaths.reloadData()
                state.askForHeightsOnNextTurn(because: "an update ran off the main thread", animated: false)
            }
        }
    }

    private nonisolated static func plain(
        _ tableClass: AnyClass, _ selector: Selector, skeletonCall: SkeletonUpdateCall.Plain?,
        keep: ReferenceWritableKeyPath<UpdatesBeneathHooks, OriginalImplementation?>? = nil,
        track: @escaping @MainActor @Sendable (UITableView) -> Void
    ) {
        hook(tableClass, selector) { original in
            if let keep, tableClass === UITableView.self { updatesBeneathHooks.keep(original, at: keep) }
            // imp_implementationWithBlock's block receives self first, and no _cmd.
            let block: @convention(block) (UITableView) -> Void = { table in
                let admitted = admit(selector, table, skeletonCall: { skeletonCall?.call }, track: { track(table) })
                guard admitted, let imp = original.implementation else { return }
                callingUIKit(on: table) { unsafeBitCast(imp, to: PlainIMP.self)(table, selector) }
            }
            return block
        }
    }

    private nonisolated static func sections(
        _ tableClass: AnyClass, _ selector: Selector,
        update: @escaping @MainActor @Sendable (IndexPathHeightCache, IndexSet) -> Void
    ) {
        hook(tableClass, selector) { original in
            let name = NSStringFromSelector(selector)
            let block: @convention(block) (UITableView, NSIndexSet?, UITableView.RowAnimation) -> Void = { table, sections, animation in
                let indexes = sections.map { $0 as IndexSet } ?? IndexSet()
                let admitted = admit(selector, table, skeletonCall: { .change(name) },
                                     track: { table.trackUpdate { update($0, indexes) } })
                guard admitted, let imp = original.implementation else { return }
                callingUIKit(on: table) { unsafeBitCast(imp, to: SectionsIMP.self)(table, selector, sections, animation) }
            }
            return block
        }
    }

    private nonisolated static func moveSection(_ tableClass: AnyClass) {
        let selector = #selector(UITableView.moveSection(_:toSection:))
        hook(tableClass, selector) { original in
            let name = NSStringFromSelector(selector)
            let block: @convention(block) (UITableView, Int, Int) -> Void = { table, section, newSection in
                let admitted = admit(selector, table, skeletonCall: { .change(name) },
                                     track: { table.trackUpdate { $0.moveSection(section, toSection: newSection) } })
                guard admitted, let imp = original.implementation else { return }
                callingUIKit(on: table) { unsafeBitCast(imp, to: MoveSectionIMP.self)(table, selector, section, newSection) }
            }
            return block
        }
    }

    private nonisolated static func rows(
        _ tableClass: AnyClass, _ selector: Selector,
        update: @escaping @MainActor @Sendable (IndexPathHeightCache, [IndexPath]) -> Void
    ) {
        hook(tableClass, selector) { original in
            let name = NSStringFromSelector(selector)
            let block: @convention(block) (UITableView, NSArray?, UITableView.RowAnimation) -> Void = { table, paths, animation in
                let indexPaths = indexPathArray(paths)
                let admitted = admit(selector, table, skeletonCall: { .change(name) },
                                     track: { table.trackUpdate { update($0, indexPaths) } })
                guard admitted, let imp = original.implementation else { return }
                callingUIKit(on: table) { unsafeBitCast(imp, to: RowsIMP.self)(table, selector, paths, animation) }
            }
            return block
        }
    }

    /// `reconfigureRows(at:)`, named by string: it is iOS 15 API, and the package still runs
    /// where UIKit lacks it.
    nonisolated static var reconfigureRowsSelector: Selector { NSSelectorFromString("reconfigureRowsAtIndexPaths:") }

    /// `reconfigureRows(at:)` keeps each row's cell but changes its content, so its height is
    /// forgotten, at once, on the rows as displayed (UIKit carries it out when called; no
    /// batch item). Installed only where the runtime has the method.
    private nonisolated static func reconfigureRows(_ tableClass: AnyClass) {
        let selector = reconfigureRowsSelector
        // class_getInstanceMethod searches superclasses: nil before iOS 15, where no table has it.
        guard class_getInstanceMethod(tableClass, selector) != nil else { return }
        hook(tableClass, selector) { original in
            let name = NSStringFromSelector(selector)
            let block: @convention(block) (UITableView, NSArray?) -> Void = { table, paths in
                let indexPaths = indexPathArray(paths)
                let admitted = admit(selector, table, skeletonCall: { .change(name) },
                                     track: { table.trackUpdate { $0.reconfigureRows(at: indexPaths) } })
                guard admitted, let imp = original.implementation else { return }
                // UIKit runs the app's cellForRowAt inside this call, where a dequeue by
                // identifier alone must not happen (ReconfiguringTables).
                let onMain = Thread.isMainThread
                let ownUpdate = onMain && MainActor.assumeIsolated { ReconfiguringTables.enter(table, reconfiguring: indexPaths) }
                callingUIKit(on: table) { unsafeBitCast(imp, to: ReconfigureIMP.self)(table, selector, paths) }
                if onMain { MainActor.assumeIsolated { ReconfiguringTables.leave(table, endingOwnUpdate: ownUpdate) } }
            }
            return block
        }
    }

    private nonisolated static func moveRow(_ tableClass: AnyClass) {
        let selector = #selector(UITableView.moveRow(at:to:))
        hook(tableClass, selector) { original in
            let name = NSStringFromSelector(selector)
            let block: @convention(block) (UITableView, NSIndexPath?, NSIndexPath?) -> Void = { table, from, to in
                // nil from Objective-C: an empty index path, which the engine reports as bad input.
                let source = from.map { $0 as IndexPath } ?? IndexPath()
                let destination = to.map { $0 as IndexPath } ?? IndexPath()
                let admitted = admit(selector, table, skeletonCall: { .change(name) },
                                     track: { table.trackUpdate { $0.moveRow(at: source, to: destination) } })
                guard admitted, let imp = original.implementation else { return }
                callingUIKit(on: table) { unsafeBitCast(imp, to: MoveRowIMP.self)(table, selector, from, to) }
            }
            return block
        }
    }

    private nonisolated static func batchUpdates(_ tableClass: AnyClass) {
        let selector = #selector(UITableView.performBatchUpdates(_:completion:))
        hook(tableClass, selector) { original in
            let block: @convention(block) (UITableView, Updates?, Completion?) -> Void = { table, updates, completion in
                // Read only on this, the main, thread, synchronously: not sent anywhere.
                nonisolated(unsafe) let call = SkeletonUpdateCall.performBatchUpdates(updates, completion: completion)
                if Thread.isMainThread, MainActor.assumeIsolated({ table.skeletonWillUpdate(call) }) {
                    return // The skeleton ran the updates, hid and reloaded; UIKit's method must not run.
                }
                guard let imp = original.implementation else { return }
                let uikit = unsafeBitCast(imp, to: BatchIMP.self)
                guard Thread.isMainThread else {
                    offMainThread.report(selector)
                    forgetIndexPathHeightsOnMainThread(of: table)
                    uikit(table, selector, updates, completion)
                    return
                }
                // UIKit (18.2, 26.1) sends the public beginUpdates, runs the closure
                // synchronously on this thread, and closes privately, never with the public
                // endUpdates: the engine's accounting takes the closure as the batch and
                // applies it when the closure returns, before UIKit resolves it and asks
                // for heights (shared/reviews/2026-11-23-uikit-behaviour.md, Q1). Before its
                // beginUpdates UIKit lays the table out, which may load it and create its
                // state: a table without state is registered, so a state made inside the
                // call starts inside it.
                let hadState = MainActor.assumeIsolated {
                    guard table.existingLayoutState != nil else {
                        BatchCallsBeforeState.enter(table)
                        return false
                    }
                    table.trackUpdateCall(.batchCallEntered)
                    return true
                }
                let body: Updates = {
                    let onMain = Thread.isMainThread
                    if onMain { MainActor.assumeIsolated { table.trackUpdateCall(.batchBodyStarted) } }
                    updates?()
                    if onMain { MainActor.assumeIsolated { table.trackUpdateCall(.batchBodyEnded) } }
                }
                // A live call: the app's closure, or a height it causes, may spin the run loop,
                // and the turn's end must not be seen inside it.
                callingUIKit(on: table) { uikit(table, selector, body, completion) }
                MainActor.assumeIsolated {
                    if !hadState { BatchCallsBeforeState.leave(table) }
                    table.trackUpdateCall(.batchCallLeft)
                }
            }
            return block
        }
    }

    /// The public `setEditing(_:animated:)` and `isEditing`'s setter: what the app asked for.
    /// A swipe turns `isEditing` on through a private method (UIKitCore 26.1), not these.
    private nonisolated static func editing(_ tableClass: AnyClass) {
        for selector in [#selector(UITableView.setEditing(_:animated:)), NSSelectorFromString("setEditing:")] {
            hook(tableClass, selector) { original in
                let animatedBlock: @convention(block) (UITableView, Bool, Bool) -> Void = { table, editing, animated in
                    if Thread.isMainThread { MainActor.assumeIsolated { table.existingLayoutState?.appDidSetEditing(editing) } }
                    guard let imp = original.implementation else { return }
                    callingUIKit(on: table) { unsafeBitCast(imp, to: SetEditingAnimatedIMP.self)(table, selector, editing, animated) }
                }
                let plainBlock: @convention(block) (UITableView, Bool) -> Void = { table, editing in
                    if Thread.isMainThread { MainActor.assumeIsolated { table.existingLayoutState?.appDidSetEditing(editing) } }
                    guard let imp = original.implementation else { return }
                    callingUIKit(on: table) { unsafeBitCast(imp, to: SetEditingIMP.self)(table, selector, editing) }
                }
                return selector == #selector(UITableView.setEditing(_:animated:)) ? animatedBlock as Any : plainBlock as Any
            }
        }
    }
}

/// A layout state held weakly by a `@Sendable` block; read only on the main thread.
final class WeakState<State: AnyObject>: @unchecked Sendable {
    // Sendable because the one field is written once, in init, and read on the main thread.
    nonisolated(unsafe) weak var state: State?

    nonisolated init(_ state: State) { self.state = state }
}
#endif
