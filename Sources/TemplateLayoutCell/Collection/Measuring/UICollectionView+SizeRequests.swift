#if canImport(UIKit)
import UIKit

/// A keyed supplementary view's cache key: the app's key within its kind, so a header and
/// an item (or a footer) the app gives equal keys never share a size.
struct SupplementarySizeKey: Hashable, CustomStringConvertible {
    let kind: String
    let key: AnyHashable

    var description: String { "\(kind) \(key)" }
}

extension UICollectionView {
    /// The shared path of every size request: check the fixed length and the index path's
    /// shape, switch to the request's layout context, look up; on a miss check the index
    /// path against the view's items, find and type-check the template, then measure once. Bad input reports and answers ``fallbackSize(fixing:length:kind:)``
    /// without measuring or caching.
    func templateSize<View: UICollectionReusableView>(
        _ request: CollectionTemplateRequest, fixing dimension: LayoutContext.FixedDimension, length: CGFloat,
        key: HeightCacheKey, indexPath: IndexPath? = nil, configure: (View) -> Void
    ) -> CGSize {
        let state = collectionLayoutState
        let kind: ReusableViewKind
        if case .identifier(_, let requestKind) = request { kind = requestKind } else { kind = .cell }
        let free = ItemSizingRules.freeDimension(when: dimension)
        // Read only off the hit path: a hit, every scroll frame, reads no layout metrics.
        lazy var fallbackFree = fallbackLength(along: free, kind: kind)
        lazy var fallback = ItemSizingRules.size(
            fixing: dimension, fixedLength: length, freeLength: fallbackFree,
            fallbackFixedLength: fallbackLength(along: dimension, kind: kind))
        guard ItemSizingRules.isLength(length) else {
            let message = "the \(request.description) was asked to fit a \(dimension) of \(length) points, which is not a " +
                "length; answering \(fallback) without measuring or caching"
            // Zero or negative: the view is usually not laid out yet (its bounds minus insets),
            // a passing state, reported once; NaN or infinity is a bug in the caller.
            if length.isFinite, length <= 0 { state.reportOnce("no length", message) } else { state.reportMisuse(message) }
            return fallback
        }
        if let indexPath, indexPath.count != 2 || indexPath.section < 0 || indexPath.item < 0 {
            state.reportMisuse("index path \(indexPath) does not name an item (a section and an item); answering \(fallback) " +
                               "for the \(request.description) without caching")
            return fallback
        }
        let context = state.switchContext(fixing: dimension, length: length)
        state.dropTemplatesIfTextChanged(to: context)
        // A position beyond the view's items has no cached size: looked up first, checked on
        // a miss only.
        if let cached = state.sizes.cachedHeight(for: key) {
            return ItemSizingRules.size(fixing: dimension, fixedLength: length, freeLength: cached)
        }
        if let indexPath, let problem = problem(with: indexPath, state: state) {
            state.reportMisuse("\(problem); answering \(fallback) for the \(request.description) without caching")
            return fallback
        }
        state.sizes.fallbackHeight = fallbackFree
        let template: UICollectionReusableView
        switch state.template(for: request, in: self) {
        case .success(let found):
            template = found
        case .failure(.unregistered):
            state.reportMisuse(unregisteredMessage(request, fallback: fallback))
            return fallback
        case .failure(.unusable(let reason)):
            state.reportMisuse("\(reason), so the \(request.description) cannot be measured; answering \(fallback) without caching")
            return fallback
        }
        guard let view = template as? View else {
            state.reportMisuse(
                "the \(request.description) gives a \(type(of: template)), not the \(View.self) the configure closure takes; " +
                "answering \(fallback) without caching")
            return fallback
        }
        let measured = state.sizes.measuredHeight(for: key, identifier: request.sampleIdentifier) {
            // All of it observed when the app opted in: iOS 26 cells read their model in
            // configuration updates, updateProperties() and layoutSubviews(), not only here.
            state.trackingObservedReads(for: key) {
                state.measuring(view) {
                    view.prepareForReuse()
                    CollectionTemplateMeasurer.prepare(view, for: context, state: state)
                    configure(view)
                    CollectionTemplateMeasurer.runConfigurationUpdate(of: view, fixing: dimension, length: length)
                    let length = CollectionTemplateMeasurer.length(
                        of: view, fixing: dimension, length: length, fallback: fallbackFree, log: state.sizes.log
                    ).length
                    // A configure closure that asked a size at another length switched the
                    // caches away: back to this request's context, which the measurement is
                    // of (review 19e, G3).
                    state.sizes.switchContext(to: context)
                    return length
                }
            }
        }
        return ItemSizingRules.size(fixing: dimension, fixedLength: length, freeLength: measured, fallbackFreeLength: fallbackFree)
    }

    /// The cache key of an item asked by index path: the index path, unless the data source
    /// is diffable (see ``CollectionLayoutState/mayCacheByIndexPath(in:)``).
    func itemKey(for indexPath: IndexPath) -> HeightCacheKey {
        collectionLayoutState.mayCacheByIndexPath(in: self) ? .indexPath(indexPath) : .none
    }

    /// What is wrong with `indexPath`, a section and an item, as an item of this view, if
    /// anything: beyond the view's sections and items. Not checked inside an open batch of
    /// updates, where the view's counts are the old ones.
    private func problem(with indexPath: IndexPath, state: CollectionLayoutState) -> String? {
        guard !state.sizes.indexPaths.hasOpenBatch else { return nil }
        // Public counts, which UIKit keeps from the data source (UICollectionView.h).
        guard indexPath.section < numberOfSections, indexPath.item < numberOfItems(inSection: indexPath.section) else {
            return "index path \(indexPath) is beyond this collection view's items"
        }
        return nil
    }

    /// The length along `dimension` answered when nothing can be measured (``ItemSizingRules``):
    /// a flow layout's estimated item size (not `automaticSize`) else its item size, or its
    /// header or footer reference size for those kinds; 50 points for other layouts.
    func fallbackLength(along dimension: LayoutContext.FixedDimension, kind: ReusableViewKind) -> CGFloat {
        guard let flow = collectionViewLayout as? UICollectionViewFlowLayout else {
            return ItemSizingRules.fallbackLength(along: dimension, estimatedItemSize: nil, itemSize: nil)
        }
        switch kind {
        case .cell:
            let estimated = flow.estimatedItemSize == UICollectionViewFlowLayout.automaticSize ? .zero : flow.estimatedItemSize
            return ItemSizingRules.fallbackLength(along: dimension, estimatedItemSize: estimated, itemSize: flow.itemSize)
        case .supplementary(let name):
            let reference = name == UICollectionView.elementKindSectionHeader ? flow.headerReferenceSize
                : name == UICollectionView.elementKindSectionFooter ? flow.footerReferenceSize : CGSize.zero
            return ItemSizingRules.fallbackLength(along: dimension, estimatedItemSize: nil, itemSize: reference)
        }
    }

    private func unregisteredMessage(_ request: CollectionTemplateRequest, fallback: CGSize) -> String {
        let cause = RegistrationTracking.installedAtLaunch
            ? "no registration of it was seen on this collection view (register(_:forCellWithReuseIdentifier:) or " +
              "its nib or supplementary twins; storyboard prototypes are registered by UIKit without them)"
            : "the package's registration tracking was installed only at this collection view's first request (the " +
              "FDTemplateLayoutCell target's launch-time loader did not run), so registrations made before it are unknown"
        return "the \(request.description) is unknown: \(cause). Name the class instead: " +
            "fd_size(of: YourCell.self, fittingWidth:...); answering \(fallback) without caching"
    }
}
#endif
