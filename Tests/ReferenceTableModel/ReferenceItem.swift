/// One row's content in a ``ReferenceTable``: an identity that follows the row through
/// moves, and a revision that changes when the row or its section is reloaded.
///
/// Two items are the same content exactly when both numbers are equal; a cached height
/// is right for a row only if it was measured for the item now there.
public struct ReferenceItem: Hashable, Sendable, CustomStringConvertible {
    /// Which row this is; unique within a table, never reused.
    public let id: Int
    /// How many times the row has been reloaded.
    public let revision: Int

    /// Creates an item.
    ///
    /// Bad input: none; any numbers are accepted.
    ///
    /// - Complexity: O(1).
    public init(id: Int, revision: Int = 0) {
        self.id = id
        self.revision = revision
    }

    /// The same row with new content, as after `reloadRows` or `reloadSections`.
    ///
    /// Bad input: none (a revision of `Int.max` traps on overflow, after 2⁶³ reloads).
    ///
    /// - Complexity: O(1).
    public func reloaded() -> ReferenceItem {
        ReferenceItem(id: id, revision: revision + 1)
    }

    /// `#12`, or `#12r2` once reloaded twice.
    public var description: String {
        revision == 0 ? "#\(id)" : "#\(id)r\(revision)"
    }
}
