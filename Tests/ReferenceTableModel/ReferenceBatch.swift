import TemplateLayoutEngine

/// One batch of table changes as a data source makes them: the ``TableUpdate`` calls,
/// plus how many rows each inserted section starts with, which only the data source knows.
public struct ReferenceBatch: Hashable, Sendable, CustomStringConvertible {
    /// The calls, in the order they are made (which UIKit ignores).
    public var updates: [TableUpdate]
    /// For each inserted section, by its new index, how many new rows it starts with
    /// besides the rows inserted or moved into it. Sections not listed start with none.
    public var freshRowsInInsertedSections: [Int: Int]

    /// Creates a batch.
    ///
    /// Bad input: accepted here; ``ReferenceTable/apply(_:)`` validates it.
    ///
    /// - Complexity: O(1).
    public init(_ updates: [TableUpdate], freshRowsInInsertedSections: [Int: Int] = [:]) {
        self.updates = updates
        self.freshRowsInInsertedSections = freshRowsInInsertedSections
    }

    /// E.g. `[deleteRows [0:3], insertSections 1] fresh rows {1: 2}`, to paste into a test.
    public var description: String {
        let calls = "[" + updates.map(\.description).joined(separator: "; ") + "]"
        guard !freshRowsInInsertedSections.isEmpty else { return calls }
        let fresh = freshRowsInInsertedSections.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return calls + " fresh rows {" + fresh.joined(separator: ", ") + "}"
    }
}
