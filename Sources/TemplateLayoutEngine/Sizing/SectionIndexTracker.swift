import Foundation

/// What a table's section index means for a height request, and when its data source's
/// index titles are asked.
///
/// UIKit asks `sectionIndexTitles(for:)` once per `reloadData` (and at
/// `reloadSectionIndexTitles()`), and creates its index view only after the reload has
/// computed the content size: a table without estimated heights asks every row's height
/// before the index exists. A height measured then is measured too wide. So while the
/// table has titles, enough rows to show them and no index view yet, a request is
/// *pending*: it is measured at a guessed width (the index's last known width, else none)
/// and not cached, and once the main queue turns the UIKit layer settles the question
/// outside any height request, where reading the table's cells is allowed, and has the
/// table ask again.
///
/// The titles are asked once per reload, as UIKit asks them, never on every request (an
/// app's collation can be costly); a request made while they are being asked (the app's
/// `sectionIndexTitles(for:)` asking for a height) is pending, so it cannot recurse. Whether
/// the table has enough rows to show them is decided then too, as UIKit decides it when it
/// fetches the titles: rows inserted later add no index until the next reload.
package struct SectionIndexTracker: Hashable, Sendable {
    /// What the index contributes to one request.
    package enum Reading: Hashable, Sendable {
        /// No index: the data source has no titles, or too few rows for UIKit to show them.
        case none
        /// The index view was found; its width.
        case view(width: CGFloat)
        /// Titles, and no index view yet: the width is a guess, so nothing is cached.
        case pending
        /// Titles, no index view after UIKit's layout (its private class renamed): the
        /// content width of a displayed cell stands in, when one was read.
        case missing(displayedContentWidth: CGFloat?)
    }

    /// What the data source answered at the last reload: no titles (or too few rows for
    /// UIKit to show them), or an index to show.
    private enum Titles: Hashable, Sendable { case unknown, none, some }

    private var titles = Titles.unknown
    /// Whether `sectionIndexTitles(for:)` is being asked right now.
    private(set) var isAskingTitles = false
    /// Set by the settling check when the index view never came.
    private var missingIndex: CGFloat??
    /// Whether a pending answer was given that the settling check has not looked at yet.
    package private(set) var needsSettling = false

    /// Creates a tracker that has not asked for titles yet.
    package init() {}

    /// Whether the data source's titles must be asked before this request is answered.
    package var shouldAskTitles: Bool { titles == .unknown && !isAskingTitles }

    /// Marks the titles as being asked: requests made meanwhile are pending.
    package mutating func willAskTitles() {
        isAskingTitles = true
    }

    /// What the data source answered.
    ///
    /// - Parameters:
    ///   - hasTitles: Whether it has any title.
    ///   - hasRowsForIndex: Whether the table has at least `sectionIndexMinimumDisplayRowCount`
    ///     rows, below which UIKit shows no index. Counted by the caller before this mutating
    ///     call, while requests are still pending: counting can reach the app's data source,
    ///     which may ask for a height.
    package mutating func didAskTitles(hasTitles: Bool, hasRowsForIndex: Bool) {
        isAskingTitles = false
        titles = hasTitles && hasRowsForIndex ? .some : .none
    }

    /// Whether the UIKit layer should look for the index view for this request: only when
    /// UIKit shows an index (the walk over the table's subviews is not made for the others).
    package var looksForIndexView: Bool { titles == .some && !isAskingTitles }

    /// What the index contributes to a request, given the width of the index view found
    /// (`nil` if none was).
    ///
    /// - Complexity: O(1).
    package mutating func reading(indexViewWidth: CGFloat?) -> Reading {
        if isAskingTitles {
            needsSettling = true
            return .pending
        }
        guard titles == .some else { return .none }
        if let width = indexViewWidth {
            missingIndex = nil
            return .view(width: width)
        }
        if let missingIndex { return .missing(displayedContentWidth: missingIndex) }
        needsSettling = true
        return .pending
    }

    /// The check after a pending answer, made on the main queue's next turn, outside any
    /// height request. Answers whether the table must be asked for heights again: the
    /// question is settled (the index view came, or displayed cells show it never will).
    ///
    /// - Parameters:
    ///   - indexViewFound: Whether the index view is there now.
    ///   - displayedCells: Whether the table displays cells, so UIKit's layout has run.
    ///   - displayedContentWidth: A displayed cell's content width, when one could be read.
    package mutating func settle(indexViewFound: Bool, displayedCells: Bool, displayedContentWidth: CGFloat?) -> Bool {
        needsSettling = false
        if indexViewFound { return true }
        // Not laid out yet: the next request is pending again, and checks again.
        guard displayedCells else { return false }
        missingIndex = .some(displayedContentWidth)
        return true
    }

    /// The titles may have changed (`reloadData`, `reloadSectionIndexTitles()`): they are
    /// asked again at the next request.
    package mutating func titlesMayHaveChanged() {
        titles = .unknown
        missingIndex = nil
        // An Objective-C exception through the data source, caught by the app, skips the
        // answer that clears it; left set, every later request would stay pending (review 19a, P1).
        isAskingTitles = false
    }
}
