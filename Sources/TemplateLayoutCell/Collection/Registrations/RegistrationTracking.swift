#if canImport(UIKit)
import UIKit
import ObjectiveC

/// Records what every collection view registers, so templates can be built from the
/// registered class or nib instead of being dequeued: UIKit tracks every view it dequeues
/// and, when one is not returned from `cellForItemAt` (or the supplementary-view
/// callback), throws at the end of the next layout pass on iOS 18 and later ("Avoid
/// dequeuing views without a request from the collection view", UIKitCore 26.1, see
/// shared/reviews/2026-11-23-uikit-behaviour.md Q9). Its own registrations live in private
/// dictionaries, which the package does not read.
///
/// How: the same method replacement as the table's update tracking (``UpdateTracking``'s
/// `hook`): a block on UIKit's own selector, calling the implementation it replaced exactly
/// once, so other libraries' hooks before or after this one keep working.
///
/// When: at launch. Apps register in `viewDidLoad`, before any call of this package, so
/// installing on first use would miss them: the FDTemplateLayoutCell target's loader
/// (`FDTemplateLayoutCell.m`, part of the TemplateLayoutCell product) calls
/// ``templateLayoutCellInstallAtLaunch()`` before `main`. The first collection
/// view state also installs it, in case that loader was not linked; registrations made
/// before then are unknown, and requests naming them report it.
enum RegistrationTracking {
    /// Whether the tracking was installed from the launch-time loader (otherwise from a
    /// collection view's first request, or not yet).
    nonisolated(unsafe) private(set) static var installedAtLaunch = false
    // Read and written only inside `installation`'s one-time initialiser and after it.
    private static let installation: Void = install(on: UICollectionView.self)

    /// Installs the tracking on `UICollectionView` the first time it is called, from any
    /// thread; later calls do nothing (a Swift global's one-time initialisation).
    nonisolated static func installIfNeeded() {
        _ = installation
    }

    /// Installs from the launch-time loader and remembers it.
    nonisolated static func installAtLaunch() {
        installedAtLaunch = true
        installIfNeeded()
    }

    /// Installs the four registration hooks on `collectionClass`: `UICollectionView` in the
    /// app, a class made at run time in tests. Each call installs again: once per class.
    nonisolated static func install(on collectionClass: UICollectionView.Type) {
        recordClass(collectionClass, #selector(UICollectionView.register(_:forCellWithReuseIdentifier:) as (UICollectionView) -> (AnyClass?, String) -> Void))
        recordNib(collectionClass, #selector(UICollectionView.register(_:forCellWithReuseIdentifier:) as (UICollectionView) -> (UINib?, String) -> Void))
        recordSupplementaryClass(collectionClass, #selector(
            UICollectionView.register(_:forSupplementaryViewOfKind:withReuseIdentifier:) as (UICollectionView) -> (AnyClass?, String, String) -> Void))
        recordSupplementaryNib(collectionClass, #selector(
            UICollectionView.register(_:forSupplementaryViewOfKind:withReuseIdentifier:) as (UICollectionView) -> (UINib?, String, String) -> Void))
    }

    // An IMP is called with (self, _cmd, the method's arguments...).
    private typealias CellClassIMP = @convention(c) (UICollectionView, Selector, AnyClass?, NSString?) -> Void
    private typealias CellNibIMP = @convention(c) (UICollectionView, Selector, UINib?, NSString?) -> Void
    private typealias SupplementaryClassIMP = @convention(c) (UICollectionView, Selector, AnyClass?, NSString?, NSString?) -> Void
    private typealias SupplementaryNibIMP = @convention(c) (UICollectionView, Selector, UINib?, NSString?, NSString?) -> Void

    private nonisolated static func recordClass(_ collectionClass: AnyClass, _ selector: Selector) {
        UpdateTracking.hook(collectionClass, selector) { original in
            // imp_implementationWithBlock's block receives self first, and no _cmd.
            let block: @convention(block) (UICollectionView, AnyClass?, NSString?) -> Void = { view, viewClass, identifier in
                record(viewClass.map { .viewClass($0) }, kind: .cell, identifier: identifier, on: view)
                guard let imp = original.implementation else { return }
                unsafeBitCast(imp, to: CellClassIMP.self)(view, selector, viewClass, identifier)
            }
            return block
        }
    }

    private nonisolated static func recordNib(_ collectionClass: AnyClass, _ selector: Selector) {
        UpdateTracking.hook(collectionClass, selector) { original in
            let block: @convention(block) (UICollectionView, UINib?, NSString?) -> Void = { view, nib, identifier in
                record(nib.map { .nib($0) }, kind: .cell, identifier: identifier, on: view)
                guard let imp = original.implementation else { return }
                unsafeBitCast(imp, to: CellNibIMP.self)(view, selector, nib, identifier)
            }
            return block
        }
    }

    private nonisolated static func recordSupplementaryClass(_ collectionClass: AnyClass, _ selector: Selector) {
        UpdateTracking.hook(collectionClass, selector) { original in
            let block: @convention(block) (UICollectionView, AnyClass?, NSString?, NSString?) -> Void = { view, viewClass, kind, identifier in
                if let kind { record(viewClass.map { .viewClass($0) }, kind: .supplementary(kind as String), identifier: identifier, on: view) }
                guard let imp = original.implementation else { return }
                unsafeBitCast(imp, to: SupplementaryClassIMP.self)(view, selector, viewClass, kind, identifier)
            }
            return block
        }
    }

    private nonisolated static func recordSupplementaryNib(_ collectionClass: AnyClass, _ selector: Selector) {
        UpdateTracking.hook(collectionClass, selector) { original in
            let block: @convention(block) (UICollectionView, UINib?, NSString?, NSString?) -> Void = { view, nib, kind, identifier in
                if let kind { record(nib.map { .nib($0) }, kind: .supplementary(kind as String), identifier: identifier, on: view) }
                guard let imp = original.implementation else { return }
                unsafeBitCast(imp, to: SupplementaryNibIMP.self)(view, selector, nib, kind, identifier)
            }
            return block
        }
    }

    /// Records one registration; a `nil` identifier (Objective-C misuse UIKit itself
    /// rejects) records nothing.
    private nonisolated static func record(
        _ source: ReusableViewSource?, kind: ReusableViewKind, identifier: NSString?, on view: UICollectionView
    ) {
        guard let identifier else { return }
        view.templateRegistrations.record(source, kind: kind, identifier: identifier as String)
    }
}

/// Installs, once at launch, what must see the app before its first call of the package:
/// the collection-view registration tracking (registrations come in `viewDidLoad`) and the
/// table update tracking, as FD's `+load` did (a `reconfigureRows` already running when the
/// first call comes, from the app's `cellForRowAt`, must have been seen: review 20e, R20e-2).
/// Called by the FDTemplateLayoutCell target's loader. A C symbol of the package's own, not
/// public API.
@_cdecl("TemplateLayoutCellInstallAtLaunch")
package func templateLayoutCellInstallAtLaunch() {
    RegistrationTracking.installAtLaunch()
    // Image initializers run on the main thread (dyld), before UIApplicationMain.
    guard Thread.isMainThread else { return }
    MainActor.assumeIsolated { UpdateTracking.installIfNeeded() }
}
#endif
