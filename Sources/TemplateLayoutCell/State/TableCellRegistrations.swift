#if canImport(UIKit)
import UIKit
import ObjectiveC

/// What the app registered for a cell identifier.
enum TableCellRegistration {
    case cellClass(UITableViewCell.Type)
    case nib(UINib)

    /// The registration `register(_:forCellReuseIdentifier:)` was called with; `nil` when it
    /// removed the entry (a `nil` class or nib) or named no cell class.
    init?(newClass: AnyClass?, newNib: UINib?) {
        if let newNib {
            self = .nib(newNib)
        } else if let cellType = newClass as? UITableViewCell.Type {
            self = .cellClass(cellType)
        } else {
            return nil
        }
    }
}

/// A table's cell registrations, as the registration hooks saw them from launch on (the
/// hooks are installed by the package's constructor), kept beside the table rather than in
/// its state: apps register in `viewDidLoad`, before their first call of the package. A
/// template that cannot be dequeued (inside a row's reconfigure) is made from them (reviews
/// 20a, 20e, 20g). Storyboard prototype cells are registered through no public method, so
/// they are not known here.
@MainActor
final class TableCellRegistrations {
    /// The registration of each cell identifier. Internal and settable so that a test can
    /// stand for a storyboard's prototypes, which no hook sees.
    var cells: [String: TableCellRegistration] = [:]

    /// Records a registration; a `nil` class or nib removes the identifier's, as UIKit does.
    func record(identifier: String, newClass: AnyClass?, newNib: UINib?) {
        cells[identifier] = TableCellRegistration(newClass: newClass, newNib: newNib)
    }
}

extension UITableView {
    /// This table's recorded cell registrations, made on the first one.
    var cellRegistrations: TableCellRegistrations {
        if let existing = existingCellRegistrations { return existing }
        let registrations = TableCellRegistrations()
        objc_setAssociatedObject(self, AssociationKeys.tableCellRegistrations, registrations, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return registrations
    }

    /// This table's recorded cell registrations, if it registered any since the hooks were
    /// installed.
    var existingCellRegistrations: TableCellRegistrations? {
        objc_getAssociatedObject(self, AssociationKeys.tableCellRegistrations) as? TableCellRegistrations
    }
}
#endif
