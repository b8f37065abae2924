#if canImport(UIKit)
import UIKit

/// Why no template could be given.
enum CollectionTemplateProblem: Error {
    /// No registration of the identifier was seen.
    case unregistered
    /// The registered class, or the nib's top-level views, give no view of the kind asked.
    case unusable(String)
}

extension CollectionLayoutState {
    /// The template for `request`: built once from the registered class (`init(frame:)`) or
    /// nib, or the named class, and kept; never dequeued (a view dequeued outside
    /// `cellForItemAt` throws at the next layout pass, iOS 18 and later).
    ///
    /// The kept one is being measured (a request from inside a configure closure): a view of
    /// its own, not kept. A registration changed since the kept one was built: built again.
    func template(for request: CollectionTemplateRequest, in view: UICollectionView) -> Result<UICollectionReusableView, CollectionTemplateProblem> {
        let key: CollectionTemplateKey
        let source: ReusableViewSource
        let wanted: UICollectionReusableView.Type
        // A named class keeps one template, not one per nib object: apps write
        // `UINib(nibName:bundle:)` inline, a new object per call (review 19c, F2); one built
        // from another nib object is built again, so one class loaded from two nibs (a
        // compact and a large layout) is measured with the nib asked (review 19e, G4).
        switch request {
        case .identifier(let identifier, let kind):
            guard let registered = view.existingTemplateRegistrations?.source(kind: kind, identifier: identifier) else {
                return .failure(.unregistered)
            }
            key = CollectionTemplateKey(kind: kind, source: .identifier(identifier))
            source = registered
            wanted = kind == .cell ? UICollectionViewCell.self : UICollectionReusableView.self
        case .cellClass(let cellClass, let nib):
            key = CollectionTemplateKey(kind: .cell, source: .viewClass(ObjectIdentifier(cellClass), fromNib: nib != nil))
            source = nib.map { .nib($0) } ?? .viewClass(cellClass)
            wanted = cellClass
        }
        if let kept = templates[key], kept.madeFrom == source.identity, !templatesInUse.contains(ObjectIdentifier(kept.view)) {
            return .success(kept.view)
        }
        let built: UICollectionReusableView
        switch Self.build(source, as: wanted) {
        case .success(let template): built = template
        case .failure(let problem): return .failure(problem)
        }
        if let kept = templates[key], kept.madeFrom == source.identity {
            sizes.log.trace("layout cell in use - \(request.description): a nested request gets a view of its own")
            return .success(built)
        }
        if case .nib(let nib) = source {
            templates[key] = CollectionTemplate(view: built, madeFrom: source.identity, nib: nib)
        } else {
            templates[key] = CollectionTemplate(view: built, madeFrom: source.identity, nib: nil)
        }
        sizes.log.trace("layout cell created - \(request.description)")
        return .success(built)
    }

    /// A new view from `source`: the class's `init(frame:)`, or the first top-level view of
    /// the nib that is a `wanted`.
    private static func build(_ source: ReusableViewSource, as wanted: UICollectionReusableView.Type) -> Result<UICollectionReusableView, CollectionTemplateProblem> {
        switch source {
        case .viewClass(let viewClass):
            guard let viewType = viewClass as? UICollectionReusableView.Type, viewType.isSubclass(of: wanted) else {
                return .failure(.unusable("the registered class \(viewClass) is not a \(wanted)"))
            }
            // What UIKit calls to make a registered class's views (UICollectionView.h: "the
            // class will be instantiated with -initWithFrame:").
            return .success(viewType.init(frame: .zero))
        case .nib(let nib):
            // A registered nib "must contain exactly 1 top level object which is a
            // UICollectionReusableView subclass" (UICollectionView.h); the first of the class wanted is taken.
            let objects = nib.instantiate(withOwner: nil, options: nil)
            guard let view = objects.lazy.compactMap({ $0 as? UICollectionReusableView }).first(where: { $0.isKind(of: wanted) }) else {
                return .failure(.unusable("the nib holds no top-level \(wanted)"))
            }
            return .success(view)
        }
    }

    /// Runs `measurement` of `template` with the template marked in use (see
    /// ``template(for:in:)``). A live call (``LiveCalls``): the app's configuration may spin
    /// the run loop.
    func measuring<T>(_ template: UIView, _ measurement: () -> T) -> T {
        let inserted = templatesInUse.insert(ObjectIdentifier(template)).inserted
        defer { if inserted { templatesInUse.remove(ObjectIdentifier(template)) } }
        return LiveCalls.during(measurement)
    }

    /// Below iOS 17 a template's traits cannot be overridden and it hears of no text-size or
    /// Bold Text change: new templates are built instead, as tables do.
    func dropTemplatesIfTextChanged(to context: LayoutContext) {
        let traits = (category: context.contentSizeCategory, weight: context.legibilityWeight)
        defer { templatesTraits = traits }
        guard let previous = templatesTraits, previous != traits else { return }
        if #available(iOS 17, *) { return }
        if !templates.isEmpty { sizes.log.trace("text changed: layout cells dropped, to be created again") }
        templates.removeAll()
    }

    /// Whether sizes may be cached by index path for this collection view now: not with a
    /// diffable data source, which can move items with no update method the cache follows
    /// (a drag-reorder commit), as for tables (see `TableLayoutState.mayCacheByIndexPath`).
    func mayCacheByIndexPath(in view: UICollectionView) -> Bool {
        guard let dataSource = view.dataSource else { return true }
        if checkedDataSource !== dataSource {
            checkedDataSource = dataSource
            checkedDataSourceIsDiffable = TableLayoutState.isDiffable(dataSource)
        }
        guard checkedDataSourceIsDiffable else { return true }
        reportOnce(
            "diffable",
            "this collection view's data source is a diffable data source, which can move items without any " +
            "update method the index-path cache follows (a drag-reorder commit); sizes asked by index path are " +
            "measured (or, for self-sizing cells, fitted by UIKit) without caching. Cache by item identifier instead: " +
            "fd_size(identifier:fittingWidth:cacheBy: itemIdentifier), or fd_sizeCacheKey for self-sizing cells")
        return false
    }
}
#endif
