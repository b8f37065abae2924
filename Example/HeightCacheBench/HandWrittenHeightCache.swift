import Foundation
import TemplateLayoutEngine

/// The height cache apps write by hand: a dictionary by index path in the view
/// controller, emptied whenever the table changes, because keeping it aligned is the
/// hard part.
///
/// It is never wrong after an update (it forgets everything) and never hits after one
/// either. A class with a stored dictionary, as a view controller holds it, so it pays
/// what such a property costs.
final class HandWrittenHeightCache {
    private var heights: [IndexPath: CGFloat] = [:]

    /// How many heights are cached.
    var count: Int { heights.count }

    /// The cached height of a row, or `nil`.
    @inline(__always)
    func height(at indexPath: IndexPath) -> CGFloat? {
        heights[indexPath]
    }

    /// Caches a row's height.
    func store(_ height: CGFloat, at indexPath: IndexPath) {
        heights[indexPath] = height
    }

    /// What the app does on every insert, delete, reload or move, batched or not.
    func tableDidChange() {
        // Keeping the capacity is what a careful app does: the rows come back soon.
        heights.removeAll(keepingCapacity: true)
    }

    /// What the app does on `reloadData`.
    func reloadData() {
        tableDidChange()
    }
}
