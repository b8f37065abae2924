#if canImport(UIKit)
import UIKit

extension CollectionLayoutState {
    /// The self-sizing path of one item (`preferredLayoutAttributesFitting`): the cached size
    /// of a seen item, without an Auto Layout pass; else UIKit's own fitting (`superFitting`),
    /// whose free length is cached in the context of the fixed length it gave.
    ///
    /// - Parameters:
    ///   - attributes: What UIKit proposes: the item's index path, its category, and a size
    ///     whose length along `dimension` is the layout's (an estimate where the layout
    ///     estimates that dimension too: a flow layout's `estimatedItemSize`).
    ///   - appKey: The app's key for the item; wins over the index path.
    ///   - dimension: The dimension the item fixes.
    ///   - superFitting: UIKit's fitting: `super.preferredLayoutAttributesFitting(_:)`.
    func selfSizedAttributes(
        fitting attributes: UICollectionViewLayoutAttributes, appKey: AnyHashable?, fixing dimension: LayoutContext.FixedDimension,
        superFitting: (UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        // A skeleton's cells are the app's classes showing placeholders at the skeleton's
        // index paths: nothing of theirs is the app's items' size (review 19f, F1 and F2).
        guard let collectionView else { return superFitting(attributes) }
        if let skeleton = collectionView.existingCollectionSkeletonState?.skeleton {
            // Over the app's own self-sizing flow layout the skeleton's items keep the plan's
            // sizes, as its sizeForItemAt gives them, not a fit of the placeholder (19h, P1).
            guard attributes.representedElementCategory == .cell, let size = skeleton.plan.size(at: attributes.indexPath) else {
                return superFitting(attributes)
            }
            let answer = attributes.copy() as? UICollectionViewLayoutAttributes ?? attributes
            answer.size = size
            return answer
        }
        let isCell = attributes.representedElementCategory == .cell
        // Asked only when it could name a position: the check walks the data source's classes.
        let byPosition = appKey == nil && isCell && mayCacheByIndexPath(in: collectionView)
        let key = SelfSizingRules.key(appKey: appKey, indexPath: attributes.indexPath, isCell: isCell, mayCacheByIndexPath: byPosition)
        if case .none = key { return superFitting(attributes) }

        let proposedLength = SelfSizingRules.length(of: attributes.size, along: dimension)
        switchContext(fixing: dimension, length: proposedLength)
        // A flow layout that estimates proposes the size it kept for the item, even after the
        // view's width changed (`invalidationContextForBoundsChange:` retains sizing info for
        // estimates, UIKitCore 26.1), and the cell, not the layout, decides its width: a size
        // is answered from the cache only at the view length it was fitted at (review 19c, F1).
        let isFlow = collectionView.collectionViewLayout is UICollectionViewFlowLayout
        let viewLength = SelfSizingRules.length(of: collectionView.bounds.size, along: dimension)
        let proposalIsCurrent = !isFlow || flowFitViewLengths[FlowFit(context: sizes.context, key: key)] == viewLength
        if proposalIsCurrent, let cached = sizes.cachedHeight(for: key) {
            // The fixed length is the layout's, as proposed: answering it unchanged lets UIKit
            // see an equal size and end the self-sizing loop (UIKitCore 26.1).
            let size = SelfSizingRules.size(fixed: proposedLength, free: cached, fixing: dimension)
            if attributes.size == size { return attributes }
            // UIKit documents returning a modified copy (preferredLayoutAttributesFitting(_:)).
            let answer = attributes.copy() as? UICollectionViewLayoutAttributes ?? attributes
            answer.size = size
            return answer
        }

        var fitted = attributes
        let context = sizes.context
        var fitContext: LayoutContext?
        let stored = sizes.cacheSelfSizedLength(for: key, contextOfFit: { fit in
            let target = LayoutContext(
                fixing: dimension, length: fit.fixedLength, displayScale: context.displayScale,
                contentSizeCategory: context.contentSizeCategory, isEditing: context.isEditing,
                legibilityWeight: context.legibilityWeight)
            fitContext = target
            return target
        }, measure: {
            fitted = superFitting(attributes)
            // The cell's own code inside UIKit's fitting (a configuration update) may have
            // asked a size at another length: back to the proposal's context (review 19e G3,
            // 19g H2).
            self.sizes.switchContext(to: context)
            // UIKit's fitting returns the attributes it was given when it changed nothing
            // (UIKitCore 26.1; see SelfSizingRules.fit).
            return SelfSizingRules.fit(fitted: fitted.size, fittingChangedAttributes: fitted !== attributes, fixing: dimension)
        })
        if isFlow {
            if stored, let fitContext {
                recordFlowFit(of: key, in: fitContext, viewLength: viewLength)
            } else if fitted === attributes {
                // UIKit's fitting kept the proposal: it holds at this view length, and what is
                // cached in its context is answered again (review 19e, G6).
                recordFlowFit(of: key, in: context, viewLength: viewLength)
            }
        }
        return fitted
    }

    /// Remembers the view length a flow layout's item was fitted at in `context`: per item,
    /// since items of one context may be sized by different rules (a fixed-width card beside
    /// a half-width one, review 19g H3). Bounded: past a few thousand entries it starts over
    /// (a miss costs one fitting).
    private func recordFlowFit(of key: HeightCacheKey, in context: LayoutContext, viewLength: CGFloat) {
        let fit = FlowFit(context: context, key: key)
        if flowFitViewLengths[fit] == nil, flowFitViewLengths.count >= 4_096 { flowFitViewLengths.removeAll() }
        flowFitViewLengths[fit] = viewLength
    }
}
#endif
