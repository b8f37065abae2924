#if canImport(UIKit)
import UIKit

extension UICollectionReusableView {
    /// The one-line self-sizing override for cells (and supplementary views) whose base
    /// class an app cannot change: the cached size of an item this collection view has
    /// fitted before, without an Auto Layout pass; else UIKit's own fitting, cached.
    ///
    /// ```swift
    /// override func preferredLayoutAttributesFitting(
    ///     _ attributes: UICollectionViewLayoutAttributes
    /// ) -> UICollectionViewLayoutAttributes {
    ///     fd_preferredLayoutAttributes(fitting: attributes, cacheBy: item?.id) { super.preferredLayoutAttributesFitting($0) }
    /// }
    /// ```
    ///
    /// UIKit asks a view for its preferred attributes after `cellForItemAt` configured it,
    /// in layouts that estimate sizes: a flow layout's `estimatedItemSize` (`automaticSize`
    /// included), compositional `.estimated` dimensions, list configurations. It asks again
    /// after the view is reused or its preferred attributes are invalidated, not on every
    /// layout pass. A seen item gets its cached length along its free dimension and the
    /// proposed length along the fixed one; when that equals what UIKit proposed, UIKit
    /// ends its self-sizing pass for the item.
    ///
    /// An unseen item is fitted by `superFitting` (UIKit's own fitting, with whatever the
    /// view overrides), and its free length is cached in the context of the fixed length
    /// the fitting gave (with the collection view's scale, text size, Bold Text and editing
    /// state), so a flow layout's estimate never names a context. Only a fitting that
    /// changed the proposal is cached: UIKit answers the proposal itself when it did not
    /// fit (a layout that does not estimate sizes), and a proposed size is never cached.
    ///
    /// The key: `key` when given (a diffable item identifier; it survives `reloadData` and
    /// moves, and is forgotten with the collection view's keyed invalidation); else the
    /// item's index path, for cells only, and not with a diffable data source (nothing is
    /// cached then: give the key). Supplementary views are cached only by key. Cells and
    /// supplementary views of one collection view share the keys: give a header a key no
    /// item has (wrap section and item identifiers in an enum).
    ///
    /// Bad input: a view not (yet) in a collection view, a proposal with no length along
    /// the fixed dimension, or a fitting that answers no size: UIKit's answer, not cached.
    ///
    /// - Parameters:
    ///   - layoutAttributes: The attributes UIKit passed to `preferredLayoutAttributesFitting(_:)`.
    ///   - key: The item's key; `nil` to cache cells by index path.
    ///   - dimension: The dimension the item fixes: `.width` for items growing downwards
    ///     (list rows, grid cards), `.height` for items growing sideways (chips). `nil`: the
    ///     width in a vertically scrolling flow or compositional layout (and any other
    ///     layout), the height in a horizontally scrolling one.
    ///   - superFitting: UIKit's fitting: `{ super.preferredLayoutAttributesFitting($0) }`.
    /// - Complexity: O(1) on average for a seen item; UIKit's fitting for an unseen one.
    public func fd_preferredLayoutAttributes(
        fitting layoutAttributes: UICollectionViewLayoutAttributes, cacheBy key: AnyHashable? = nil,
        fixing dimension: LayoutContext.FixedDimension? = nil,
        superFitting: (UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        guard let collectionView = enclosingCollectionView else { return superFitting(layoutAttributes) }
        let fixed = dimension ?? SelfSizingRules.defaultFixedDimension(
            scrollsVertically: CollectionLayoutReader.scrollsVertically(collectionView.collectionViewLayout))
        return collectionView.collectionLayoutState.selfSizedAttributes(
            fitting: layoutAttributes, appKey: key, fixing: fixed, superFitting: superFitting)
    }

    /// The collection view this view is displayed in: the nearest one up the superview
    /// chain (cells of orthogonally scrolling sections sit in one of UIKit's scroll views
    /// inside it). `nil` before UIKit adds the view, and for templates.
    var enclosingCollectionView: UICollectionView? {
        var view = superview
        while let current = view {
            if let collectionView = current as? UICollectionView { return collectionView }
            view = current.superview
        }
        return nil
    }
}
#endif
