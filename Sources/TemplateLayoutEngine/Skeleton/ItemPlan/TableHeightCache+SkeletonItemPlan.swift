import Foundation

extension TableHeightCache {
    /// Plans a skeleton collection view: each section's items, each with its length along
    /// the scroll axis from the first of the five sources that has one
    /// (``skeletonHeight(at:identifier:key:measurePlaceholder:)``: the previous load, the
    /// keyed cache, the placeholder measurement, the identifier's median, the estimate),
    /// read in the section's own context (its fixed dimension and length), and a count that
    /// fills the viewport with whole lines of `itemsAcross` items, plus one line.
    ///
    /// A section whose context is not measurable (a view without a width yet) gets no items:
    /// nothing there could be sized; plan again once it is (``SkeletonItemPlan/replanning(in:viewportLength:isResizingInteractively:)``).
    /// The placeholder is measured at most once per identifier and context. The cache is left
    /// in the last measurable section's context. Nothing counts as a lookup in ``statistics``.
    ///
    /// Bad input: a number of geometries that is not the number of sections is reported and
    /// the sections without one get no items; a negative count is 0, reported; an
    /// `itemsAcross` below 1 is 1, reported; a viewport length of 0 fills one line (traced),
    /// a negative, NaN or infinite one too (reported); an item length that is not a positive
    /// finite number fills as ``SkeletonRowCount/fallbackRowHeight`` (reported); an estimate
    /// replaces only the ``SkeletonHeightSource/estimate`` source.
    ///
    /// - Parameters:
    ///   - sections: The sections, in order.
    ///   - geometries: Each section's geometry, in order.
    ///   - viewportLength: The visible length along the scroll axis (bounds less adjusted
    ///     content insets).
    ///   - itemLimit: The most items per section.
    ///   - measurePlaceholder: Measures the template cell of an identifier configured as a
    ///     placeholder at a context's fixed length, returning its length along the free
    ///     dimension, `nil` when it cannot; `nil` when the app gave no placeholder.
    /// - Complexity: O(*n*) for *n* items planned, plus one placeholder measurement per
    ///   identifier and context.
    package func skeletonItemPlan(
        sections: [CollectionSkeletonSection], geometries: [SkeletonItemGeometry], viewportLength: CGFloat,
        itemLimit: Int = SkeletonRowCount.defaultLimit, measurePlaceholder: ((String, LayoutContext) -> CGFloat?)? = nil
    ) -> SkeletonItemPlan {
        if geometries.count != sections.count {
            log.problem("skeleton items: \(sections.count) section(s) but \(geometries.count) geometries; sections without one show no items")
        }
        let limit = max(1, itemLimit)
        let viewportIsUsable = viewportLength.isFinite && viewportLength > 0
        if !viewportIsUsable && sections.contains(where: { $0.itemCount == nil }) {
            if viewportLength == 0 {
                log.trace("skeleton items: the viewport has no length yet; filling sections get 1 line until it has")
            } else {
                log.problem("skeleton items: the viewport length \(HeightFormat.string(viewportLength)) is not a positive size; filling sections get 1 line")
            }
        }
        var placeholderLengths: [PlaceholderKey: CGFloat?] = [:]
        var remaining = viewportIsUsable ? viewportLength : 0
        var covered: CGFloat = 0
        var invalid = 0
        var planned: [SkeletonItemPlan.Section] = []
        for (index, section) in sections.enumerated() {
            guard geometries.indices.contains(index), geometries[index].context.isMeasurable else {
                planned.append(SkeletonItemPlan.Section(context: geometries.indices.contains(index) ? geometries[index].context : .unmeasured, items: []))
                continue
            }
            let geometry = geometries[index]
            if section.itemsAcross < 1 {
                log.problem("skeleton items: section \(index) fits \(section.itemsAcross) items across; reading it as 1")
            }
            var items: [Int: SkeletonRowHeight] = [:]
            func item(_ number: Int) -> SkeletonRowHeight {
                if let known = items[number] { return known }
                // The placeholder runs app code that may switch the cache (a request of its
                // own): each item is read in its section's context.
                if context != geometry.context { switchContext(to: geometry.context) }
                let key = section.keys.indices.contains(number) ? section.keys[number] : nil
                let placeholder: (() -> CGFloat?)? = measurePlaceholder.map { measure in
                    {
                        let cacheKey = PlaceholderKey(identifier: section.identifier, context: geometry.context)
                        if let known = placeholderLengths[cacheKey] { return known }
                        let measured = measure(section.identifier, geometry.context)
                        placeholderLengths[cacheKey] = .some(measured)
                        return measured
                    }
                }
                var result = skeletonHeight(
                    at: IndexPath(indexes: [index, number]), identifier: section.identifier, key: key, measurePlaceholder: placeholder)
                if result.source == .estimate, let estimate = geometry.estimate { result.height = estimate }
                items[number] = result
                return result
            }
            let lines = SkeletonItemLines(across: geometry.itemsAcross, lineSpacing: geometry.lineSpacing)
            remaining -= geometry.leadingSpacing
            covered += geometry.leadingSpacing
            let count: Int
            if let requested = section.itemCount {
                if requested < 0 { log.problem("skeleton items: section \(index) asks for \(requested) items; showing none") }
                count = min(max(requested, 0), limit)
            } else {
                count = lines.filling(max(remaining, 0), limit: limit) { item($0).height }
            }
            let length = lines.length(ofItems: count, invalid: &invalid) { item($0).height }
            remaining -= length + geometry.trailingSpacing
            covered += length + geometry.trailingSpacing
            planned.append(SkeletonItemPlan.Section(context: geometry.context, items: (0..<count).map(item)))
        }
        if invalid > 0 {
            log.problem("skeleton items: \(invalid) item length(s) were 0, negative, NaN or infinite; counted as \(HeightFormat.string(SkeletonRowCount.fallbackRowHeight)) to fill the viewport")
        }
        var plan = SkeletonItemPlan(sections: planned)
        if sections.contains(where: { $0.itemCount == nil }) {
            plan.filledLength = max(viewportIsUsable ? viewportLength : 0, covered)
        }
        log.trace("skeleton item plan: \(planned.map(\.items.count)) items, by source \(plan.itemsBySource.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        return plan
    }
}

/// An identifier measured in one context: the placeholder's result is the same for every
/// item of it.
private struct PlaceholderKey: Hashable {
    let identifier: String
    let context: LayoutContext
}
