#if canImport(UIKit)
import UIKit

/// FDTemplateLayoutCell's keyed cache object, `tableView.fd_keyedHeightCache`, with its
/// selectors and Swift names, over the engine's ``TemplateLayoutEngine/KeyedHeightCache``.
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
        if let hashable = Self.hashableKey(key) { return hashable }
        cache.log.problem("key \(key) is not an NSObject, so it cannot be hashed; nothing is cached for it")
        return nil
    }

    /// An Objective-C key as a cache key; `nil` for a key that is not an `NSObject`. Not a
    /// copy: Foundation's strings, numbers and collections become a value snapshot as an
    /// `AnyHashable` already (a mutable one changed later cannot corrupt the cache), and a
    /// copy of a custom class keeping `NSObject`'s identity equality would never be found
    /// again (review 18g).
    static func hashableKey(_ key: NSCopying) -> AnyHashable? {
        (key as? NSObject).map(AnyHashable.init)
    }

    private func refreshContext() {
        guard let table else { return }
        // The context, and the observed edits of this turn, as every other lookup sees them.
        _ = table.layoutState.refreshGeometry(of: table)
    }
}
#endif
