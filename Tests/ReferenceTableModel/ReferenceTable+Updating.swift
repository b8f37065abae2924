import Foundation
import TemplateLayoutEngine

extension ReferenceTable {
    /// Applies a batch by UIKit's rules, or refuses it as UIKit would.
    ///
    /// The rules, whatever order the calls come in:
    /// - Deletes, reloads and move sources name the table before the batch; inserts and
    ///   move destinations name it after.
    /// - Deleted and moved-away sections are taken out; inserted and moved sections go to
    ///   their new indexes; the others keep their order and fill the remaining places.
    ///   A moved section takes its rows along.
    /// - Within each section the same for rows; a moved row keeps its item, a reloaded row
    ///   or every row of a reloaded section keeps its place and gets a new revision,
    ///   and inserted rows, and the fresh rows an inserted section starts with, are new items.
    ///
    /// Bad input: nothing changes and ``InvalidBatchError`` says why. Refused are index
    /// paths that are not section-and-row, indexes out of range for their space, an index
    /// named twice in its space (across delete, reload and move source, or across insert
    /// and move destination), row changes inside a deleted or reloaded section, and fresh
    /// rows given for a section that is not inserted.
    ///
    /// - Parameters:
    ///   - updates: The calls of one batch.
    ///   - fresh: For each inserted section, by new index, how many new rows it starts with
    ///     besides those inserted or moved into it; unlisted ones start with none.
    /// - Throws: ``InvalidBatchError`` for a batch UIKit would refuse; the table is unchanged.
    /// - Complexity: O(*n* + *k*) for *n* rows in the table and *k* index paths named.
    public mutating func apply(_ updates: [TableUpdate], freshRowsInInsertedSections fresh: [Int: Int] = [:]) throws {
        let resolution = try BatchResolution(oldSizes: sectionSizes, updates: updates, freshRows: fresh)
        var nextID = nextItemID
        sections = resolution.newSections(from: sections, nextItemID: &nextID)
        nextItemID = nextID
    }

    /// Applies a ``ReferenceBatch``; see ``apply(_:freshRowsInInsertedSections:)``.
    ///
    /// Bad input: nothing changes and ``InvalidBatchError`` says why.
    ///
    /// - Complexity: O(*n* + *k*) for *n* rows in the table and *k* index paths named.
    public mutating func apply(_ batch: ReferenceBatch) throws {
        try apply(batch.updates, freshRowsInInsertedSections: batch.freshRowsInInsertedSections)
    }

    /// The table after a batch, leaving this one as it is.
    ///
    /// Bad input: ``InvalidBatchError`` says why the batch is refused.
    ///
    /// - Complexity: O(*n* + *k*) for *n* rows in the table and *k* index paths named.
    public func applying(_ batch: ReferenceBatch) throws -> ReferenceTable {
        var copy = self
        try copy.apply(batch)
        return copy
    }

    /// Whether UIKit would accept `batch` for this table.
    ///
    /// Bad input: an invalid batch is simply `false`; ``validationError(for:)`` says why.
    ///
    /// - Complexity: O(*s* + *k*) for *s* sections and *k* index paths named.
    public func accepts(_ batch: ReferenceBatch) -> Bool {
        validationError(for: batch) == nil
    }

    /// Why UIKit would refuse `batch` for this table, or `nil` if it would accept it.
    ///
    /// Bad input: reported, never thrown; the table is not changed either way.
    ///
    /// - Complexity: O(*s* + *k*) for *s* sections and *k* index paths named.
    public func validationError(for batch: ReferenceBatch) -> InvalidBatchError? {
        do {
            _ = try BatchResolution(oldSizes: sectionSizes, updates: batch.updates, freshRows: batch.freshRowsInInsertedSections)
            return nil
        } catch let error as InvalidBatchError {
            return error
        } catch {
            preconditionFailure("BatchResolution throws only InvalidBatchError, not \(error)")
        }
    }
}
