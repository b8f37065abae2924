import Foundation

/// The items of a skeleton collection view and their sizes, decided when the skeleton is
/// shown (and again when the view's geometry moves on), read by its data source and layout
/// delegate while it shows.
///
/// As for tables (``SkeletonRowPlan``), deciding up front keeps source 1, the previous
/// load's sizes, which the reload that shows the skeleton forgets.
package struct SkeletonItemPlan: Hashable, Sendable {
    /// One section: its geometry and its items' free lengths, each with its source.
    package struct Section: Hashable, Sendable {
        /// The context the items were planned in: fixed dimension, fixed length, traits.
        package var context: LayoutContext
        /// The items' length along the scroll axis (the free dimension), in order.
        package var items: [SkeletonRowHeight]

        package init(context: LayoutContext, items: [SkeletonRowHeight]) {
            self.context = context
            self.items = items
        }
    }

    /// Each section, in order.
    package var sections: [Section]
    /// The length along the scroll axis the filling sections fill: the viewport it was
    /// planned for, or what its lines and spacing cover if that is more. `nil` when no
    /// section fills (every count was given).
    package var filledLength: CGFloat?

    package init(sections: [Section], filledLength: CGFloat? = nil) {
        self.sections = sections
        self.filledLength = filledLength
    }

    /// How many sections the plan has.
    package var numberOfSections: Int { sections.count }

    /// How many items `section` has; 0 for a section the plan does not have.
    ///
    /// - Complexity: O(1).
    package func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    /// The item at `indexPath`, or `nil` if the plan has none there (including index paths
    /// that are not section-and-item).
    ///
    /// - Complexity: O(1).
    package func item(at indexPath: IndexPath) -> SkeletonRowHeight? {
        guard indexPath.count == 2, sections.indices.contains(indexPath[0]),
              sections[indexPath[0]].items.indices.contains(indexPath[1]) else { return nil }
        return sections[indexPath[0]].items[indexPath[1]]
    }

    /// The size of the item at `indexPath`: the section's fixed length across the scroll
    /// axis, the item's planned length along it. `nil` if the plan has no item there.
    ///
    /// - Complexity: O(1).
    package func size(at indexPath: IndexPath) -> CGSize? {
        guard let item = item(at: indexPath) else { return nil }
        let context = sections[indexPath[0]].context
        switch context.fixedDimension {
        case .width: return CGSize(width: context.length, height: item.height)
        case .height: return CGSize(width: item.height, height: context.length)
        }
    }

    /// How many items each source gave, for a log line or a test.
    ///
    /// - Complexity: O(*n*) in the items.
    package var itemsBySource: [SkeletonHeightSource: Int] {
        sections.flatMap(\.items).reduce(into: [:]) { $0[$1.source, default: 0] += 1 }
    }

    /// Whether the items need planning again for a view whose sections are now in
    /// `contexts`, with `viewportLength` points visible along the scroll axis.
    ///
    /// Plans again when a section's context is measurable and not the one it was planned in
    /// (a first layout: a skeleton shown before the view had a width has no items yet; a
    /// rotation; a column-count or text-size change), or when every section is measurable
    /// and the viewport grew past what the plan fills. An unmeasurable context keeps the
    /// plan (a view that left its window has nothing better to plan for), and so does a
    /// smaller viewport (its items still fill it).
    ///
    /// Bad input: a number of contexts that is not the plan's plans again; a viewport length
    /// that is not a positive finite number never does by itself.
    ///
    /// - Complexity: O(sections).
    package func replanning(
        in contexts: [LayoutContext], viewportLength: CGFloat, isResizingInteractively: Bool
    ) -> SkeletonReplanDecision {
        guard needsPlanning(in: contexts, viewportLength: viewportLength) else { return .keep }
        return isResizingInteractively ? .replanAfterResize : .replan
    }

    private func needsPlanning(in contexts: [LayoutContext], viewportLength: CGFloat) -> Bool {
        guard contexts.count == sections.count else { return true }
        for (section, context) in zip(sections, contexts) where context.isMeasurable && context != section.context {
            return true
        }
        guard contexts.allSatisfy(\.isMeasurable), let filledLength, viewportLength.isFinite, viewportLength > 0 else { return false }
        return viewportLength > filledLength + SkeletonRowPlan.viewportTolerance
    }
}
