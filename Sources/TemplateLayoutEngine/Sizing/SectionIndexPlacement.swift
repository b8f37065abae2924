import Foundation

/// Where the section index sits relative to the trailing section inset of an inset-grouped
/// table. Plain and grouped tables have no section inset, so both rules agree for them.
///
/// Which one UIKit follows is settled on a device by
/// `SelfSizingParityTests.testInsetGroupedWithASectionIndexMatchesUIKit`; the switch is
/// ``TableGeometry/defaultSectionIndexPlacement``.
package enum SectionIndexPlacement: String, Hashable, Sendable {
    /// The index takes its width on top of the trailing inset (safe area or section inset):
    /// cells move in by the index's width in every style.
    case besideSectionInset
    /// The index sits inside the trailing section inset: cells move in only as far as the
    /// index needs beyond the safe area, when that is more than the section inset.
    case withinSectionInset
}
