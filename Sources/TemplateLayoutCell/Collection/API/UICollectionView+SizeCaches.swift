#if canImport(UIKit)
import UIKit

extension UICollectionView {
    /// Forgets the sizes of the item cached by `key` in every layout context (every width
    /// and height it was measured at), for when its content changes.
    ///
    /// Bad input: a key nothing is cached for does nothing.
    ///
    /// - Complexity: O(1) on average per layout context kept.
    public func fd_invalidateSize<Key: Hashable>(forKey key: Key) {
        collectionLayoutState.sizes.invalidateHeight(forKey: AnyHashable(key))
    }

    /// Forgets the sizes of the supplementary view of `kind` cached by `key` in every layout
    /// context.
    ///
    /// Bad input: a kind or key nothing is cached for does nothing.
    ///
    /// - Complexity: O(1) on average per layout context kept.
    public func fd_invalidateSize<Key: Hashable>(ofSupplementaryViewOfKind kind: String, forKey key: Key) {
        collectionLayoutState.sizes.invalidateHeight(forKey: AnyHashable(SupplementarySizeKey(kind: kind, key: AnyHashable(key))))
    }

    /// What this collection view's size caches and measurements have done: hits, misses,
    /// layouts, time spent measuring (the table's statistics type: "heights" are the
    /// lengths measured along each item's free dimension).
    public var fd_sizeStatistics: TableHeightStatistics {
        collectionLayoutState.sizes.statistics
    }
}

extension UICollectionReusableView {
    /// Whether this cell or supplementary view is measured with `sizeThatFits(_:)` instead of
    /// Auto Layout; set it on a frame-layout view, which must then override
    /// `sizeThatFits(_:)` and answer its length along the free dimension for the fixed one
    /// given. The collection-view counterpart of the table cell's `fd_enforceFrameLayout`.
    @objc public var fd_enforceFrameLayout: Bool {
        get { (objc_getAssociatedObject(self, AssociationKeys.enforceFrameLayout) as? Bool) ?? false }
        set { objc_setAssociatedObject(self, AssociationKeys.enforceFrameLayout, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }
}
#endif
