#if canImport(UIKit)
import UIKit

extension UICollectionView {
    /// Shows skeleton items while data loads, at the sizes the real items will have.
    ///
    /// Each item's length along the scroll axis is, in order: this item's size from the
    /// previous load; the keyed size of the id the configuration names for it; the template
    /// cell measured with the placeholder configuration; the median of that identifier's
    /// measured sizes; the layout's estimate. Across the scroll axis each section's items
    /// share the width (the height, for a horizontal layout) between
    /// ``TemplateLayoutEngine/CollectionSkeletonSection/itemsAcross`` items, or take its
    /// ``TemplateLayoutEngine/CollectionSkeletonSection/itemLength``. Sections fill the visible area with whole
    /// lines of items, plus one, unless a count is given.
    ///
    /// While the skeleton shows, the view's data source, delegate, prefetching data source
    /// and drag and drop delegates are set aside (scroll callbacks still reach the delegate);
    /// a flow layout gets the planned sizes, its own insets and spacing, and no headers or
    /// footers. Any other layout (compositional, with orthogonal sections and headers, or
    /// custom) is set aside too, and a flow layout of the skeleton's own lays the items out
    /// at the planned sizes, in the compositional layout's scroll direction, with the
    /// configuration's ``CollectionSkeletonConfiguration/itemSpacing`` and
    /// ``CollectionSkeletonConfiguration/sectionInsets``, and no headers or footers; the
    /// app's layout comes back, without animation, when the skeleton hides; VoiceOver finds one "Loading" element instead of the items; animations follow
    /// Reduce Motion and resume when the app comes back from the background. Call
    /// ``fd_hideSkeleton(animated:completion:)`` when the data is in, before updating the
    /// view. An update made while it shows (`insertItems`, `performBatchUpdates`) hides it
    /// instead of animating, and the view reloads. Hide the skeleton before applying a
    /// diffable data source's snapshot: UIKit raises when another object is the data source
    /// then. `reloadData()` reloads the skeleton's items and leaves it showing.
    ///
    /// It may be shown before the view is laid out (`viewDidLoad`): the items are planned
    /// once the view has a size, not before (until then it shows none), and again when its
    /// width, text size or visible length changes so that the plan no longer holds.
    ///
    /// Bad input: an identifier of which no registration was seen is logged once and its
    /// section shows no items (a dequeue of an unregistered identifier raises in UIKit; a
    /// storyboard prototype needs its cell in a nib, registered in code under an identifier
    /// of its own);
    /// showing again while shown replaces the skeleton.
    ///
    /// - Complexity: O(items shown) to plan, plus one placeholder measurement per identifier
    ///   and fixed length.
    public func fd_showSkeleton(_ configuration: CollectionSkeletonConfiguration) {
        let skeletonState = collectionSkeletonState
        let state = collectionLayoutState
        skeletonState.requests += 1
        let request = skeletonState.requests
        // Planning from here on, the replacing reload below included; cleared below, or by a
        // hide made meanwhile from the app's code (as for tables: reviews 18e, 18g, 18h).
        skeletonState.showIsPlanning = true
        if let current = skeletonState.skeleton {
            skeletonState.skeleton = nil
            // The old skeleton gives the app's layout back with a reload, which must keep the
            // sizes the new plan reads (review 19d, C1).
            keepingIndexPathSizes { current.detach() }
            // The view still counts the old skeleton's items: reloaded before the placeholder
            // code runs, whose updates would otherwise fail UIKit's item-count check.
            reloadKeepingIndexPathSizes()
        }
        if let dataSource, TableLayoutState.isDiffable(dataSource) {
            state.reportOnce(
                "skeleton over a diffable data source",
                "skeleton: this collection view's data source is a diffable data source; call fd_hideSkeleton before apply(_:): " +
                "UIKit raises when a snapshot is applied while another object is the collection view's data source")
        }
        if configuration.sections.isEmpty { state.sizes.log.problem("skeleton: no sections configured; showing no items") }
        // Over a compositional (any non-flow) layout, the items are laid out by a flow layout
        // of the skeleton's own, at the plan's sizes, with no supplementary views.
        let skeletonLayout = CollectionSkeletonLayout.make(over: collectionViewLayout, configuration: configuration)
        let plan = planSkeleton(configuration, state: state, layout: skeletonLayout)
        skeletonState.showIsPlanning = false
        // Planning ran the app's placeholder code: a hide (or another show) made from there
        // is the app's latest word, and this show gives way to it.
        guard skeletonState.requests == request else {
            state.sizes.log.trace("skeleton: hidden or shown again while its items were planned; not shown")
            return
        }
        if let cache = configuration.layoutCache { ApplicationLifecycle.expireInBackground(cache) }
        let controller = CollectionSkeletonController(
            collectionView: self, configuration: configuration, plan: plan, skeletonLayout: skeletonLayout)
        skeletonState.skeleton = controller
        controller.attach()
        reloadKeepingIndexPathSizes()
    }

    /// Hides the skeleton and shows the real items, crossfading over the appearance's
    /// crossfade duration when `animated`.
    ///
    /// Every cell that showed a skeleton is cleaned, including those waiting for reuse. The
    /// view's data source, delegate, prefetching data source, drag and drop delegates and
    /// layout are given back (any the app set while the skeleton showed are kept, with a
    /// debug message for the data source, delegate and layout) and the view reloads. The
    /// layout is back before `completion` runs, so a layout set there is the app's to keep.
    /// `completion` is called once the real items show.
    ///
    /// Bad input: hiding when no skeleton shows does nothing but call `completion`.
    ///
    /// - Complexity: O(cells that showed a skeleton), plus the reload.
    public func fd_hideSkeleton(animated: Bool = true, completion: (() -> Void)? = nil) {
        existingCollectionSkeletonState?.requests += 1
        guard let skeletonState = existingCollectionSkeletonState, let controller = skeletonState.skeleton else {
            if let skeletonState = existingCollectionSkeletonState, skeletonState.showIsPlanning {
                // From a show's placeholder code: the show gives way, and the app's items,
                // changed with this hide, are shown now.
                skeletonState.showIsPlanning = false
                reloadData()
                existingCollectionLayoutState?.batchFetcher?.skeletonDidHide()
            }
            completion?()
            return
        }
        skeletonState.skeleton = nil
        controller.detach()
        // Fetches held while it showed are checked again, on the app's items.
        defer { existingCollectionLayoutState?.batchFetcher?.skeletonDidHide() }
        guard animated, window != nil, controller.configuration.appearance.crossfadeDuration > 0 else {
            reloadData()
            completion?()
            return
        }
        UIView.transition(
            with: self, duration: controller.configuration.appearance.crossfadeDuration,
            options: [.transitionCrossDissolve, .allowUserInteraction],
            animations: { self.reloadData() },
            completion: { _ in completion?() })
    }

    /// Whether skeleton items are showing, or a show is planning them (its placeholder code
    /// running): a hide then is the one to call.
    @objc public var fd_isShowingSkeleton: Bool {
        guard let state = existingCollectionSkeletonState else { return false }
        return state.skeleton != nil || state.showIsPlanning
    }

    /// Shows skeleton items of one registered cell identifier, `itemsAcross` side by side,
    /// filling the visible area: ``fd_showSkeleton(_:)`` for Objective-C.
    ///
    /// Bad input: as ``fd_showSkeleton(_:)``; `itemsAcross` below 1 is 1.
    ///
    /// - Complexity: as ``fd_showSkeleton(_:)``.
    @objc(fd_showSkeletonWithCellIdentifier:itemsAcross:placeholderConfiguration:)
    public func fd_showSkeleton(cellIdentifier: String, itemsAcross: Int, placeholderConfiguration: ((Any?) -> Void)?) {
        fd_showSkeleton(CollectionSkeletonConfiguration(
            identifier: cellIdentifier, itemsAcross: itemsAcross,
            placeholder: placeholderConfiguration.map { configure in { cell in configure(cell) } }))
    }

    /// Hides the skeleton: ``fd_hideSkeleton(animated:completion:)`` for Objective-C.
    ///
    /// - Complexity: as ``fd_hideSkeleton(animated:completion:)``.
    @objc(fd_hideSkeletonAnimated:)
    public func fd_hideSkeleton(animated: Bool) {
        fd_hideSkeleton(animated: animated, completion: nil)
    }
}
#endif
