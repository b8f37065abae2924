#if canImport(UIKit)
import UIKit

/// Where a new template cell comes from: the table's dequeue, unless UIKit hands back a cell
/// that shows a row. While UIKit reconfigures a row, a dequeue without an index path returns
/// that row's shown cell (UIKitCore 26.1; reviews 19p P1, 20a R20a-1). That cell must never
/// be flagged, kept, configured or measured as a template: kept, every later miss would
/// reconfigure the row on screen with another row's content, and its flag would never clear.
extension TableLayoutState {
    /// What a template request found.
    enum TemplateCellLookup {
        /// The template to measure.
        case template(UITableViewCell)
        /// Nothing is registered for the identifier: misuse, reported by the caller.
        case unregistered
        /// The dequeue gave a cell that shows a row (a reconfigure in progress) and no other
        /// could be made: not misuse. The caller answers its fallback without caching; the
        /// table is asked for its heights again on the next turn, outside the reconfigure.
        case onlyShownCell

        /// The template found, if any.
        var cell: UITableViewCell? {
            if case .template(let cell) = self { return cell }
            return nil
        }
    }

    /// A new cell for `identifier`, not yet a template (the caller flags and keeps it):
    /// dequeued and taken out of the table's view tree; or, inside a reconfigure (where
    /// UIKit's dequeue gives the row's shown cell or raises) and when the dequeue gives a cell
    /// that shows a row, made from the identifier's registration if the hooks saw it.
    func newTemplateCell(withIdentifier identifier: String, in table: UITableView) -> TemplateCellLookup {
        // Inside a reconfigure UIKit's dequeue returns the shown cell, or raises for another
        // identifier (review 20c): not asked while a window may be open.
        if ReconfiguringTables.allowsDequeue(in: table) {
            guard let dequeued = table.dequeueReusableCell(withIdentifier: identifier) else { return .unregistered }
            // A pooled cell names no row (`indexPath(for:)`, UITableView.h: nil for a cell
            // that is not visible); a reconfigured row's cell does (a reconfigure the hook did
            // not see, such as one started before the hooks were installed).
            guard table.indexPath(for: dequeued) != nil else { return .template(Self.detachedTemplate(dequeued)) }
        }
        // Not dequeued again: UIKit would return the same cell until the reconfigure ends.
        if let registration = table.existingCellRegistrations?.cells[identifier],
           let made = Self.cell(from: registration, identifier: identifier) {
            heights.log.trace("layout cell made from the registration of \(identifier): a row is being reconfigured, where a dequeue gives its shown cell")
            return .template(made)
        }
        heights.log.trace("layout cell of \(identifier) asked while its row is reconfigured: answered without measuring")
        askForHeightsOnNextTurn(because: "a height was asked while a row was reconfigured")
        return .onlyShownCell
    }

    /// A cell made as UIKit makes one for `registration`: a class "initializes the cell by
    /// calling its init(style:reuseIdentifier:) method", a nib is loaded (UITableView.h,
    /// `dequeueReusableCell(withIdentifier:)`); `nil` when the nib holds no cell.
    private static func cell(from registration: TableCellRegistration, identifier: String) -> UITableViewCell? {
        switch registration {
        case .cellClass(let cellType):
            return cellType.init(style: .default, reuseIdentifier: identifier)
        case .nib(let nib):
            return nib.instantiate(withOwner: nil).lazy.compactMap { $0 as? UITableViewCell }.first
        }
    }

    /// A dequeued view made a template: out of the table's view tree. A view UIKit takes
    /// from its reuse pool is still the table's subview (pooled views stay in it, hidden for
    /// reuse; UIKitCore 26.1 `_reuseTableViewSubview:viewType:`), and the dequeue shows it:
    /// left there, a template would sit over the rows and take the window's traits (review
    /// 19o, O1).
    static func detachedTemplate<View: UIView>(_ view: View) -> View {
        if view.superview != nil { view.removeFromSuperview() }
        return view
    }
}
#endif
