import Foundation

/// What happens to a table update the app makes while a skeleton shows.
///
/// While a skeleton shows, the table's data source is the skeleton's, which answers the
/// skeleton's row counts. An update the app makes then (`insertRows`, `deleteSections`,
/// `performBatchUpdates`, a diffable data source's animated apply) describes a change to the
/// app's rows, which the table is not showing: UIKit would check the skeleton's counts
/// against the change and stop the app with "invalid number of rows". Handing the app's data
/// source back first does not help either: the app has already changed its model, so UIKit
/// would count the new rows twice (once as there, once as inserted).
///
/// So the change is kept from UIKit, the skeleton is hidden (its data source given back) and
/// the table reloads, showing the app's rows as they are now. A batch begun while the
/// skeleton shows is kept from UIKit whole, `beginUpdates` to the matching `endUpdates`, and
/// the skeleton is hidden at its end only if it changed rows or sections; so the
/// `beginUpdates()`/`endUpdates()` pair apps call to animate height changes leaves the
/// skeleton in place. `reloadData` is never held: the skeleton's counts are consistent, and
/// UIKit itself calls `reloadData` when it lays out a table whose data source changed.
///
/// The UIKit layer's update hooks ask ``admit(_:isShowingSkeleton:)`` first, before UIKit
/// or the index-path cache hear of the call; `performBatchUpdates` is a `beginUpdates`, the
/// updates closure, and an `endUpdates`.
package struct SkeletonUpdateGate: Hashable, Sendable {
    /// A call of one of UIKit's update methods.
    package enum Call: Hashable, Sendable {
        /// An insert, delete, reload, reconfigure or move of rows or sections.
        case change
        /// `beginUpdates`, or the start of `performBatchUpdates`.
        case beginUpdates
        /// `endUpdates`, or the end of `performBatchUpdates`.
        case endUpdates
    }

    /// What the UIKit layer does with the call.
    package enum Action: Hashable, Sendable {
        /// UIKit's method runs as usual.
        case passThrough
        /// UIKit's method does not run; nothing else happens.
        case hold
        /// UIKit's method does not run; the skeleton is hidden if it still shows (the app's
        /// data source given back, with a debug message) and the table reloads.
        case hideAndReload
    }

    /// How deep the held batch is; 0 when none is held.
    package private(set) var depth = 0
    /// Whether the held batch changed rows or sections.
    package private(set) var heldChanges = false

    /// Creates a gate holding nothing.
    package init() {}

    /// Whether a batch is being held from UIKit.
    package var isHolding: Bool { depth > 0 }

    /// Decides what happens to `call`, given whether a skeleton shows now.
    ///
    /// A batch, once held, stays held until its matching end even if the skeleton hides
    /// inside it (the app may call `fd_hideSkeleton` between `beginUpdates` and
    /// `endUpdates`): UIKit never saw its beginning, so it must not see its end.
    ///
    /// Bad input: an `endUpdates` without a held batch passes through (UIKit judges it).
    package mutating func admit(_ call: Call, isShowingSkeleton: Bool) -> Action {
        switch call {
        case .change:
            if isHolding {
                heldChanges = true
                return .hold
            }
            return isShowingSkeleton ? .hideAndReload : .passThrough
        case .beginUpdates:
            if isHolding {
                depth += 1
                return .hold
            }
            guard isShowingSkeleton else { return .passThrough }
            depth = 1
            heldChanges = false
            return .hold
        case .endUpdates:
            guard isHolding else { return .passThrough }
            depth -= 1
            if isHolding { return .hold }
            defer { heldChanges = false }
            return heldChanges ? .hideAndReload : .hold
        }
    }
}
