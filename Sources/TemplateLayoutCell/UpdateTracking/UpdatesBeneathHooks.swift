#if canImport(UIKit)
import UIKit

/// `UITableView`'s `beginUpdates` and `endUpdates` as they were beneath the package's hooks
/// (UIKit's, or a library's that hooked them before): the update the package opens around a
/// reconfigure (``ReconfiguringTables``) goes straight to them. UIKit's own unbatched
/// reconfigure opens its update without sending either selector (UIKitCore 26.1,
/// `_setupCellAnimations`), so sent, they would reach the app's overrides and later hooks
/// (a chat table scrolling to its bottom at `endUpdates`) and the package's own accounting,
/// for an update the app never made (reviews 20k, 20l).
final class UpdatesBeneathHooks: @unchecked Sendable {
    // Sendable by its lock: both properties are read and written only while holding it.
    private let lock = NSLock()
    private var storedBegin: OriginalImplementation?
    private var storedEnd: OriginalImplementation?

    /// The kept `beginUpdates`.
    var begin: OriginalImplementation? {
        get { lock.withLock { storedBegin } }
        set { lock.withLock { storedBegin = newValue } }
    }

    /// The kept `endUpdates`.
    var end: OriginalImplementation? {
        get { lock.withLock { storedEnd } }
        set { lock.withLock { storedEnd = newValue } }
    }

    /// Keeps `original` at `keyPath`, when the hook on `UITableView` itself is made.
    func keep(_ original: OriginalImplementation, at keyPath: ReferenceWritableKeyPath<UpdatesBeneathHooks, OriginalImplementation?>) {
        self[keyPath: keyPath] = original
    }

    /// Opens an update on `table`, as a live call (UIKit may lay out and ask heights);
    /// `false` when there is no kept implementation (the hooks are not installed).
    @MainActor
    func beginUpdates(of table: UITableView) -> Bool {
        call(begin, #selector(UITableView.beginUpdates), on: table)
    }

    /// Ends the update ``beginUpdates(of:)`` opened.
    @MainActor
    func endUpdates(of table: UITableView) {
        _ = call(end, #selector(UITableView.endUpdates), on: table)
    }

    @MainActor
    private func call(_ original: OriginalImplementation?, _ selector: Selector, on table: UITableView) -> Bool {
        guard let imp = original?.implementation else { return false }
        // Named: a reconfigure from a cellForRowAt this update's end asks opens no update.
        UpdateTracking.callingUIKit(on: table) { unsafeBitCast(imp, to: UpdateTracking.PlainIMP.self)(table, selector) }
        return true
    }
}
#endif
