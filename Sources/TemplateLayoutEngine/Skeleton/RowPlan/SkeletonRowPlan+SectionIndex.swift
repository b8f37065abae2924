import Foundation

/// The section index of a table while its skeleton shows.
///
/// The skeleton stands in for the app's data source, and UIKit (and the package, to know the
/// cell width) asks the data source for the index titles after every reload. A stand-in that
/// answered none would take the index away: the cells would widen, the plan made beside the
/// index would no longer hold, and the rows would be planned again where no height is cached,
/// then move again when the app's rows come back with their index. So the app's titles are
/// kept; a tap on one is sent to a section the skeleton has.
extension SkeletonRowPlan {
    /// The index titles to show while the skeleton shows: the app's, when the plan has a
    /// section for a tap to go to; `nil` (no index) otherwise.
    ///
    /// Bad input: an empty plan (a configuration without sections) shows no index, whatever
    /// the app's titles.
    package func sectionIndexTitles(appTitles: [String]?) -> [String]? {
        sections.isEmpty ? nil : appTitles
    }

    /// The section a tap on the index title at `titleIndex` scrolls to: the app's answer, or
    /// the title's position when the app gives none (Apple documents no default; one title
    /// per section is the common index), clamped to the plan's sections.
    ///
    /// The app answers for its own sections; the skeleton may have fewer, and a section past
    /// the last would be out of range for UIKit.
    ///
    /// An answer of `NSNotFound` or below 0 is the app's "no section" (the common answer for
    /// `UITableView.indexSearch`, after the app scrolled to its search bar itself): passed
    /// on unchanged, as UIKit would get it without the skeleton (review 20h).
    ///
    /// Bad input: a negative title position gives the first section; an answer past the
    /// plan the last; an empty plan (which shows no index) gives 0.
    ///
    /// - Complexity: O(1).
    package func section(forIndexTitleAt titleIndex: Int, appAnswer: Int?) -> Int {
        if let appAnswer, appAnswer < 0 || appAnswer == NSNotFound { return appAnswer }
        let last = sections.count - 1
        guard last >= 0 else { return 0 }
        return min(max(appAnswer ?? titleIndex, 0), last)
    }
}
