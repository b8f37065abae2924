#if canImport(UIKit)
import UIKit

/// A call of one of UIKit's update methods, as the update hooks report it to the skeleton.
enum SkeletonUpdateCall {
    /// `insertSections`, `deleteSections`, `reloadSections`, `moveSection`, `insertRows`,
    /// `deleteRows`, `reloadRows`, `reconfigureRows` or `moveRow`, named for the debug message.
    case change(String)
    /// `beginUpdates()`.
    case beginUpdates
    /// `endUpdates()`.
    case endUpdates
    /// `performBatchUpdates(_:completion:)`, with its arguments.
    case performBatchUpdates((() -> Void)?, completion: ((Bool) -> Void)?)

    /// The calls without arguments, which the hooks name before any table is at hand.
    enum Plain: Sendable {
        case beginUpdates, endUpdates

        var call: SkeletonUpdateCall { self == .beginUpdates ? .beginUpdates : .endUpdates }
    }

    /// Takes this call through a skeleton's update gate, for tables and collection views
    /// alike: `admit` runs the gate's decision for one gate call (named for the debug
    /// message) and answers whether UIKit's method must not run. For
    /// `performBatchUpdates` the updates closure runs here, between the gate's begin and
    /// end, and the completion is called on a later turn of the main run loop, as UIKit
    /// calls it after its animations. `true` means the call was handled here.
    @MainActor
    func route(admit: (SkeletonUpdateGate.Call, String) -> Bool) -> Bool {
        switch self {
        case .change(let name):
            return admit(.change, name)
        case .beginUpdates:
            return admit(.beginUpdates, "beginUpdates()")
        case .endUpdates:
            return admit(.endUpdates, "endUpdates()")
        case .performBatchUpdates(let updates, let completion):
            guard admit(.beginUpdates, "performBatchUpdates(_:completion:)") else { return false }
            updates?()
            _ = admit(.endUpdates, "performBatchUpdates(_:completion:)")
            if let completion {
                // Later, as UIKit calls it, and not inside one of the package's calls.
                LiveCalls.onLaterTurn { completion(true) }
            }
            return true
        }
    }
}
#endif
