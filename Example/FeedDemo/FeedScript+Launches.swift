import Foundation
import TemplateLayoutEngine

/// Later launches of the app: everything before them is launch 1. Each launch quits the
/// app (the keyed table's heights are flushed to its ``HeightDisk``) and starts it again
/// with new caches; the keyed table opens a new store on the same directory.
extension FeedScript {
    /// The launch phases. New entries take ids from `firstNewID` up.
    static func launchPhases(firstNewID: Int) -> [SessionPhase] {
        let refreshed = (0..<10).map { FeedGenerator.entry(id: firstNewID + $0) }
        return [
            SessionPhase(name: "launch 2: skeleton, then the same feed") { table in
                // The app saved the ids it showed when it quit, and the server sends the same feed.
                let content = table.content
                table.relaunch()
                table.showSkeleton([.feed(knownIDs: content[0].entries.map(\.id))])
                table.contentArrived(content)
            },
            SessionPhase(name: "launch 2: pull to refresh, 10 new at top") { table in
                table.performBatchUpdates { $0.insertRows(at: (0..<10).map { path(0, $0) }, entries: refreshed) }
            },
            SessionPhase(name: "launch 3: cell layout v2, skeleton, feed") { table in
                // A release that changed the cell's layout, and gives a placeholder configuration.
                let content = table.content
                table.relaunch(template: table.template.withLayoutVersion(2))
                table.showSkeleton([.feed(knownIDs: content[0].entries.map(\.id))], placeholder: FeedGenerator.placeholder)
                table.contentArrived(content)
            },
        ]
    }
}
