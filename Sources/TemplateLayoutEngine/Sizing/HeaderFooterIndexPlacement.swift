import Foundation

/// Whether a section index narrows the table's header and footer views as it narrows
/// cells. Which one UIKit follows is settled on a device by
/// `SelfSizingParityTests.testHeadersAndFootersWithASectionIndexMatchUIKit`; the switch is
/// ``TableGeometry/defaultHeaderFooterIndexPlacement``.
package enum HeaderFooterIndexPlacement: String, Hashable, Sendable {
    /// Headers and footers end where the index begins, as cells do.
    case besideIndex
    /// Headers and footers span the table; the index is drawn over their trailing end.
    case underIndex
}
