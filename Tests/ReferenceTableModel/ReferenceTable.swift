import Foundation

/// What a `UITableView` shows: sections of rows, each row an item with identity, changed
/// only by batches of ``TableUpdate`` under UIKit's rules (see ``apply(_:freshRowsInInsertedSections:)``).
///
/// Written apart from the engine, from UIKit's documented semantics alone, so that the
/// engine's height cache can be checked against it: a cached height is right for an
/// index path exactly when it was measured for the item the table now has there.
///
/// Items get ids in creation order, row by row and section by section, so a table made
/// with `init(sectionSizes: [2, 1])` holds `#0 #1` and `#2`.
///
/// A value type: copy one to keep the table as it was before a batch.
public struct ReferenceTable: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The items of each section, top to bottom.
    public internal(set) var sections: [[ReferenceItem]]
    /// The id the next new item gets.
    public internal(set) var nextItemID: Int

    /// Creates a table with sections of these many rows, all new items.
    ///
    /// - Parameters:
    ///   - sectionSizes: The rows of each section.
    ///   - firstItemID: The id of the first item. A table that replaces another (as after
    ///     `reloadData`) should start past the old one's ``nextItemID``, so that no row
    ///     of the new table can pass for a row of the old one.
    ///
    /// Bad input: a negative size makes an empty section.
    ///
    /// - Complexity: O(*n*) in the number of rows.
    public init(sectionSizes: [Int], firstItemID: Int = 0) {
        var nextID = firstItemID
        sections = sectionSizes.map { size in
            (0..<max(0, size)).map { _ in
                defer { nextID += 1 }
                return ReferenceItem(id: nextID)
            }
        }
        nextItemID = nextID
    }

    /// How many sections the table has.
    ///
    /// Bad input: none.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { sections.count }

    /// How many rows a section has.
    ///
    /// Bad input: a section outside the table has 0 rows.
    ///
    /// - Complexity: O(1).
    public func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    /// The number of rows of every section, in order.
    ///
    /// Bad input: none.
    ///
    /// - Complexity: O(*s*) in the number of sections.
    public var sectionSizes: [Int] { sections.map(\.count) }

    /// How many rows the table has in all.
    ///
    /// Bad input: none.
    ///
    /// - Complexity: O(*s*) in the number of sections.
    public var numberOfRows: Int { sections.reduce(0) { $0 + $1.count } }

    /// The item at an index path.
    ///
    /// Bad input: an index path that is not a section and a row, or is outside the
    /// table, has no item (`nil`).
    ///
    /// - Complexity: O(1).
    public func item(at indexPath: IndexPath) -> ReferenceItem? {
        guard indexPath.count == 2 else { return nil }
        return item(section: indexPath[0], row: indexPath[1])
    }

    /// The item at a section and row.
    ///
    /// Bad input: a section or row outside the table, negative ones included, has no
    /// item (`nil`).
    ///
    /// - Complexity: O(1).
    public func item(section: Int, row: Int) -> ReferenceItem? {
        guard sections.indices.contains(section), sections[section].indices.contains(row) else { return nil }
        return sections[section][row]
    }

    /// Every index path of the table, section by section, top to bottom.
    ///
    /// Bad input: none; a table without rows has none.
    ///
    /// - Complexity: O(*n*) in the number of rows.
    public var indexPaths: [IndexPath] {
        sections.indices.flatMap { section in
            sections[section].indices.map { IndexPath(referenceSection: section, row: $0) }
        }
    }

    /// Where each item is: the inverse of ``item(at:)``.
    ///
    /// Bad input: none; items are unique in a table made and changed by this type.
    ///
    /// - Complexity: O(*n*) in the number of rows.
    public var indexPathsByItem: [ReferenceItem: IndexPath] {
        var result: [ReferenceItem: IndexPath] = [:]
        result.reserveCapacity(numberOfRows)
        for (section, items) in sections.enumerated() {
            for (row, item) in items.enumerated() {
                result[item] = IndexPath(referenceSection: section, row: row)
            }
        }
        return result
    }

    /// The rows per section, e.g. `[3, 0, 5]`.
    public var description: String { "\(sectionSizes)" }

    /// Every item, e.g. `0: #0 #1r1 | 1: (empty) | 2: #7`.
    public var debugDescription: String {
        guard !sections.isEmpty else { return "(no sections)" }
        return sections.enumerated().map { section, items in
            "\(section): " + (items.isEmpty ? "(empty)" : items.map(\.description).joined(separator: " "))
        }.joined(separator: " | ")
    }

}

extension IndexPath {
    /// A section-and-row index path; Foundation on Linux has no `IndexPath(row:section:)`.
    /// Internal, so that it never collides with the extension a client writes for that.
    init(referenceSection section: Int, row: Int) {
        self.init(indexes: [section, row])
    }
}
