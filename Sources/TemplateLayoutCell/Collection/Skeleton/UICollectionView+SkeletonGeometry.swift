#if canImport(UIKit)
import UIKit

/// Where a skeleton's sections lay out their items, read from the collection view and its
/// layout: each section's layout context (fixed dimension and length), items across, and
/// spacing along the scroll axis; and the visible length along the scroll axis.
struct CollectionSkeletonGeometry {
    /// One per configured section.
    var sections: [SkeletonItemGeometry]
    /// The visible length along the scroll axis: bounds less the adjusted content insets.
    var viewportLength: CGFloat

    var contexts: [LayoutContext] { sections.map(\.context) }
}

extension UICollectionView {
    /// Reads where `sections` lay out, switching the size caches to each section's context.
    ///
    /// A flow layout gives the scroll direction, section insets, spacing and estimate (its
    /// own properties: while the skeleton shows it is the layout's delegate, and the app's
    /// per-section answers are for the app's sections). The skeleton puts a flow layout of
    /// its own in place of any other (``CollectionSkeletonLayout``); a non-flow layout the
    /// app sets while it shows is read as a vertical one without insets or spacing, its
    /// items sized by the layout itself.
    ///
    /// Bad input: a view without a size, or insets that leave no room, give unmeasurable
    /// contexts: those sections show no items until the view has room.
    ///
    /// `layout` is the layout the items will be laid out with, the view's by default: a show
    /// plans with the skeleton's own flow layout (``CollectionSkeletonLayout``) before it is
    /// in the view.
    func skeletonGeometry(
        of sections: [CollectionSkeletonSection], state: CollectionLayoutState, layout: UICollectionViewLayout? = nil
    ) -> CollectionSkeletonGeometry {
        let flow = (layout ?? collectionViewLayout) as? UICollectionViewFlowLayout
        let isVertical = (flow?.scrollDirection ?? .vertical) == .vertical
        let insets = adjustedContentInset
        let sectionInset = effectiveSectionInset(of: flow, content: insets, isVertical: isVertical)
        let scale = CollectionLayoutState.displayScale(of: self)
        let across = isVertical
            ? bounds.width - insets.left - insets.right - sectionInset.left - sectionInset.right
            : bounds.height - insets.top - insets.bottom - sectionInset.top - sectionInset.bottom
        let viewport = isVertical ? bounds.height - insets.top - insets.bottom : bounds.width - insets.left - insets.right
        let estimate: CGFloat? = flow.flatMap { flow -> CGFloat? in
            if flow is CollectionSkeletonFlowLayout { return nil }
            let estimated = flow.estimatedItemSize
            // `automaticSize` is a marker, not a size: the fixed item size is the estimate then.
            let isEstimate = estimated.width > 0 && estimated.height > 0 && estimated != UICollectionViewFlowLayout.automaticSize
            let size = isEstimate ? estimated : flow.itemSize
            return isVertical ? size.height : size.width
        }
        if flow == nil {
            state.reportOnce(
                "skeleton layout",
                "skeleton: the collection view's layout was replaced while the skeleton showed, by one that is not a flow " +
                "layout; its items are counted as a vertical list of the sections' itemsAcross, sized by that layout itself, " +
                "and its headers and footers are left blank")
        }
        let geometries = sections.enumerated().map { index, section -> SkeletonItemGeometry in
            var length = SkeletonItemGeometry.itemLength(
                available: across, itemsAcross: section.itemsAcross, spacing: flow?.minimumInteritemSpacing ?? 0, scale: scale)
            if let fixed = section.itemLength {
                if fixed.isFinite && fixed > 0 {
                    length = fixed
                } else {
                    state.reportOnce("skeleton item length \(index)", "skeleton: section \(index) asks for an item length of \(fixed); dividing the available length instead")
                }
            }
            let context = state.switchContext(fixing: isVertical ? .width : .height, length: length)
            return SkeletonItemGeometry(
                context: context, itemsAcross: section.itemsAcross, lineSpacing: flow?.minimumLineSpacing ?? 0,
                leadingSpacing: isVertical ? sectionInset.top : sectionInset.left,
                trailingSpacing: isVertical ? sectionInset.bottom : sectionInset.right, estimate: estimate)
        }
        return CollectionSkeletonGeometry(sections: geometries, viewportLength: viewport)
    }

    /// A flow layout's section insets as measured from the adjusted content inset, the way
    /// its `sectionInsetReference` places them ("the reference boundary the section insets
    /// are relative to", UICollectionViewFlowLayout.h): on each edge across the scroll axis,
    /// the engine's ``SectionInsetReference`` rule (UIKitCore 26.1; review 19j, L1). A
    /// phone in landscape with `.fromSafeArea` narrows every line by the notch (19h, L3). Along
    /// the scroll axis UIKit adds the reference once, before the first section and after the
    /// last, not per section (19j, P1): the section's own insets only.
    private func effectiveSectionInset(of flow: UICollectionViewFlowLayout?, content: UIEdgeInsets, isVertical: Bool) -> UIEdgeInsets {
        var inset = flow?.sectionInset ?? .zero
        let reference: UIEdgeInsets
        switch flow?.sectionInsetReference {
        case .fromSafeArea?: reference = safeAreaInsets
        case .fromLayoutMargins?: reference = layoutMargins
        default: return inset
        }
        let edge = SectionInsetReference.edgeInset
        if isVertical {
            inset.left = edge(inset.left, reference.left, content.left)
            inset.right = edge(inset.right, reference.right, content.right)
        } else {
            inset.top = edge(inset.top, reference.top, content.top)
            inset.bottom = edge(inset.bottom, reference.bottom, content.bottom)
        }
        return inset
    }

    /// The skeleton's items and sizes in the view's current geometry: on show, and again when
    /// it moves on while the skeleton shows.
    func planSkeleton(
        _ configuration: CollectionSkeletonConfiguration, state: CollectionLayoutState, layout: UICollectionViewLayout? = nil
    ) -> SkeletonItemPlan {
        let geometry = skeletonGeometry(of: configuration.sections, state: state, layout: layout)
        let measure: ((String, LayoutContext) -> CGFloat?)? = configuration.placeholder.map { configure in
            { [unowned self] identifier, context in
                CollectionSkeletonTemplates.measurePlaceholder(self, identifier, context, configure)
            }
        }
        var plan = state.sizes.skeletonItemPlan(
            sections: configuration.sections, geometries: geometry.sections, viewportLength: geometry.viewportLength,
            measurePlaceholder: measure)
        // A dequeue of an unregistered identifier raises in UIKit: such sections show nothing.
        for (index, section) in configuration.sections.enumerated()
        where plan.sections.indices.contains(index) && CollectionSkeletonTemplates.isRegistered(self, section.identifier) == false {
            // Logged, not asserted: a storyboard prototype is registered by UIKit without the
            // methods the package sees (review 19d, L1), and a dequeue of an identifier that
            // is truly unregistered raises, so the section stays empty either way.
            state.reportOnce(
                "skeleton identifier \(section.identifier)",
                "skeleton: no registration of \"\(section.identifier)\" was seen (register(_:forCellWithReuseIdentifier:) or its nib " +
                "twin); section \(index) shows no items. A storyboard prototype cell is registered by UIKit out of the package's " +
                "sight: move the cell into a nib and register that nib in code under an identifier of its own for the skeleton " +
                "(its class alone has no storyboard subviews; registering under the prototype's identifier replaces the prototype)")
            plan.sections[index].items = []
        }
        return plan
    }
}
#endif
