import TemplateLayoutEngine

/// Why ``ReferenceTable`` refused a batch: the input UIKit would have raised an
/// `NSInternalInconsistencyException` for.
public struct InvalidBatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule a batch broke.
    public enum Reason: Hashable, Sendable {
        /// An index path that is not exactly a section and a row.
        case notSectionAndRow
        /// A section index outside the table before the batch (old space) or after it (new space).
        case sectionOutOfRange
        /// A section index named twice in one space: by delete, reload or move source
        /// (old), or by insert or move destination (new).
        case sectionNamedTwice
        /// A row index outside its section, before the batch (old space) or after it (new space).
        case rowOutOfRange
        /// An index path named twice in one space: by delete, reload or move source (old),
        /// or by insert or move destination (new).
        case rowNamedTwice
        /// A row change inside a section the same batch deletes.
        case rowInDeletedSection
        /// A row change inside a section the same batch reloads.
        case rowInReloadedSection
        /// A count of fresh rows given for a section the batch does not insert, or a
        /// negative count.
        case badFreshRowCount
    }

    /// The rule broken.
    public let reason: Reason
    /// The call that broke it, when one call did.
    public let update: TableUpdate?
    /// What exactly was wrong, in words, with the indexes involved.
    public let detail: String

    /// Creates an error.
    ///
    /// Bad input: none; any reason, call and wording are accepted.
    ///
    /// - Complexity: O(1).
    public init(_ reason: Reason, in update: TableUpdate?, _ detail: String) {
        self.reason = reason
        self.update = update
        self.detail = detail
    }

    /// E.g. `rowNamedTwice in "reloadRows [0:1]": old [0:1] is also named by "deleteRows [0:1]"`.
    public var description: String {
        let call = update.map { " in \"\($0)\"" } ?? ""
        return "\(reason)\(call): \(detail)"
    }
}
