#if canImport(UIKit)
import UIKit
import ObjectiveC

/// The four registration methods of `UITableView`: a template kept for an identifier the app
/// registers again with another class or nib is of the old class, and would be measured, or
/// fail the configure closure's type check, for the table's life (review 19a, C1).
extension UpdateTracking {
    private typealias RegisterIMP = @convention(c) (UITableView, Selector, AnyObject?, NSString?) -> Void

    nonisolated static func registrations(_ tableClass: AnyClass) {
        let cellClass = #selector(UITableView.register(_:forCellReuseIdentifier:) as (UITableView) -> (AnyClass?, String) -> Void)
        let cellNib = #selector(UITableView.register(_:forCellReuseIdentifier:) as (UITableView) -> (UINib?, String) -> Void)
        let viewClass = #selector(
            UITableView.register(_:forHeaderFooterViewReuseIdentifier:) as (UITableView) -> (AnyClass?, String) -> Void)
        let viewNib = #selector(
            UITableView.register(_:forHeaderFooterViewReuseIdentifier:) as (UITableView) -> (UINib?, String) -> Void)
        for (selector, headerFooter, isClass) in [
            (cellClass, false, true), (cellNib, false, false), (viewClass, true, true), (viewNib, true, false),
        ] {
            hook(tableClass, selector) { original in
                // The class or nib as an object: a class is an object to the runtime; `nil`
                // (unregistering) leaves a kept template as it is.
                let block: @convention(block) (UITableView, AnyObject?, NSString?) -> Void = { table, registered, identifier in
                    // Registering runs no app code: not a live call.
                    if let imp = original.implementation {
                        unsafeBitCast(imp, to: RegisterIMP.self)(table, selector, registered, identifier)
                    }
                    // After UIKit's method: a template made from here on is of the new entry.
                    guard Thread.isMainThread, let identifier else { return }
                    // Values, not the Objective-C objects: they cross into the main actor.
                    let name = identifier as String
                    let newClass: AnyClass? = isClass ? registered as? AnyClass : nil
                    let newNib = isClass ? nil : registered as? UINib
                    MainActor.assumeIsolated {
                        // Recorded for every table, state or not: templates may be made from it.
                        if !headerFooter { table.cellRegistrations.record(identifier: name, newClass: newClass, newNib: newNib) }
                        table.existingLayoutState?.registrationDidChange(
                            forIdentifier: name, headerFooter: headerFooter, newClass: newClass, newNib: newNib)
                    }
                }
                return block
            }
        }
    }
}
#endif
