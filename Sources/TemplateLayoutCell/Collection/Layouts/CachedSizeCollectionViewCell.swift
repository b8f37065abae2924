#if canImport(UIKit)
import UIKit

/// A self-sizing collection view cell whose size is fitted once per item and layout
/// context, then answered from the collection view's cache without an Auto Layout pass.
///
/// Subclass it instead of `UICollectionViewCell` for cells of layouts that estimate sizes:
/// a flow layout with `estimatedItemSize` (`automaticSize` included), compositional
/// `.estimated` dimensions. Set ``fd_sizeCacheKey`` in `cellForItemAt` or the registration
/// handler (a diffable item identifier) so sizes survive `reloadData` and moves; without
/// it cells are cached by index path (not with a diffable data source). See
/// `fd_preferredLayoutAttributes(fitting:cacheBy:fixing:superFitting:)` for the rules,
/// and for the one-line override that does the same in a cell of any base class.
///
/// For list configurations (`UICollectionLayoutListConfiguration`), subclass
/// ``CachedSizeCollectionViewListCell``.
///
/// A flow layout whose delegate answers `collectionView(_:layout:sizeForItemAt:)` does
/// not self-size: answer that from the cache with
/// `fd_size(identifier:fittingWidth:cacheBy:configure:)` (a template measured once per
/// item) and leave `estimatedItemSize` at `.zero`. This class then caches nothing: UIKit's
/// fitting answers the layout's size unchanged, and a size the cell did not fit is never
/// cached.
///
/// When an item's content changes, forget its size (by its key) and have the collection
/// view ask the cell again (reconfigure or reload the item): UIKit asks a displayed cell
/// for its size only when it is dequeued or its preferred attributes are invalidated. A
/// re-ask UIKit makes on its own (a new content configuration on a displayed cell, with
/// self-sizing invalidation) is answered from the cache until you forget the size: the
/// cell cannot tell it from the configuration updates UIKit runs on every highlight, and
/// forgetting on those would measure every shown cell again (review 19e, G1 and G2).
open class CachedSizeCollectionViewCell: UICollectionViewCell {
    /// The key this cell's item is cached by, typically its diffable item identifier; wins
    /// over the index path. Cleared in `prepareForReuse()`, so a reused cell never answers
    /// with its previous item's size: set it for every item you configure.
    public var fd_sizeCacheKey: AnyHashable?
    /// The dimension this cell fixes: `.width` for cells growing downwards, `.height` for
    /// chips growing sideways; `nil` (the default) for the layout's cross-scroll dimension
    /// (the width in a vertically scrolling layout).
    public var fd_fixedDimension: LayoutContext.FixedDimension?

    /// Clears ``fd_sizeCacheKey``; subclasses call `super`, as UIKit requires.
    open override func prepareForReuse() {
        super.prepareForReuse()
        fd_sizeCacheKey = nil
    }

    /// The cached size of a seen item, without an Auto Layout pass; else UIKit's fitting,
    /// cached. Subclasses that override it call `super` to keep the cache.
    open override func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        fd_preferredLayoutAttributes(fitting: layoutAttributes, cacheBy: fd_sizeCacheKey, fixing: fd_fixedDimension) {
            super.preferredLayoutAttributesFitting($0)
        }
    }
}
#endif
