#if canImport(UIKit)
import UIKit

/// ``CachedSizeCollectionViewCell`` for list configurations: a `UICollectionViewListCell`
/// whose size is fitted once per item and layout context, then answered from the
/// collection view's cache without an Auto Layout pass.
///
/// System accessories, separators and indentation stay UIKit's: an unseen item is fitted
/// by the list cell's own fitting, accessories included, and that size is what is cached.
/// The collection view's editing state is part of the layout context, so editing
/// accessories never share a cache with the normal ones; an accessory change of one
/// item that changes its height (a multi-line detail appearing) needs its size forgotten.
open class CachedSizeCollectionViewListCell: UICollectionViewListCell {
    /// The key this cell's item is cached by, typically its diffable item identifier; wins
    /// over the index path. Cleared in `prepareForReuse()`: set it for every item.
    public var fd_sizeCacheKey: AnyHashable?
    /// The dimension this cell fixes; `nil` (the default) for the width of a vertical list.
    public var fd_fixedDimension: LayoutContext.FixedDimension?

    /// Clears ``fd_sizeCacheKey``; subclasses call `super`, as UIKit requires.
    open override func prepareForReuse() {
        super.prepareForReuse()
        fd_sizeCacheKey = nil
    }

    /// The cached size of a seen item, without an Auto Layout pass; else the list cell's
    /// fitting, cached. Subclasses that override it call `super` to keep the cache.
    open override func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        fd_preferredLayoutAttributes(fitting: layoutAttributes, cacheBy: fd_sizeCacheKey, fixing: fd_fixedDimension) {
            super.preferredLayoutAttributesFitting($0)
        }
    }
}
#endif
