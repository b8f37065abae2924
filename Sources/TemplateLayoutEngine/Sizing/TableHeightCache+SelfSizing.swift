import Foundation

extension TableHeightCache {
    /// Runs UIKit's own fitting of a self-sizing collection item (`measure`) and caches the
    /// free length it gave for `key`, in the context of the fixed length it gave
    /// (`contextOfFit`); returns whether it cached.
    ///
    /// The miss half of the self-sizing path: the caller looked `key` up in the context of
    /// the proposed fixed length first. Unlike ``measuredHeight(for:measure:)``, which
    /// caches whatever it measures in the active context, the fitting may decline
    /// (`measure` returns `nil`: UIKit answered the proposal unchanged) and may land in
    /// another context (a cell fixing its own width against a flow layout's estimate). The
    /// caching rules are the same:
    /// - nothing is cached while the active context is unmeasurable, or in an unmeasurable
    ///   fitted context;
    /// - nothing is cached by position inside an open batch;
    /// - nothing is cached if the caches changed or the context switched while `measure`
    ///   ran (the table's `heightChangedWhileMeasured` is told, as for any measurement);
    /// - an invalid length is reported and not cached.
    ///
    /// `measure` is called exactly once, counted and timed in ``statistics`` when the active
    /// context is measurable. The caches are left in the fitted context when it cached.
    ///
    /// - Complexity: the cost of `measure`, plus O(`contextLimit`) to switch and O(1)
    ///   amortised to store.
    @discardableResult
    package func cacheSelfSizedLength(
        for key: HeightCacheKey, contextOfFit: (SelfSizingFit) -> LayoutContext, measure: () -> SelfSizingFit?
    ) -> Bool {
        guard context.isMeasurable else {
            _ = measure()
            log.trace("not caching \(key): the proposed length is 0")
            return false
        }
        let changesBefore = indexPaths.changeCount &+ keys.changeCount
        let contextBefore = context
        var fit: SelfSizingFit?
        // Not stored by key (`.none`): counted, timed, checked, and the change rules traced.
        _ = measuredHeight(for: .none, fallback: 0) {
            fit = measure()
            return fit?.freeLength ?? 0
        }
        guard let fit else {
            log.trace("not caching \(key): the fitting answered the proposal unchanged")
            return false
        }
        let target = contextOfFit(fit)
        guard target.isMeasurable, fit.freeLength.isFinite, fit.freeLength >= 0 else { return false }
        // measuredHeight already traced a change and told heightChangedWhileMeasured.
        guard indexPaths.changeCount &+ keys.changeCount == changesBefore, context == contextBefore else { return false }
        if key.namesPosition, indexPaths.hasOpenBatch {
            log.trace("fitted \(key) inside an open batch: answering without caching")
            return false
        }
        if target != context {
            log.trace("\(key) fitted at \(target), not the proposed \(context): cached there")
            switchContext(to: target)
        }
        store(fit.freeLength, for: key)
        return true
    }
}
