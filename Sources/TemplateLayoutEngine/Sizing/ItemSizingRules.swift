import Foundation

/// The measuring rules of collection-view items and supplementary views, as decisions
/// without views: which method to try in which order, what counts as no answer, which
/// length a request that cannot measure answers, and how the answer is put together.
///
/// An item's caller fixes one dimension (``LayoutContext/FixedDimension``) and the
/// template is measured along the other, its free dimension. Unlike a table row nothing
/// is added for a separator: collection cells have none.
package enum ItemSizingRules {
    /// The length answered when nothing better is known: `UICollectionViewFlowLayout`'s
    /// default `itemSize` is 50 by 50 points (UICollectionViewFlowLayout.h).
    package static let lastResortLength: CGFloat = 50

    /// Lengths at or above this are no answer: beyond any screen. UIKit's
    /// `UICollectionViewFlowLayout.automaticSize` is such a value (the largest `CGFloat`),
    /// and a broken `sizeThatFits` can answer one.
    package static let largestLength: CGFloat = 1_000_000

    /// The length of a template along its free dimension: Auto Layout first (unless the
    /// view enforces frame layout), then `sizeThatFits` if that gives no length, then
    /// `fallback`.
    ///
    /// "No length" is 0, negative, NaN, infinite or beyond any screen (``largestLength``).
    ///
    /// - Parameters:
    ///   - enforceFrameLayout: Skip Auto Layout (the cell measures itself in `sizeThatFits`).
    ///   - autoLayout: Measures with Auto Layout; called at most once.
    ///   - frameLayout: Measures with `sizeThatFits`; called only if Auto Layout gave no length.
    ///   - fallback: The length used when neither gives one; no length there becomes
    ///     ``lastResortLength``.
    /// - Complexity: O(1) plus the closures called.
    package static func fittingLength(
        enforceFrameLayout: Bool, autoLayout: () -> CGFloat, frameLayout: () -> CGFloat, fallback: CGFloat
    ) -> FittingLength {
        if !enforceFrameLayout {
            let length = autoLayout()
            if isLength(length) { return FittingLength(length: length, method: .autoLayout) }
        }
        let length = frameLayout()
        if isLength(length) { return FittingLength(length: length, method: .frameLayout) }
        return FittingLength(length: isLength(fallback) ? fallback : lastResortLength, method: .fallback)
    }

    /// The length along `dimension` answered when nothing can be measured (no registration,
    /// a bad fixed length, an invalid measurement): for a flow layout, its
    /// `estimatedItemSize` if that is a real size (not zero, not `automaticSize`), else its
    /// `itemSize`; for any other layout (`nil` sizes), or when neither holds a length along
    /// `dimension`, ``lastResortLength``.
    ///
    /// - Complexity: O(1).
    package static func fallbackLength(
        along dimension: LayoutContext.FixedDimension, estimatedItemSize: CGSize?, itemSize: CGSize?
    ) -> CGFloat {
        if let estimated = estimatedItemSize, isSize(estimated) { return length(of: estimated, along: dimension) }
        if let itemSize, isSize(itemSize) { return length(of: itemSize, along: dimension) }
        return lastResortLength
    }

    /// The size a request answers: `fixedLength` along `fixed` and `freeLength` along the
    /// other dimension. A fixed length that is no length (the caller's bad input) is
    /// replaced by `fallbackFixedLength`, and a free one by `fallbackFreeLength`, so the
    /// answer can always be given to a layout; a fallback that is no length becomes
    /// ``lastResortLength``.
    ///
    /// - Complexity: O(1).
    package static func size(
        fixing fixed: LayoutContext.FixedDimension, fixedLength: CGFloat, freeLength: CGFloat,
        fallbackFixedLength: CGFloat = lastResortLength, fallbackFreeLength: CGFloat = lastResortLength
    ) -> CGSize {
        let along = isLength(fixedLength) ? fixedLength : (isLength(fallbackFixedLength) ? fallbackFixedLength : lastResortLength)
        let free = isLength(freeLength) ? freeLength : (isLength(fallbackFreeLength) ? fallbackFreeLength : lastResortLength)
        return fixed == .width ? CGSize(width: along, height: free) : CGSize(width: free, height: along)
    }

    /// The dimension measured when `fixed` is given.
    ///
    /// - Complexity: O(1).
    package static func freeDimension(when fixed: LayoutContext.FixedDimension) -> LayoutContext.FixedDimension {
        fixed == .width ? .height : .width
    }

    /// Whether `value` can be a fixed or measured length: positive, finite, below
    /// ``largestLength``.
    ///
    /// - Complexity: O(1).
    package static func isLength(_ value: CGFloat) -> Bool {
        value.isFinite && value > 0 && value < largestLength
    }

    private static func isSize(_ size: CGSize) -> Bool {
        isLength(size.width) && isLength(size.height)
    }

    private static func length(of size: CGSize, along dimension: LayoutContext.FixedDimension) -> CGFloat {
        dimension == .width ? size.width : size.height
    }
}
