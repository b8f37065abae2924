#if canImport(UIKit)
import UIKit

/// The collection-view sizes for Objective-C, named as the pod's table methods are
/// (`fd_heightForCellWithIdentifier:...`), which the pod never had for collection views.
/// Configuration blocks take `id`, so Objective-C callers pass blocks typed with their own
/// cell class, `^(MyCell *cell) {...}`, as with the table methods.
///
/// Bad input, for every method here: a `nil` identifier, index path or key is reported once
/// and answers the fallback size (see `fd_size(identifier:fittingWidth:cacheBy:configure:)` (by index path));
/// a key that is not an `NSObject` cannot be hashed: the size is measured and not cached.
/// Otherwise as for the Swift methods.
extension UICollectionView {
    /// The size of the configured cell registered for `identifier` at `width`, its height
    /// cached by index path.
    ///
    /// Bad input: see the extension.
    ///
    /// - Complexity: O(1) on a hit; one Auto Layout pass on a miss.
    @objc(fd_sizeForCellWithIdentifier:fittingWidth:cacheByIndexPath:configuration:)
    @discardableResult
    public func fd_sizeForCell(
        withIdentifier identifier: String!, fittingWidth width: CGFloat, cacheBy indexPath: IndexPath!,
        configuration: ((Any?) -> Void)!
    ) -> CGSize {
        objcSize(identifier, fixing: .width, length: width, indexPath: indexPath, hasIndexPath: true, configuration: configuration)
    }

    /// The size of the configured cell registered for `identifier` at `width`, its height
    /// cached by `key`.
    ///
    /// Bad input: see the extension.
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    @objc(fd_sizeForCellWithIdentifier:fittingWidth:cacheByKey:configuration:)
    @discardableResult
    public func fd_sizeForCell(
        withIdentifier identifier: String!, fittingWidth width: CGFloat, cacheByKey key: NSCopying!, configuration: ((Any?) -> Void)!
    ) -> CGSize {
        objcSize(identifier, fixing: .width, length: width, key: key, hasKey: true, configuration: configuration)
    }

    /// The size of the configured cell registered for `identifier` at `width`, not cached.
    ///
    /// Bad input: see the extension.
    ///
    /// - Complexity: one Auto Layout pass.
    @objc(fd_sizeForCellWithIdentifier:fittingWidth:configuration:)
    @discardableResult
    public func fd_sizeForCell(withIdentifier identifier: String!, fittingWidth width: CGFloat, configuration: ((Any?) -> Void)!) -> CGSize {
        objcSize(identifier, fixing: .width, length: width, configuration: configuration)
    }

    /// The size of the configured cell registered for `identifier` at `height`, its width
    /// cached by index path.
    ///
    /// Bad input: see the extension.
    ///
    /// - Complexity: O(1) on a hit; one Auto Layout pass on a miss.
    @objc(fd_sizeForCellWithIdentifier:fittingHeight:cacheByIndexPath:configuration:)
    @discardableResult
    public func fd_sizeForCell(
        withIdentifier identifier: String!, fittingHeight height: CGFloat, cacheBy indexPath: IndexPath!,
        configuration: ((Any?) -> Void)!
    ) -> CGSize {
        objcSize(identifier, fixing: .height, length: height, indexPath: indexPath, hasIndexPath: true, configuration: configuration)
    }

    /// The size of the configured cell registered for `identifier` at `height`, its width
    /// cached by `key`.
    ///
    /// Bad input: see the extension.
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    @objc(fd_sizeForCellWithIdentifier:fittingHeight:cacheByKey:configuration:)
    @discardableResult
    public func fd_sizeForCell(
        withIdentifier identifier: String!, fittingHeight height: CGFloat, cacheByKey key: NSCopying!, configuration: ((Any?) -> Void)!
    ) -> CGSize {
        objcSize(identifier, fixing: .height, length: height, key: key, hasKey: true, configuration: configuration)
    }

    /// The size of the configured cell registered for `identifier` at `height`, not cached.
    ///
    /// Bad input: see the extension.
    ///
    /// - Complexity: one Auto Layout pass.
    @objc(fd_sizeForCellWithIdentifier:fittingHeight:configuration:)
    @discardableResult
    public func fd_sizeForCell(withIdentifier identifier: String!, fittingHeight height: CGFloat, configuration: ((Any?) -> Void)!) -> CGSize {
        objcSize(identifier, fixing: .height, length: height, configuration: configuration)
    }

    /// The one path of the Objective-C methods: `nil` arguments answered with the fallback
    /// (reported once per method), then the Swift path.
    private func objcSize(
        _ identifier: String?, fixing dimension: LayoutContext.FixedDimension, length: CGFloat,
        indexPath: IndexPath? = nil, hasIndexPath: Bool = false, key: NSCopying? = nil, hasKey: Bool = false,
        configuration: ((Any?) -> Void)?
    ) -> CGSize {
        let state = collectionLayoutState
        let method = "fd_sizeForCellWithIdentifier:fitting\(dimension == .width ? "Width" : "Height"):" +
            (hasIndexPath ? "cacheByIndexPath:" : hasKey ? "cacheByKey:" : "") + "configuration:"
        let missing = identifier == nil ? "identifier" : (hasIndexPath && indexPath == nil) ? "index path" : (hasKey && key == nil) ? "key" : nil
        guard let identifier, missing == nil else {
            let fallback = ItemSizingRules.size(
                fixing: dimension, fixedLength: length,
                freeLength: fallbackLength(along: ItemSizingRules.freeDimension(when: dimension), kind: .cell),
                fallbackFixedLength: fallbackLength(along: dimension, kind: .cell))
            state.reportOnce("nil \(missing ?? "") in \(method)", "\(method) was given a nil \(missing ?? ""); answering \(fallback)")
            return fallback
        }
        let request = CollectionTemplateRequest.identifier(identifier, kind: .cell)
        let configure: (UICollectionViewCell) -> Void = { cell in configuration?(cell) }
        if let indexPath {
            return templateSize(request, fixing: dimension, length: length, key: itemKey(for: indexPath), indexPath: indexPath, configure: configure)
        }
        var cacheKey = HeightCacheKey.none
        if let key {
            if let hashable = FDKeyedHeightCache.hashableKey(key) {
                cacheKey = .key(hashable)
            } else {
                state.reportOnce("unhashable key", "key \(key) is not an NSObject, so it cannot be hashed; sizes for it are not cached")
            }
        }
        return templateSize(request, fixing: dimension, length: length, key: cacheKey, configure: configure)
    }
}
#endif
