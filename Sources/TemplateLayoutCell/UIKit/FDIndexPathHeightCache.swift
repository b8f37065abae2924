#if canImport(UIKit)
import UIKit

/// FDTemplateLayoutCell's index-path cache object, `tableView.fd_indexPathHeightCache`,
/// with its selectors and Swift names, over the engine's ``IndexPathHeightCache``.
///
/// Every call works in the table's current layout context (width and text size), not a
/// device orientation.
@objc(FDIndexPathHeightCache)
@MainActor
public final class FDIndexPathHeightCache: NSObject {
    private let cache: IndexPathHeightCache
    weak var table: UITableView?

    init(cache: IndexPathHeightCache) {
        self.cache = cache
    }

    /// Whether table updates and `reloadData` keep the cache aligned. On by default (FD
    /// turned it on with the first cached height); turning it on also installs the update
    /// tracking.
    ///
    /// - Complexity: O(1).
    @objc public var automaticallyInvalidateEnabled: Bool {
        get { cache.automaticallyInvalidates }
        set {
            if newValue { UpdateTracking.installIfNeeded() }
            cache.automaticallyInvalidates = newValue
        }
    }

    /// Whether a height is cached for `indexPath`. FD's `existsHeightAtIndexPath:`.
    ///
    /// Bad input: an index path that is not section-and-row has no height.
    ///
    /// - Complexity: O(1).
    @objc(existsHeightAtIndexPath:)
    public func existsHeight(at indexPath: IndexPath) -> Bool {
        refreshContext()
        return cache.containsHeight(at: indexPath)
    }

    /// Caches `height` for `indexPath`. FD's `cacheHeight:byIndexPath:`.
    ///
    /// Bad input: a negative, NaN or infinite height, or an out-of-range index path, is not
    /// stored and is reported to the debug log.
    ///
    /// - Complexity: O(1) amortised.
    @objc(cacheHeight:byIndexPath:)
    public func cacheHeight(_ height: CGFloat, by indexPath: IndexPath) {
        refreshContext()
        UpdateTracking.installIfNeeded()
        cache.store(height, at: indexPath)
    }

    /// The height cached for `indexPath`, or -1 when there is none, as FD answered.
    /// FD's `heightForIndexPath:`.
    ///
    /// - Complexity: O(1).
    @objc(heightForIndexPath:)
    public func height(for indexPath: IndexPath) -> CGFloat {
        refreshContext()
        return cache.height(at: indexPath) ?? -1
    }

    /// Forgets the height of `indexPath` in every layout context. FD's
    /// `invalidateHeightAtIndexPath:`.
    ///
    /// - Complexity: O(layout contexts kept).
    @objc(invalidateHeightAtIndexPath:)
    public func invalidateHeight(at indexPath: IndexPath) {
        cache.invalidateHeight(at: indexPath)
    }

    /// Forgets every height. FD's `invalidateAllHeightCache`.
    ///
    /// - Complexity: O(layout contexts kept).
    @objc public func invalidateAllHeightCache() {
        cache.invalidateAll()
    }

    private func refreshContext() {
        guard let table else { return }
        _ = table.layoutState.refreshGeometry(of: table)
    }
}

/// FDTemplateLayoutCell's keyed cache object, `tableView.fd_keyedHeightCache`, with its
/// selectors and Swift names, over the engine's ``KeyedHeightCache``.
///
/// Keys are `NSCopying` objects as in FD; an `NSString` key and the Swift `String` of the
/// same text are the same key, so heights cached through `fd_height(identifier:cacheBy:)`
/// are found here too.
@objc(FDKeyedHeightCache)
@MainActor
public final class FDKeyedHeightCache: NSObject {
    /// The table's caches: invalidations go through them so persisted heights go too.
    private let heights: TableHeightCache
    private var cache: KeyedHeightCache<AnyHashable> { heights.keys }
    weak var table: UITableView?

    init(heights: TableHeightCache) {
        self.heights = heights
    }

    /// Whether a height is cached for `key`. FD's `existsHeightForKey:`.
    ///
    /// Bad input: a key that is not an `NSObject` (so cannot be hashed) has no height.
    ///
    /// - Complexity: O(1) on average.
    @objc(existsHeightForKey:)
    public func existsHeight(forKey key: NSCopying) -> Bool {
        refreshContext()
        guard let key = hashable(key) else { return false }
        return cache.containsHeight(forKey: key)
    }

    /// Caches `height` for `key`. FD's `cacheHeight:byKey:`.
    ///
    /// Bad input: an invalid height or an unhashable key is not stored and is reported.
    ///
    /// - Complexity: O(1) on average.
    @objc(cacheHeight:byKey:)
    public func cacheHeight(_ height: CGFloat, byKey key: NSCopying) {
        refreshContext()
        guard let key = hashable(key) else { return }
        cache.store(height, forKey: key)
    }

    /// The height cached for `key`, or 0 when there is none, as FD answered.
    /// FD's `heightForKey:`.
    ///
    /// - Complexity: O(1) on average.
    @objc(heightForKey:)
    public func height(forKey key: NSCopying) -> CGFloat {
        refreshContext()
        guard let key = hashable(key) else { return 0 }
        return cache.height(forKey: key) ?? 0
    }

    /// Forgets the height for `key` in every layout context, persisted ones included.
    /// FD's `invalidateHeightForKey:`.
    ///
    /// - Complexity: O(layout contexts kept) on average.
    @objc(invalidateHeightForKey:)
    public func invalidateHeight(forKey key: NSCopying) {
        guard let key = hashable(key) else { return }
        heights.invalidateHeight(forKey: key)
    }

    /// Forgets every height, persisted ones included. FD's `invalidateAllHeightCache`.
    ///
    /// - Complexity: O(layout contexts kept).
    @objc public func invalidateAllHeightCache() {
        heights.invalidateAllKeyedHeights()
    }

    private func hashable(_ key: NSCopying) -> AnyHashable? {
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
