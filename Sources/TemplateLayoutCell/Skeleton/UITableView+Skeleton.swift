#if canImport(UIKit)
import UIKit

extension UITableView {
    /// Shows skeleton rows while data loads, at the heights the real rows will have.
    ///
    /// Each row's height is, in order: this row's height from the previous load (the
    /// index-path cache); the keyed height of the id the configuration names for it; the
    /// template cell measured with the placeholder configuration; the median of that
    /// identifier's measured heights; the table's estimated row height. So when the same
    /// content comes back the rows do not move at all, and when new content comes they
    /// move as little as what is known allows. Rows fill the visible area unless a count is
    /// given.
    ///
    /// While the skeleton shows, the table's data source, delegate, prefetching data source
    /// and drag and drop delegates are set aside (scroll callbacks still reach the delegate),
    /// VoiceOver finds the table's header and footer and one "Loading" element instead of the
    /// rows, the idle precache and batch fetching pause, and animations follow Reduce Motion
    /// and resume when the app comes back from the background. Call
    /// ``fd_hideSkeleton(animated:completion:)`` when the data is in, before updating the
    /// table. An update made while it shows (`insertRows`, `performBatchUpdates`) hides it
    /// instead of animating: the change is kept from UIKit, whose row-count check it would
    /// fail, the skeleton hides (with a debug message) and the table reloads. A diffable data
    /// source's `apply` is the exception: UIKit checks that the diffable data source is the
    /// table's data source before it sends any update method the package follows, and raises
    /// when it is not (UIKitCore 26.1, apps built with a recent SDK), so hide the skeleton
    /// before applying a snapshot; debug builds remind you when it is shown over one. `reloadData()` reloads the skeleton's rows and leaves it
    /// showing (UIKit calls it too, when it lays out a table whose data source changed).
    ///
    /// It may be shown before the table is laid out (`viewDidLoad`, `viewWillAppear`): the rows
    /// are planned again once the table has a width, and whenever its width, text size or
    /// visible height changes so that the plan no longer holds (a rotation, a sheet's
    /// detent, an iPad window resized: once the resize ends), and the parts are mapped there. Parts are drawn over the
    /// cell's own background, which shows through: the content under them is made
    /// transparent and given back on hide. Every part pulses or shimmers in one phase, at no
    /// more than 30 frames a second.
    ///
    /// Bad input: an unregistered identifier asserts in debug builds and shows empty rows;
    /// showing again while shown replaces the skeleton.
    ///
    /// - Complexity: O(rows shown) to plan, plus one placeholder measurement per identifier.
    public func fd_showSkeleton(_ configuration: SkeletonConfiguration) {
        let state = layoutState
        state.skeletonRequests += 1
        let request = state.skeletonRequests
        // Planning from here on, the replacing reload below included: it asks the app for
        // heights (tables without estimates), and app code it runs may hide (review 18g, P1).
        // Cleared below, or by a hide made meanwhile. Not by a timer or a later turn: a
        // placeholder may spin the run loop for long (review 18h, C1). An exception through
        // the app's code leaves it set until the app's hide, which it will make anyway.
        state.skeletonShowIsPlanning = true
        if let current = state.skeleton {
            state.skeleton = nil
            current.detach()
            // The table still counts the old skeleton's rows: until this show reloads, an
            // update the app makes from the placeholder code would fail UIKit's row check.
            // The previous load's heights stay: they are the new plan's best source.
            state.keepsIndexPathHeightsOnReload = true
            reloadData()
            state.keepsIndexPathHeightsOnReload = false
        }
        if let dataSource, TableLayoutState.isDiffable(dataSource) {
            state.reportOnce(
                "skeleton over a diffable data source",
                "skeleton: this table's data source is a diffable data source; call fd_hideSkeleton before apply(_:): " +
                "UIKit raises when a snapshot is applied while another object is the table's data source")
        }
        if configuration.sections.isEmpty { state.heights.log.problem("skeleton: no sections configured; showing no rows") }
        let geometry = state.refreshGeometry(of: self)
        let plan = planSkeleton(configuration, state: state, geometry: geometry)
        state.skeletonShowIsPlanning = false
        // Planning ran the app's placeholder code: a hide (or another show) made from there
        // is the app's latest word, and this show gives way to it.
        guard state.skeletonRequests == request else {
            state.heights.log.trace("skeleton: hidden or shown again while its rows were planned; not shown")
            return
        }
        // Loads are counted as cells are configured, under the keys they are mapped with.
        if let cache = configuration.layoutCache { ApplicationLifecycle.expireInBackground(cache) }
        let controller = SkeletonController(table: self, configuration: configuration, plan: plan)
        state.skeleton = controller
        controller.attach()
        // The previous load's heights were the plan's best source; this reload keeps them
        // (hiding reloads again, which forgets them as any reloadData does).
        state.keepsIndexPathHeightsOnReload = true
        reloadData()
        state.keepsIndexPathHeightsOnReload = false
    }

    /// The skeleton's rows and heights in the layout context of `geometry`, the one the
    /// heights cache is in: on show, and again when that context changes while it shows.
    func planSkeleton(_ configuration: SkeletonConfiguration, state: TableLayoutState, geometry: TableGeometry) -> SkeletonRowPlan {
        // Rows are planned from cached heights; the caller's refreshGeometry applied this
        // turn's observed edits first.
        return state.heights.skeletonPlan(
            sections: configuration.sections, viewportHeight: visibleContentHeight,
            measurePlaceholder: configuration.placeholder.map { configure in
                { [unowned self] identifier in
                    // Unregistered, or only a reconfigured row's shown cell: not measured.
                    guard let template = state.templateCell(withIdentifier: identifier, in: self).cell else { return nil }
                    return measureTemplate(template, geometry: geometry, state: state) { configure(template) }
                }
            })
    }

    /// Hides the skeleton and shows the real rows, crossfading over the appearance's
    /// crossfade duration (a quarter second by default) when `animated`.
    ///
    /// Every cell that showed a skeleton is cleaned, including those waiting for reuse, so no
    /// reused cell keeps skeleton layers, and gets back its own touch and accessibility
    /// settings. The table's data source, delegate and prefetching data source are given
    /// back (any the app set on the table while the skeleton showed are kept) and the table
    /// reloads. `completion` is called once the real rows show: after the crossfade, or at
    /// once without one.
    ///
    /// Bad input: hiding when no skeleton shows does nothing but call `completion`.
    ///
    /// - Complexity: O(cells that showed a skeleton), plus the reload.
    public func fd_hideSkeleton(animated: Bool = true, completion: (() -> Void)? = nil) {
        existingLayoutState?.skeletonRequests += 1
        guard let state = existingLayoutState, let controller = state.skeleton else {
            if let state = existingLayoutState, state.skeletonShowIsPlanning {
                // From a show's placeholder code (the data arrived in a run of the loop it
                // spun): the show gives way, and the app's rows, changed with this hide, are
                // shown now (review 18e, C1).
                state.skeletonShowIsPlanning = false
                reloadData()
                state.batchFetcher?.skeletonDidHide()
            }
            completion?()
            return
        }
        state.skeleton = nil
        controller.detach()
        // Batch fetching was held while the skeleton showed: the app's content is judged now.
        state.batchFetcher?.skeletonDidHide()
        // Without a window there is nothing to see fade; a zero duration is no crossfade.
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

    /// Whether skeleton rows are showing, or a show is planning them (its placeholder code
    /// running): a hide then is the one to call.
    @objc public var fd_isShowingSkeleton: Bool {
        guard let state = existingLayoutState else { return false }
        return state.skeleton != nil || state.skeletonShowIsPlanning
    }

    /// Shows skeleton rows of one registered cell identifier, filling the visible area:
    /// ``fd_showSkeleton(_:)`` for Objective-C.
    ///
    /// - Complexity: as ``fd_showSkeleton(_:)``.
    @objc(fd_showSkeletonWithCellIdentifier:placeholderConfiguration:)
    public func fd_showSkeleton(cellIdentifier: String, placeholderConfiguration: ((Any?) -> Void)?) {
        fd_showSkeleton(SkeletonConfiguration(identifier: cellIdentifier, placeholder: placeholderConfiguration.map { configure in
            { cell in configure(cell) }
        }))
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
