#if canImport(UIKit)
import UIKit

/// How far the rows moved when the real content replaced the skeleton: the frames of the
/// skeleton rows on screen, compared with the frames of the real rows at the same index
/// paths once they are laid out. 0 points is the point of sizing skeleton rows by real
/// heights: nothing jumps.
///
/// Built from the public table API only (`indexPathsForVisibleRows`, `rectForRow(at:)`);
/// the skeleton's plan, which records where each row's height came from, is not public,
/// so the readout reports the outcome rather than the sources (the debug log prints the
/// sources: `skeleton plan: ... by source ...`).
@MainActor
struct SkeletonJumpReadout {
    /// The skeleton rows visible when the data arrived, and their frames.
    private let skeletonFrames: [IndexPath: CGRect]

    /// Records the frames of the skeleton rows `tableView` shows now.
    init(skeletonRowsOf tableView: UITableView) {
        var frames: [IndexPath: CGRect] = [:]
        for indexPath in tableView.indexPathsForVisibleRows ?? [] {
            frames[indexPath] = tableView.rectForRow(at: indexPath)
        }
        skeletonFrames = frames
    }

    /// The largest change of a row's top or bottom edge, in points, over the rows both the
    /// skeleton and `tableView`'s real content have; `nil` when they have none in common.
    func largestMove(in tableView: UITableView) -> CGFloat? {
        tableView.layoutIfNeeded()
        var largest: CGFloat?
        for (indexPath, skeletonFrame) in skeletonFrames
        where indexPath.section < tableView.numberOfSections
            && indexPath.row < tableView.numberOfRows(inSection: indexPath.section) {
            let realFrame = tableView.rectForRow(at: indexPath)
            let move = max(abs(realFrame.minY - skeletonFrame.minY), abs(realFrame.maxY - skeletonFrame.maxY))
            largest = max(largest ?? 0, move)
        }
        return largest
    }

    /// E.g. `Content arrived: 9 rows moved at most 0 pt`.
    func summary(for tableView: UITableView) -> String {
        guard let move = largestMove(in: tableView) else { return "Content arrived: no rows to compare" }
        let points = move == 0 ? "0" : String(format: "%.1f", Double(move))
        return "Content arrived: \(skeletonFrames.count) skeleton rows, rows moved at most \(points) pt"
    }
}
#endif
