import Foundation

/// How a row is laid out while its table is in editing mode, from the row's own editing
/// settings: what a template must be given so that its content is as wide as the displayed
/// row's.
///
/// A template cell can be given no editing style of its own (`UITableViewCell.editingStyle`
/// is read-only), only the editing mode and the indentation; its reorder control is the
/// cell's own `showsReorderControl`, which the app's configure closure sets. So a row
/// with style `.none` is either laid out unedited (not indented, not movable), or with the
/// cell's default control, whose width stands for the indentation.
package enum RowEditing: Hashable, Sendable {
    /// Laid out as outside editing mode: the row cannot be edited or moved, or shows no
    /// control and is not indented.
    case none
    /// An editing control (the default, delete; insert is as wide), indented or not; in a row
    /// that can move, the cell may show its reorder control, so the row stays in editing mode.
    case control(indents: Bool, movable: Bool)

    /// A row's editing style, as `UITableViewCell.EditingStyle` names it.
    package enum Style: Hashable, Sendable {
        case none, delete, insert
    }

    /// What a request that names no row (cached by key) assumes: the default control,
    /// indented, not movable.
    package static let assumed = RowEditing.control(indents: true, movable: false)

    /// The row's layout from what the table's data source and delegate say of it, each
    /// with UIKit's documented default when they do not: editable
    /// (`tableView(_:canEditRowAt:)`), `.delete` (`tableView(_:editingStyleForRowAt:)`),
    /// indented (`tableView(_:shouldIndentWhileEditingRowAt:)`), movable when the data
    /// source implements `tableView(_:moveRowAt:to:)` unless `tableView(_:canMoveRowAt:)`
    /// says no.
    package init(canEdit: Bool, style: Style, indents: Bool, movable: Bool) {
        // A row that cannot be edited gets no control and no indentation (canEditRowAt
        // docs); a reorder control it may show cannot be given without a delete control,
        // so it is laid out unedited, a little wider than shown.
        guard canEdit else { self = .none; return }
        let showsControl = canEdit && style != .none
        if !showsControl && !indents && !movable {
            self = .none
        } else {
            self = .control(indents: indents, movable: movable)
        }
    }

    /// Whether the template is put in editing mode.
    package var isEditing: Bool { self != .none }
    /// The template's `shouldIndentWhileEditing`.
    package var indents: Bool {
        if case .control(let indents, _) = self { return indents }
        return false
    }
    /// Whether the row can move (its cell may show a reorder control).
    package var movable: Bool {
        if case .control(_, let movable) = self { return movable }
        return false
    }
}
