#if canImport(UIKit)
import UIKit
import ObjectiveC

/// Keeps each collection view's index-path size cache aligned with the view, with the same
/// selector replacement as tables (``UpdateTracking/hook(_:_:_:)``): `reloadData`, the insert,
/// delete, reload and move methods of items and sections, `reconfigureItems(at:)` where the
/// OS has it (iOS 15+), and `performBatchUpdates(_:completion:)`. What each tells the engine
/// is in `UICollectionView+UpdateTracking.swift`.
///
/// What UIKitCore does (26.1, `UICollectionView.mm`; docs/uikit-behaviour/collection-view-updates.md):
/// `performBatchUpdates` lays the view out, opens its batch with the private `_beginUpdates`
/// (UICollectionView has no public `beginUpdates`), runs the closure synchronously and closes
/// with the private `_endUpdatesWithInvalidationContext:…`; no public selector is sent, so the
/// engine is told of the call and its closure only. An item or section method called outside
/// a batch is a batch of its own, opened and closed privately (`_setupCellAnimations`,
/// `_endItemAnimationsWithInvalidationContext:`).
///
/// When: once per process, the first time any collection view's state is created, from
/// `CollectionLayoutState.init`. From then on every collection view passes through the
/// hooks; one that never used the package pays, per update call, the associated-object
/// lookups and the live-call bookkeeping (``LiveCalls``: a main run-loop observer is added
/// once per process), and per `performBatchUpdates` a small object for the call. Nothing of
/// it runs app code or retains the view.
///
/// Threads: as for tables. Off the main thread UIKit's method runs, the call is reported once
/// per process in debug builds, and the view's index-path sizes are forgotten on the main
/// queue's next turn, where the layout is asked for them again.
///
/// Skeletons: while one shows, its items are not the app's, so an update would fail UIKit's
/// item-count check; the block lets the skeleton take the call (it hides and reloads, see
/// `skeletonWillUpdate(_:)`) and UIKit's method is not called for it.
///
/// Subclasses that override these methods and call `super` reach the tracking through
/// `super`; one that does not call `super` is not tracked.
enum CollectionUpdateTracking {
    @MainActor private static var isInstalled = false

    /// Whether the tracking is installed on `UICollectionView` in this process.
    @MainActor static var installed: Bool { isInstalled }

    /// Installs the tracking on `UICollectionView` the first time it is called; later calls
    /// do nothing.
    @MainActor static func installIfNeeded() {
        guard !isInstalled else { return }
        isInstalled = true
        install(on: UICollectionView.self)
    }

    /// Says once per process, in debug builds, that an update method ran off the main thread.
    static let offMainThread = OffMainThreadReport(viewClass: "UICollectionView", cached: "index-path sizes")

    /// Installs the tracking on `viewClass`: `UICollectionView` in the app, a class made at
    /// run time in tests. Each call installs again, on top of what is there: call it once
    /// per class.
    nonisolated static func install(on viewClass: UICollectionView.Type) {
        plain(viewClass, #selector(UICollectionView.reloadData)) { $0.trackCollectionReloadData() }
        sections(viewClass, #selector(UICollectionView.insertSections(_:))) { $0.insertSections($1) }
        sections(viewClass, #selector(UICollectionView.deleteSections(_:))) { $0.deleteSections($1) }
        sections(viewClass, #selector(UICollectionView.reloadSections(_:))) { $0.reloadSections($1) }
        moveSection(viewClass)
        items(viewClass, #selector(UICollectionView.insertItems(at:))) { $0.insertRows(at: $1) }
        items(viewClass, #selector(UICollectionView.deleteItems(at:))) { $0.deleteRows(at: $1) }
        items(viewClass, #selector(UICollectionView.reloadItems(at:))) { $0.reloadRows(at: $1) }
        reconfigureItems(viewClass)
        moveItem(viewClass)
        batchUpdates(viewClass)
    }

    /// `reconfigureItems(at:)`, named by string: it is iOS 15 API, and the package still runs
    /// where UIKit lacks it.
    nonisolated static var reconfigureItemsSelector: Selector { NSSelectorFromString("reconfigureItemsAtIndexPaths:") }

    // MARK: The blocks, one shape of arguments each

    // An IMP is called with (self, _cmd, the method's arguments...).
    private typealias PlainIMP = @convention(c) (UICollectionView, Selector) -> Void
    private typealias SectionsIMP = @convention(c) (UICollectionView, Selector, NSIndexSet?) -> Void
    private typealias MoveSectionIMP = @convention(c) (UICollectionView, Selector, Int, Int) -> Void
    private typealias ItemsIMP = @convention(c) (UICollectionView, Selector, NSArray?) -> Void
    private typealias MoveItemIMP = @convention(c) (UICollectionView, Selector, NSIndexPath?, NSIndexPath?) -> Void
    private typealias Updates = @convention(block) () -> Void
    private typealias Completion = @convention(block) (Bool) -> Void
    private typealias BatchIMP = @convention(c) (UICollectionView, Selector, Updates?, Completion?) -> Void

    /// Tells the engine about a call of `selector` on `view` and answers whether UIKit's
    /// method may run: always off the main thread (an app bug UIKit only warns about: a
    /// report, and the view's index-path sizes forgotten on the main queue's next turn); on
    /// it, unless a skeleton showing on the view took the call (its items are not the app's,
    /// so UIKit's item-count check would raise; see `skeletonWillUpdate(_:)`), else after
    /// `track`.
    private nonisolated static func admit(
        _ selector: Selector, _ view: UICollectionView, changes: Bool = true, track: @MainActor () -> Void
    ) -> Bool {
        guard Thread.isMainThread else {
            offMainThread.report(selector)
            forgetIndexPathSizesOnMainThread(of: view)
            return true
        }
        let name = NSStringFromSelector(selector)
        // On the main thread the main actor's executor check passes: Swift checks the thread.
        return MainActor.assumeIsolated {
            if changes, view.skeletonWillUpdate(.change(name)) { return false }
            track()
            return true
        }
    }

    /// After an update off the main thread the index-path sizes may belong to other items;
    /// the engine is main-thread only, so they are forgotten on the main queue's next turn,
    /// and the layout is asked again: it took the misplaced sizes during the call.
    /// As for tables: the state is held weakly, never the view (review 20w).
    private nonisolated static func forgetIndexPathSizesOnMainThread(of view: UICollectionView) {
        // objc_getAssociatedObject is thread-safe.
        guard let found = objc_getAssociatedObject(view, AssociationKeys.collectionState) as? CollectionLayoutState else { return }
        let reference = WeakState(found)
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                guard let state = reference.state else { return }
                state.sizes.indexPaths.reloadData()
                state.askForSizesAgain(at: nil, because: "an update ran off the main thread")
            }
        }
    }

    private nonisolated static func plain(
        _ viewClass: AnyClass, _ selector: Selector, track: @escaping @MainActor @Sendable (UICollectionView) -> Void
    ) {
        UpdateTracking.hook(viewClass, selector) { original in
            // imp_implementationWithBlock's block receives self first, and no _cmd.
            let block: @convention(block) (UICollectionView) -> Void = { view in
                // A reload while a skeleton shows reloads the skeleton's items: not a change.
                let admitted = admit(selector, view, changes: false) { track(view) }
                guard admitted, let imp = original.implementation else { return }
                UpdateTracking.callingUIKit { unsafeBitCast(imp, to: PlainIMP.self)(view, selector) }
            }
            return block
        }
    }

    private nonisolated static func sections(
        _ viewClass: AnyClass, _ selector: Selector,
        update: @escaping @MainActor @Sendable (IndexPathHeightCache, IndexSet) -> Void
    ) {
        UpdateTracking.hook(viewClass, selector) { original in
            let block: @convention(block) (UICollectionView, NSIndexSet?) -> Void = { view, sections in
                let indexes = sections.map { $0 as IndexSet } ?? IndexSet()
                let admitted = admit(selector, view) { view.trackCollectionUpdate { update($0, indexes) } }
                guard admitted, let imp = original.implementation else { return }
                UpdateTracking.callingUIKit { unsafeBitCast(imp, to: SectionsIMP.self)(view, selector, sections) }
            }
            return block
        }
    }

    private nonisolated static func moveSection(_ viewClass: AnyClass) {
        let selector = #selector(UICollectionView.moveSection(_:toSection:))
        UpdateTracking.hook(viewClass, selector) { original in
            let block: @convention(block) (UICollectionView, Int, Int) -> Void = { view, section, newSection in
                let admitted = admit(selector, view) { view.trackCollectionUpdate { $0.moveSection(section, toSection: newSection) } }
                guard admitted, let imp = original.implementation else { return }
                UpdateTracking.callingUIKit { unsafeBitCast(imp, to: MoveSectionIMP.self)(view, selector, section, newSection) }
            }
            return block
        }
    }

    /// Items are rows for the engine.
    private nonisolated static func items(
        _ viewClass: AnyClass, _ selector: Selector,
        update: @escaping @MainActor @Sendable (IndexPathHeightCache, [IndexPath]) -> Void
    ) {
        UpdateTracking.hook(viewClass, selector) { original in
            let block: @convention(block) (UICollectionView, NSArray?) -> Void = { view, paths in
                let indexPaths = UpdateTracking.indexPathArray(paths)
                let admitted = admit(selector, view) { view.trackCollectionUpdate { update($0, indexPaths) } }
                guard admitted, let imp = original.implementation else { return }
                UpdateTracking.callingUIKit { unsafeBitCast(imp, to: ItemsIMP.self)(view, selector, paths) }
            }
            return block
        }
    }

    /// `reconfigureItems(at:)` keeps each item's cell but changes its content, so its size is
    /// forgotten at once, on the items as displayed: UIKit (26.1) carries it out when called,
    /// on the visible cells, and adds no update item. The layout keeps the size it has, so it
    /// is asked again (`trackCollectionReconfigure`). Installed only where the runtime has it.
    private nonisolated static func reconfigureItems(_ viewClass: AnyClass) {
        let selector = reconfigureItemsSelector
        // class_getInstanceMethod searches superclasses: nil before iOS 15, where no view has it.
        guard class_getInstanceMethod(viewClass, selector) != nil else { return }
        UpdateTracking.hook(viewClass, selector) { original in
            let block: @convention(block) (UICollectionView, NSArray?) -> Void = { view, paths in
                let indexPaths = UpdateTracking.indexPathArray(paths)
                let admitted = admit(selector, view) { view.trackCollectionReconfigure(at: indexPaths) }
                guard admitted, let imp = original.implementation else { return }
                UpdateTracking.callingUIKit { unsafeBitCast(imp, to: ItemsIMP.self)(view, selector, paths) }
            }
            return block
        }
    }

    private nonisolated static func moveItem(_ viewClass: AnyClass) {
        let selector = #selector(UICollectionView.moveItem(at:to:))
        UpdateTracking.hook(viewClass, selector) { original in
            let block: @convention(block) (UICollectionView, NSIndexPath?, NSIndexPath?) -> Void = { view, from, to in
                // nil from Objective-C: an empty index path, which the engine reports as bad input.
                let source = from.map { $0 as IndexPath } ?? IndexPath()
                let destination = to.map { $0 as IndexPath } ?? IndexPath()
                let admitted = admit(selector, view) { view.trackCollectionUpdate { $0.moveRow(at: source, to: destination) } }
                guard admitted, let imp = original.implementation else { return }
                UpdateTracking.callingUIKit { unsafeBitCast(imp, to: MoveItemIMP.self)(view, selector, from, to) }
            }
            return block
        }
    }

    private nonisolated static func batchUpdates(_ viewClass: AnyClass) {
        let selector = #selector(UICollectionView.performBatchUpdates(_:completion:))
        UpdateTracking.hook(viewClass, selector) { original in
            let block: @convention(block) (UICollectionView, Updates?, Completion?) -> Void = { view, updates, completion in
                // Read only on this, the main, thread, synchronously: not sent anywhere.
                nonisolated(unsafe) let skeletonCall = SkeletonUpdateCall.performBatchUpdates(updates, completion: completion)
                if Thread.isMainThread, MainActor.assumeIsolated({ view.skeletonWillUpdate(skeletonCall) }) {
                    return // The skeleton ran the updates, hid and reloaded; UIKit's method must not run.
                }
                guard let imp = original.implementation else { return }
                let uikit = unsafeBitCast(imp, to: BatchIMP.self)
                guard Thread.isMainThread else {
                    offMainThread.report(selector)
                    forgetIndexPathSizesOnMainThread(of: view)
                    uikit(view, selector, updates, completion)
                    return
                }
                // UIKit (26.1) lays the view out, opens privately, runs the closure
                // synchronously on this thread and closes privately, sending no public
                // selector: the engine takes the closure as the batch and applies it when the
                // closure returns, before UIKit resolves it and asks the layout. The layout
                // pass before the closure may create the state: the call is then entered at
                // the closure's start.
                let call = BatchCallTracking(view)
                call.enterIfTracked()
                let body: Updates = {
                    call.bodyStarted()
                    updates?()
                    call.bodyEnded()
                }
                // A live call: the app's closure, or a size it causes, may spin the run loop,
                // and the turn's end must not be seen inside it.
                UpdateTracking.callingUIKit { uikit(view, selector, body, completion) }
                call.leave()
            }
            return block
        }
    }
}

/// What one `performBatchUpdates` call on the main thread told the engine, so that each
/// of its four steps is told only to a state that saw the call enter. Used on the main
/// thread only, inside the call.
private final class BatchCallTracking: @unchecked Sendable {
    // Sendable because it is made, read and written on the main thread, inside one call.
    // Not weak: a weak reference cannot be formed to a view being deallocated, and a
    // subclass may call performBatchUpdates from its deinit (review 20w). Every use is inside
    // the hooked call, whose own argument keeps the view alive (UIKit runs the closure
    // synchronously, Q1).
    private unowned(unsafe) let view: UICollectionView
    private var entered = false
    private var bodyOpen = false

    init(_ view: UICollectionView) { self.view = view }

    /// Enters the call if the view has state now.
    func enterIfTracked() {
        guard !entered, Thread.isMainThread else { return }
        MainActor.assumeIsolated {
            guard view.existingCollectionLayoutState != nil else { return }
            view.trackCollectionUpdateCall(.batchCallEntered)
            entered = true
        }
    }

    /// The closure starts: a state made by the layout pass before it enters the call here.
    func bodyStarted() {
        enterIfTracked()
        guard entered, Thread.isMainThread else { return }
        MainActor.assumeIsolated { view.trackCollectionUpdateCall(.batchBodyStarted) }
        bodyOpen = true
    }

    func bodyEnded() {
        guard bodyOpen, Thread.isMainThread else { return }
        bodyOpen = false
        MainActor.assumeIsolated { view.trackCollectionUpdateCall(.batchBodyEnded) }
    }

    func leave() {
        guard entered, Thread.isMainThread else { return }
        entered = false
        MainActor.assumeIsolated { view.trackCollectionUpdateCall(.batchCallLeft) }
    }
}

/// A collection view held weakly by a `@Sendable` block; read only on the main thread.
final class WeakCollectionView: @unchecked Sendable {
    // Sendable because the one field is written once, in init, and read on the main thread.
    nonisolated(unsafe) weak var view: UICollectionView?

    nonisolated init(_ view: UICollectionView) { self.view = view }
}
#endif
