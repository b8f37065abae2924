import Foundation
import TemplateLayoutEngine

/// Skeletons on the running app: the table shows placeholder rows while a request is in
/// flight, then the content comes. Each phase notes how far the rows jumped (see
/// ``SkeletonOutcome``); the report sets the tables side by side.
extension FeedScript {
    /// The skeleton phases. New entries take ids from `firstNewID` up.
    static func skeletonPhases(firstNewID: Int) -> [SessionPhase] {
        let newOnTop = (0..<2).map { FeedGenerator.entry(id: firstNewID + $0) }
        // Estimated heights, the usual setting with skeletons: the estimate is their last source.
        let mode = HeightQueryMode.estimated(rowHeight: estimatedRowHeight)
        return [
            SessionPhase(name: "skeleton: pull to refresh, same posts", mode: mode) { table in
                // The response holds what the table showed. The app names the ids it shows;
                // the index-path table reads its previous load first anyway.
                let content = table.content
                table.showSkeleton([.feed(knownIDs: content[0].entries.map(\.id))])
                table.contentArrived(content)
            },
            SessionPhase(name: "skeleton: ids first, 2 new on top", mode: mode) { table in
                // A feed API that lists ids before posts (as Hacker News's does): the skeleton
                // knows every id, two of which were never measured.
                var content = table.content
                content[0].entries.insert(contentsOf: newOnTop, at: 0)
                table.showSkeleton([.feed(knownIDs: content[0].entries.map(\.id))])
                table.contentArrived(content)
            },
        ]
    }
}
