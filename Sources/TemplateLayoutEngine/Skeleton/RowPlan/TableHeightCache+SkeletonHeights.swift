import Foundation

extension TableHeightCache {
    /// Measures a height for `key` and caches it, as ``measuredHeight(for:measure:)`` does,
    /// and records the measurement in ``samples`` under `identifier`, so skeleton rows of
    /// that identifier can use the median later. The UIKit layer calls this one.
    ///
    /// Bad input: as for ``measuredHeight(for:measure:)``; an invalid measurement, or one
    /// not made because the table has no width, is not recorded.
    ///
    /// - Complexity: the cost of `measure`, plus O(1) amortised to store and record.
    package func measuredHeight(for key: HeightCacheKey, identifier: String, measure: () -> CGFloat) -> CGFloat {
        var measured = CGFloat.nan
        let height = measuredHeight(for: key) {
            measured = measure()
            return measured
        }
        recordSample(measured, identifier: identifier)
        return height
    }

    /// The height of a skeleton row: the first of five sources that has one (see
    /// ``SkeletonHeightSource``), and which one it was.
    ///
    /// 1. The index-path cache at `indexPath`: the previous load's height of that row.
    /// 2. The keyed cache at `key`, when the app named the id of the row about to come;
    ///    or, failing that, a height for `key` persisted by an earlier launch
    ///    (``persistence``, memory only: nothing waits for the disk).
    /// 3. `measurePlaceholder`, when given and the table has a width: the UIKit layer's
    ///    measurement of the template cell with the placeholder configuration, `nil` when
    ///    it cannot measure. Not cached, and not counted in ``statistics``: the result is
    ///    the same for every row of an identifier, so callers that ask for many rows
    ///    measure once (``skeletonPlan(sections:viewportHeight:rowLimit:measurePlaceholder:)``
    ///    does).
    /// 4. The median of ``samples`` for `identifier` in the current layout context.
    /// 5. ``fallbackHeight``, the table's estimated row height.
    ///
    /// Nothing here counts as a lookup: the caches' statistics stay as they are, so hit
    /// rates still describe real rows. Heights are read in the active layout context.
    ///
    /// Bad input: an index path that is not section-and-row skips source 1; a placeholder
    /// measurement that is negative, NaN or infinite is reported to ``log`` and skipped.
    ///
    /// - Parameters:
    ///   - indexPath: The skeleton row's index path.
    ///   - identifier: The reuse identifier of the cell the row will show.
    ///   - key: The id of the row about to come, if the app knows it.
    ///   - measurePlaceholder: Measures the template cell configured as a placeholder;
    ///     `nil` when the app gave no placeholder configuration.
    /// - Complexity: O(1) on average, plus the cost of `measurePlaceholder` if it runs, or
    ///   O(*k* log *k*) for the median of *k* samples.
    package func skeletonHeight(
        at indexPath: IndexPath, identifier: String, key: AnyHashable? = nil,
        measurePlaceholder: (() -> CGFloat?)? = nil
    ) -> SkeletonRowHeight {
        let result = resolveSkeletonHeight(at: indexPath, identifier: identifier, key: key, measurePlaceholder: measurePlaceholder)
        log.trace("skeleton row \(HeightFormat.string(indexPath)) (\(identifier)) - \(result)")
        return result
    }

    private func resolveSkeletonHeight(
        at indexPath: IndexPath, identifier: String, key: AnyHashable?, measurePlaceholder: (() -> CGFloat?)?
    ) -> SkeletonRowHeight {
        if let cached = peekHeight(for: .indexPath(indexPath)) {
            return SkeletonRowHeight(height: cached, source: .previousLoad)
        }
        if let key {
            if let cached = peekHeight(for: .key(key)) { return SkeletonRowHeight(height: cached, source: .keyedCache) }
            // A height persisted by an earlier launch, read from the store's memory without
            // copying it into the keyed cache (which would count as a store).
            if let persisted = persistence?.height(forKey: key, in: context) {
                return SkeletonRowHeight(height: persisted, source: .keyedCache)
            }
        }
        if let measurePlaceholder, context.isMeasurable, let measured = measurePlaceholder() {
            if measured.isFinite && measured >= 0 {
                return SkeletonRowHeight(height: measured, source: .placeholderMeasurement)
            }
            log.problem("skeleton row \(HeightFormat.string(indexPath)) (\(identifier)): the placeholder measured \(HeightFormat.string(measured)), which is not a height; trying the next source")
        }
        if let median = samples.median(identifier: identifier, context: context) {
            return SkeletonRowHeight(height: median, source: .identifierMedian)
        }
        return SkeletonRowHeight(height: fallbackHeight, source: .estimate)
    }
}
