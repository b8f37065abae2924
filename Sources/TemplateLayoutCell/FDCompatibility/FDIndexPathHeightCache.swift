#if canImport(UIKit)
import UIKit

/// FDTemplateLayoutCell's index-path cache object, `tableView.fd_indexPathHeightCache`,
/// with its selectors and Swift names, over the engine's ``TemplateLayoutEngine/IndexPathHeightCache``.
///
/// Every call works in the table's current layout context (width and text size), not a
/// device orientation. Index paths are implicitly unwrapped, as Swift saw the pod's header:
/// a `nil` from Objective-C answers "no height" and is reported, where the pod raised.
@objc(FDIndexPathHeightCache)
@MainActor
public final class FDIndexPathHeightCache: NSObject {
    // Set once, possibly by the nonisolated `init()` (a fresh cache, shared with no one);
    // only main-actor methods use it afterwards.
    private nonisolated(unsafe) let cache: IndexPathHeightCache
    weak var table: UITableView?

    /// A cache attached to no table, as `[FDIndexPathHeightCache new]` made one in the pod:
    /// it stores and answers heights and follows no table's updates.
    // NSObject's `init` is nonisolated, and an override must match it; the Objective-C
    // runtime calls it for `+new` and `-init` on any thread.
    public nonisolated override init() {
        cache = IndexPathHeightCache()
        super.init()
    }

    init(cache: IndexPathHeightCache) {
        self.cache = cache
    }

    /// Whether table updates and `reloadData` keep the cache aligned, with the pod's rule:
    /// it reads `false` until the first height is cached or it is set, and every cached
    /// height turns it back on (FD's `cacheHeight:byIndexPath:` set it to `YES`), so turning
    /// it off lasts until the next cached height.
    @objc public var automaticallyInvalidateEnabled: Bool {
        get { cache.reportedAutomaticInvalidation }
        set { cache.automaticallyInvalidates = newValue }
    }

    /// Whether a height is cached for `indexPath`. FD's `existsHeightAtIndexPath:`.
    ///
    /// Bad input: `nil`, or an index path that is not section-and-row, has no height.
    ///
    /// - Complexity: O(1).
    @objc(existsHeightAtIndexPath:)
    @discardableResult
    public func existsHeight(at indexPath: IndexPath!) -> Bool {
        guard let indexPath = argument(indexPath, of: "existsHeightAtIndexPath:") else { return false }
        refreshContext()
        return cache.containsHeight(at: indexPath)
    }

    /// Caches `height` for `indexPath`, and turns `automaticallyInvalidateEnabled` on.
    /// FD's `cacheHeight:byIndexPath:`.
    ///
    /// Bad input: `nil`, a negative, NaN or infinite height, or an out-of-range index path,
    /// is not stored and is reported to the debug log.
    ///
    /// - Complexity: O(1) amortised.
    @objc(cacheHeight:byIndexPath:)
    public func cacheHeight(_ height: CGFloat, by indexPath: IndexPath!) {
        guard let indexPath = argument(indexPath, of: "cacheHeight:byIndexPath:") else { return }
        refreshContext()
        cache.store(height, at: indexPath)
    }

    /// The height cached for `indexPath`, or -1 when there is none, as FD answered.
    /// FD's `heightForIndexPath:`.
    ///
    /// Bad input: `nil` answers -1 ("no height").
    ///
    /// - Complexity: O(1).
    @objc(heightForIndexPath:)
    @discardableResult
    public func height(for indexPath: IndexPath!) -> CGFloat {
        guard let indexPath = argument(indexPath, of: "heightForIndexPath:") else { return -1 }
        refreshContext()
        return cache.height(at: indexPath) ?? -1
    }

    /// Forgets the height of `indexPath` in every layout context. FD's
    /// `invalidateHeightAtIndexPath:`.
    ///
    /// Bad input: `nil` forgets nothing.
    ///
    /// - Complexity: O(layout contexts kept).
    @objc(invalidateHeightAtIndexPath:)
    public func invalidateHeight(at indexPath: IndexPath!) {
        guard let indexPath = argument(indexPath, of: "invalidateHeightAtIndexPath:") else { return }
        cache.invalidateHeight(at: indexPath)
    }

    /// Forgets every height. FD's `invalidateAllHeightCache`.
    ///
    /// - Complexity: O(layout contexts kept).
    @objc public func invalidateAllHeightCache() {
        cache.invalidateAll()
    }

    private func argument(_ indexPath: IndexPath?, of selector: String) -> IndexPath? {
        if indexPath == nil { cache.log.problem("\(selector) was given a nil index path; FDTemplateLayoutCell raised, this answers \"no height\"") }
        return indexPath
    }

    private func refreshContext() {
        guard let table else { return }
        // The context, and the observed edits of this turn, as every other lookup sees them.
        _ = table.layoutState.refreshGeometry(of: table)
    }
}
#endif
