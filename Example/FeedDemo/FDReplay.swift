import Foundation
import PeerAlgorithms
import TemplateLayoutEngine

/// What FDTemplateLayoutCell's algorithm did when replayed beside a table; a phase's share
/// is the difference of two of these.
struct FDCounts {
    /// Heights it had to measure: misses, measured and cached as FD's resolver did.
    var layouts = 0
    /// Heights it returned from its cache that differ from a fresh layout of the entry now
    /// at that row: what an app on FD would have shown.
    var wrong = 0
    /// Updates on which it would have raised `NSRangeException` (the app crashing).
    var crashes = 0

    static func - (after: FDCounts, before: FDCounts) -> FDCounts {
        FDCounts(layouts: after.layouts - before.layouts, wrong: after.wrong - before.wrong, crashes: after.crashes - before.crashes)
    }

    static func + (lhs: FDCounts, rhs: FDCounts) -> FDCounts {
        FDCounts(layouts: lhs.layouts + rhs.layouts, wrong: lhs.wrong + rhs.wrong, crashes: lhs.crashes + rhs.crashes)
    }
}

/// FDTemplateLayoutCell's index-path cache (`PeerAlgorithms`) replayed on a simulated
/// table's session: told every update the table makes, call by call and at once, as FD's
/// swizzled `UITableView` methods saw them; emptied by `reloadData` and by a relaunch (FD
/// kept nothing on disk); asked every height the table asks. Its answers are counted and
/// checked, never shown: the table goes on with its own cache.
///
/// FD keyed its heights by device orientation, not by width or text size. The session's
/// widths (375 and 414 pt) are both portrait widths, so its portrait storage serves every
/// context, as FD's did when the width changed without a rotation (split view) or the text
/// size changed.
final class FDReplay {
    private var cache = FDAlgorithmHeightCache<ObjectiveCLikeCollections>()
    /// Counted over every launch.
    private(set) var counts = FDCounts()

    /// FD's swizzled `reloadData` emptied its storages.
    func reloadData() {
        guard !cache.hasCrashed else { return }
        cache.reloadData()
    }

    /// The updates of one batch, in the order the app made them.
    func apply(_ updates: [TableUpdate]) {
        guard !cache.hasCrashed else { return }
        for update in updates { cache.apply(update) }
        if cache.hasCrashed { counts.crashes += 1 }
    }

    /// A new process: an empty cache (a crashed app starts again too).
    func relaunch() {
        cache = FDAlgorithmHeightCache()
    }

    /// FD's `fd_heightForCellWithIdentifier:cacheByIndexPath:` for the row at `path`, whose
    /// entry a fresh layout measures `freshHeight`: a cached height is counted wrong if it
    /// differs; a miss is a layout, cached. Returns the height an app on FD would have
    /// shown (the pictures draw it), `nil` after a crash.
    @discardableResult
    func askHeight(at path: IndexPath, freshHeight: CGFloat) -> CGFloat? {
        // After a crash the app is gone until the next launch: nothing to count.
        guard !cache.hasCrashed else { return nil }
        if let height = cache.cachedHeight(at: path) {
            if height != freshHeight { counts.wrong += 1 }
            return height
        }
        counts.layouts += 1
        cache.cacheHeight(freshHeight, at: path)
        return freshHeight
    }
}
