#if canImport(UIKit)
import UIKit

/// FDTemplateLayoutCell's index-path cache object, `tableView.fd_indexPathHeightCache`,
/// with its selectors and Swift names, over the engine's ``IndexPathHeightCache``.
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
    ///
    /// - Complexity: O(1).
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
    ///
    /// - Complexity: O(1).
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
        _ = table.layoutState.refreshGeometry(of: table)
    }
}

/// FDTemplateLayoutCell's keyed cache object, `tableView.fd_keyedHeightCache`, with its
/// selectors and Swift names, over the engine's ``KeyedHeightCache``.
///
/// Keys are `NSCopying` objects as in FD, implicitly unwrapped as Swift saw the pod's
/// header; an `NSString` key and the Swift `String` of the same text are the same key, so
/// heights cached through `fd_height(identifier:cacheBy:)` are found here too.
@objc(FDKeyedHeightCache)
@MainActor
public final class FDKeyedHeightCache: NSObject {
    /// The table's caches: invalidations go through them so persisted heights go too. Set
    /// once, possibly by the nonisolated `init()`; only main-actor methods use it afterwards.
    private nonisolated(unsafe) let heights: TableHeightCache
    private var cache: KeyedHeightCache<AnyHashable> { heights.keys }
    weak var table: UITableView?

    /// A cache attached to no table, as `[FDKeyedHeightCache new]` made one in the pod.
    ///
    /// - Complexity: O(1).
    // NSObject's `init` is nonisolated, and an override must match it.
    public nonisolated override init() {
        heights = TableHeightCache()
        super.init()
    }

    init(heights: TableHeightCache) {
        self.heights = heights
    }

    /// Whether a height is cached for `key`. FD's `existsHeightForKey:`.
    ///
    /// Bad input: `nil`, or a key that is not an `NSObject` (so cannot be hashed), has no
    /// height.
    ///
    /// - Complexity: O(1) on average.
    @objc(existsHeightForKey:)
    @discardableResult
    public func existsHeight(forKey key: NSCopying!) -> Bool {
        refreshContext()
        guard let key = hashable(key, of: "existsHeightForKey:") else { return false }
        return cache.containsHeight(forKey: key)
    }

    /// Caches `height` for `key`. FD's `cacheHeight:byKey:`.
    ///
    /// Bad input: `nil` (which FD raised on), an invalid height or an unhashable key is not
    /// stored and is reported.
    ///
    /// - Complexity: O(1) on average.
    @objc(cacheHeight:byKey:)
    public func cacheHeight(_ height: CGFloat, byKey key: NSCopying!) {
        refreshContext()
        guard let key = hashable(key, of: "cacheHeight:byKey:") else { return }
        cache.store(height, forKey: key)
    }

    /// The height cached for `key`, or 0 when there is none, as FD answered.
    /// FD's `heightForKey:`.
    ///
    /// Bad input: `nil` answers 0, as FD did.
    ///
    /// - Complexity: O(1) on average.
    @objc(heightForKey:)
    @discardableResult
    public func height(forKey key: NSCopying!) -> CGFloat {
        refreshContext()
        guard let key = hashable(key, of: "heightForKey:") else { return 0 }
        return cache.height(forKey: key) ?? 0
    }

    /// Forgets the height for `key` in every layout context, persisted ones included.
    /// FD's `invalidateHeightForKey:`.
    ///
    /// Bad input: `nil` (which FD raised on) forgets nothing.
    ///
    /// - Complexity: O(layout contexts kept) on average.
    @objc(invalidateHeightForKey:)
    public func invalidateHeight(forKey key: NSCopying!) {
        guard let key = hashable(key, of: "invalidateHeightForKey:") else { return }
        heights.invalidateHeight(forKey: key)
    }

    /// Forgets every height, persisted ones included. FD's `invalidateAllHeightCache`.
    ///
    /// - Complexity: O(layout contexts kept).
    @objc public func invalidateAllHeightCache() {
        heights.invalidateAllKeyedHeights()
    }

    private func hashable(_ key: NSCopying?, of selector: String) -> AnyHashable? {
        guard let key else {
            cache.log.problem("\(selector) was given a nil key; answering \"no height\", as FDTemplateLayoutCell did for lookups")
            return nil
        }
        if let object = key as? NSObject { return AnyHashable(object) }
        cache.log.problem("key \(key) is not an NSObject, so it cannot be hashed; nothing is cached for it")
        return nil
    }

    private func refreshContext() {
        guard let table else { return }
        _ = table.layoutState.refreshGeometry(of: table)
    }
}
#endif
