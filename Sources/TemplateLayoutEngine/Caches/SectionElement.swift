import Foundation

/// A section's header or footer, whose height the index-path cache can hold and which
/// moves with its section.
public enum SectionElement: Hashable, Sendable, CustomStringConvertible {
    /// The view above the section's rows.
    case header
    /// The view below the section's rows.
    case footer

    var slot: HeightMatrix.Slot { self == .header ? .header : .footer }

    /// `header` or `footer`.
    public var description: String { self == .header ? "header" : "footer" }
}
