import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Issue 17, item 10: a row's own editing settings decide how its template is laid out in
/// editing mode; every row was measured with a delete control before.
@Suite struct RowEditingTests {
    @Test func uikitsDefaultsGiveTheIndentedControl() {
        #expect(RowEditing(canEdit: true, style: .delete, indents: true, movable: false) == .assumed)
        #expect(RowEditing(canEdit: true, style: .insert, indents: true, movable: false) == .assumed)
    }

    @Test func aRowWithNoControlNotIndentedAndNotMovableIsLaidOutUnedited() {
        let row = RowEditing(canEdit: true, style: .none, indents: false, movable: false)
        #expect(row == .none)
        #expect(!row.isEditing)
    }

    @Test func aRowThatCannotBeEditedIsLaidOutUneditedMovableOrNot() {
        #expect(RowEditing(canEdit: false, style: .delete, indents: true, movable: false) == .none)
        #expect(RowEditing(canEdit: false, style: .none, indents: true, movable: true) == .none,
                "no control, no indentation (canEditRowAt docs); its reorder control is not counted")
    }

    @Test func aRowWithNoControlButIndentationKeepsTheControlsWidth() {
        #expect(RowEditing(canEdit: true, style: .none, indents: true, movable: false) == .control(indents: true, movable: false))
    }

    @Test func anEditableMovableRowStaysInEditingModeWithoutAnEditingControl() {
        let row = RowEditing(canEdit: true, style: .none, indents: false, movable: true)
        #expect(row.isEditing && row.movable && !row.indents)
    }

    @Test func aDeleteControlWithoutIndentationIsNotIndented() {
        let row = RowEditing(canEdit: true, style: .delete, indents: false, movable: false)
        #expect(row.isEditing && !row.indents && !row.movable)
    }
}
