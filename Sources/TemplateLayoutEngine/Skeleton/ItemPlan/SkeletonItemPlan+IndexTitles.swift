import Foundation

/// The index titles of a collection view while its skeleton shows: the twin of
/// ``SkeletonRowPlan``'s section index (review 20d, R20d-2). The skeleton stands in for the
/// app's data source, which UIKit asks for `indexTitles(for:)` after every reload; a stand-in
/// answering none takes the index bar away while the skeleton shows. So the app's titles are
/// kept, and a tap on one scrolls to an item the skeleton has.
extension SkeletonItemPlan {
    /// The index titles to show: the app's, when the plan has an item for a tap to scroll to;
    /// `nil` (no index) otherwise.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    package func indexTitles(appTitles: [String]?) -> [String]? {
        sections.contains { !$0.items.isEmpty } ? appTitles : nil
    }

    /// The item a tap on the index title at `titleIndex` scrolls to: the app's answer, or the
    /// first item of the section at the title's position when the app gives none (Apple
    /// documents no default), moved to an item the plan has. An answer past a section's items
    /// gives its last item; a section without items gives the nearest item before it, or
    /// else after it.
    ///
    /// The app answers for its own items; the skeleton may have fewer, and UIKit scrolling to
    /// an item the view does not have is out of range.
    ///
    /// Bad input: an answer that is not a two-index path counts as none; a negative section
    /// or item counts as 0; a plan without items (which shows no index) gives [0, 0].
    ///
    /// - Complexity: O(*s*) for *s* sections.
    package func indexPath(forIndexTitleAt titleIndex: Int, appAnswer: IndexPath?) -> IndexPath {
        let wanted = appAnswer.flatMap { $0.count == 2 ? $0 : nil } ?? IndexPath(indexes: [titleIndex, 0])
        guard !sections.isEmpty else { return IndexPath(indexes: [0, 0]) }
        let section = min(max(wanted[0], 0), sections.count - 1)
        if !sections[section].items.isEmpty {
            return IndexPath(indexes: [section, min(max(wanted[1], 0), sections[section].items.count - 1)])
        }
        if let before = sections[..<section].lastIndex(where: { !$0.items.isEmpty }) {
            return IndexPath(indexes: [before, sections[before].items.count - 1])
        }
        if let after = sections[(section + 1)...].firstIndex(where: { !$0.items.isEmpty }) {
            return IndexPath(indexes: [after, 0])
        }
        return IndexPath(indexes: [0, 0])
    }
}
