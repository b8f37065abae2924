import Foundation
import TemplateLayoutEngine

/// Skeleton rows while content loads, as the UIKit layer's `fd_showSkeleton` and
/// `fd_hideSkeleton` do: plan every row's height first, show the plan, and when the content
/// comes, reload and lay the real rows out.
extension SimulatedTable {
    /// Shows a skeleton of `sections`: plans each row's height from the first source that
    /// has one (previous load, keyed cache, placeholder measurement, identifier median,
    /// estimate) and as many rows as fill the viewport.
    ///
    /// Planning comes before anything forgets the previous load's heights, as in UIKit,
    /// where the skeleton's own reload keeps the index-path cache.
    ///
    /// - Parameter placeholder: The app's placeholder configuration, if it gives one: the
    ///   template is measured once with this sample content (not counted as a layout by
    ///   the cache's statistics, as the engine documents).
    func showSkeleton(_ sections: [SkeletonSection], placeholder: FeedEntry? = nil) {
        let template = template
        let context = context
        let measurePlaceholder: ((String) -> CGFloat?)? = placeholder.map { entry in
            { _ in template.height(for: entry, in: context) }
        }
        skeleton = cache.skeletonPlan(sections: sections, viewportHeight: viewportHeight, measurePlaceholder: measurePlaceholder)
    }

    /// The content came: the skeleton goes, the table reloads with `content` and asks the
    /// heights of the rows on screen, and each skeleton row is set beside the real row now
    /// at its index path (``PhaseNotes/skeleton``).
    func contentArrived(_ content: [FeedSection]) {
        guard let plan = skeleton else { preconditionFailure("contentArrived without showSkeleton") }
        skeleton = nil
        reloadData(with: content)
        var rows: [SkeletonOutcome.Row] = []
        for (section, planned) in plan.sections.enumerated() {
            for (row, height) in planned.enumerated() {
                let real = heightOnScreen(section: section, row: row)
                let entry = real == nil ? nil : self.entry(at: IndexPath(indexes: [section, row]))
                rows.append(SkeletonOutcome.Row(planned: height, real: real, entry: entry))
            }
        }
        notes.skeleton = SkeletonOutcome(rows: rows, context: context, template: template)
    }
}

extension SkeletonSection {
    /// A section of feed cells that fills the viewport, reading the keyed cache for the
    /// ids the app already knows (none if it knows none).
    static func feed(knownIDs: [Int] = []) -> SkeletonSection {
        SkeletonSection(identifier: FeedCellTemplate.identifier, keys: knownIDs.map { AnyHashable($0) })
    }
}
