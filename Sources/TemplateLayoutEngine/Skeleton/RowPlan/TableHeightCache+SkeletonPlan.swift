import Foundation

extension TableHeightCache {
    /// Plans a skeleton table: how many rows each section shows (``SkeletonRowCount``) and
    /// each row's height (``skeletonHeight(at:identifier:key:measurePlaceholder:)``).
    ///
    /// The placeholder is measured at most once per identifier, since the placeholder
    /// configuration is the same for every row of an identifier. Nothing counts as a lookup
    /// in ``statistics``. One trace line sums up the plan. The plan records the cache's
    /// ``context`` as planning began: plan again when ``SkeletonRowPlan/isPlanned(for:)`` says the
    /// table's context moved on.
    ///
    /// Bad input: as for ``SkeletonRowCount/counts(viewportHeight:sections:limit:log:rowHeight:)``
    /// and ``skeletonHeight(at:identifier:key:measurePlaceholder:)``, reported to ``log``.
    ///
    /// - Parameters:
    ///   - sections: The sections, in order.
    ///   - viewportHeight: The table's visible height (bounds height minus the adjusted
    ///     content insets) for sections that fill it.
    ///   - rowLimit: The most rows per section.
    ///   - measurePlaceholder: Measures the template cell of an identifier configured as a
    ///     placeholder, `nil` when it cannot; `nil` when the app gave no placeholder
    ///     configuration.
    /// - Complexity: O(*n*) for *n* rows planned, plus one placeholder measurement per
    ///   identifier.
    package func skeletonPlan(
        sections: [SkeletonSection], viewportHeight: CGFloat, rowLimit: Int = SkeletonRowCount.defaultLimit,
        measurePlaceholder: ((String) -> CGFloat?)? = nil
    ) -> SkeletonRowPlan {
        // Read before planning: the placeholder runs app code, whose own height requests can
        // switch the context (a rotation in a run of the loop it spun); the plan is of the
        // context it started in, so a moved one plans again (review 19b, P1).
        let plannedContext = context
        var placeholderHeights: [String: CGFloat?] = [:]
        var rows: [IndexPath: SkeletonRowHeight] = [:]
        func row(_ indexPath: IndexPath) -> SkeletonRowHeight {
            if let known = rows[indexPath] { return known }
            let section = sections[indexPath[0]]
            let key = section.keys.indices.contains(indexPath[1]) ? section.keys[indexPath[1]] : nil
            let placeholder: (() -> CGFloat?)? = measurePlaceholder.map { measure in
                {
                    if let cached = placeholderHeights[section.identifier] { return cached }
                    let measured = measure(section.identifier)
                    placeholderHeights[section.identifier] = .some(measured)
                    return measured
                }
            }
            let result = skeletonHeight(at: indexPath, identifier: section.identifier, key: key, measurePlaceholder: placeholder)
            rows[indexPath] = result
            return result
        }
        let counts = SkeletonRowCount.counts(
            viewportHeight: viewportHeight, sections: sections, limit: rowLimit, log: log) { row($0).height }
        var plan = SkeletonRowPlan(sections: counts.enumerated().map { section, count in
            (0..<count).map { row(IndexPath(indexes: [section, $0])) }
        }, context: plannedContext)
        if sections.contains(where: { $0.rowCount == nil }) {
            let spacing = sections.reduce(CGFloat(0)) { $0 + Self.usableSpacing($1.headerHeight) + Self.usableSpacing($1.footerHeight) }
            let viewport = viewportHeight.isFinite && viewportHeight > 0 ? viewportHeight : 0
            plan.filledHeight = max(viewport, plan.totalHeight + spacing)
        }
        log.trace("skeleton plan: \(counts) rows, \(HeightFormat.string(plan.totalHeight)) points, by source \(plan.rowsBySource.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        return plan
    }

    /// A header or footer height as filling counts it: 0 unless positive and finite.
    private static func usableSpacing(_ height: CGFloat) -> CGFloat {
        height.isFinite && height > 0 ? height : 0
    }
}
