#if canImport(UIKit)
import UIKit

/// FDTemplateLayoutCell's API with its Objective-C selectors and the types Swift gave its
/// headers, so that code written against the pod compiles unchanged. New Swift code reads
/// better with the typed ``fd_height(identifier:cacheBy:configure:)-(_,Key,_)`` family.
///
/// The pod's headers had no nullability annotations, so Swift saw implicitly unwrapped
/// types: they are kept (`String!`, `IndexPath!`, `UITableViewCell!`, ...), so pod-era code
/// that uses `if let`, `?.` or `!` on them compiles, and a `nil` from Objective-C arrives as
/// `nil` (not as a garbage reference) and gets the pod's answer: 0 for a height. Results
/// are discardable, as imported Objective-C results were.
///
/// Configuration blocks take `Any?` (Objective-C `id`), as FD's did: Objective-C callers
/// pass blocks typed with their own cell class, `^(FDFeedCell *cell) {...}`.
extension UITableView {
    /// The template cell for `identifier`, dequeued once and kept off screen.
    /// FD's `fd_templateCellForReuseIdentifier:`.
    ///
    /// Objective-C gets this method from the `FDTemplateLayoutCell` module, whose header
    /// declares it as the pod did, returning `__kindof UITableViewCell *`, which Swift's
    /// generated header cannot say (see `templateCellForObjectiveC(_:)`).
    ///
    /// Bad input: a `nil` or unregistered identifier asserts in debug builds (the pod's
    /// `NSAssert`), naming it; in release builds a plain cell is returned (not kept), never
    /// `nil`.
    ///
    /// Called from `cellForRowAt` while UIKit reconfigures the row, before any template of
    /// `identifier` is kept: UIKit's dequeue gives the row's shown cell then, which is never
    /// returned as a template. The template is made from the identifier's registration when
    /// the package saw it (any `register` call since launch; not a storyboard's prototypes);
    /// otherwise a plain `UITableViewCell` with the identifier is returned, not kept and not
    /// reported, and the next call, outside the reconfigure, gives the real template.
    ///
    /// - Complexity: O(1) after the first call for `identifier`.
    @discardableResult
    public func fd_templateCell(forReuseIdentifier identifier: String!) -> UITableViewCell! {
        templateCellForObjectiveC(identifier)
    }

    /// `fd_templateCellForReuseIdentifier:` as the Objective-C runtime sees it. Internal, so
    /// that the generated header does not declare it with a plain `UITableViewCell *` next
    /// to the `__kindof` declaration in `FDTemplateLayoutCell` (clang takes whichever it
    /// finds first).
    @objc(fd_templateCellForReuseIdentifier:)
    func templateCellForObjectiveC(_ identifier: String?) -> UITableViewCell {
        let state = layoutState
        guard let identifier else {
            state.reportMisuse("fd_templateCellForReuseIdentifier: was given a nil identifier; answering a plain cell, not kept")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        switch state.templateCell(withIdentifier: identifier, in: self) {
        case .template(let cell):
            return cell
        case .unregistered:
            state.reportMisuse("no cell is registered for identifier \"\(identifier)\"")
        case .onlyShownCell:
            // Not the shown cell (UIKit's answer during a reconfigure), and not misuse.
            break
        }
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// The height of the configured template cell, not cached.
    /// FD's `fd_heightForCellWithIdentifier:configuration:`.
    ///
    /// Bad input: a `nil` identifier answers 0, as FD did, and is reported once.
    ///
    /// - Complexity: one Auto Layout pass.
    @objc(fd_heightForCellWithIdentifier:configuration:)
    @discardableResult
    public func fd_heightForCell(withIdentifier identifier: String!, configuration: ((Any?) -> Void)!) -> CGFloat {
        let state = layoutState
        guard let identifier = state.fdArgument(identifier, "identifier", of: "fd_heightForCellWithIdentifier:configuration:") else {
            return 0
        }
        return templateHeight(identifier: identifier, key: .none, state: state) { (cell: UITableViewCell) in configuration?(cell) }
    }

    /// The height of the configured template cell, cached by index path and kept aligned by
    /// table updates. FD's `fd_heightForCellWithIdentifier:cacheByIndexPath:configuration:`.
    ///
    /// Bad input: a `nil` identifier or index path answers 0, as FD did, and is reported once.
    ///
    /// - Complexity: O(1) on a hit; one Auto Layout pass on a miss.
    @objc(fd_heightForCellWithIdentifier:cacheByIndexPath:configuration:)
    @discardableResult
    public func fd_heightForCell(
        withIdentifier identifier: String!, cacheBy indexPath: IndexPath!, configuration: ((Any?) -> Void)!
    ) -> CGFloat {
        let selector = "fd_heightForCellWithIdentifier:cacheByIndexPath:configuration:"
        let state = layoutState
        guard let identifier = state.fdArgument(identifier, "identifier", of: selector),
              let indexPath = state.fdArgument(indexPath, "index path", of: selector) else { return 0 }
        return fd_height(identifier: identifier, cacheBy: indexPath) { (cell: UITableViewCell) in configuration?(cell) }
    }

    /// The height of the configured template cell, cached by `key`.
    /// FD's `fd_heightForCellWithIdentifier:cacheByKey:configuration:`.
    ///
    /// Bad input: a `nil` identifier or key answers 0, as FD did, and is reported once; a
    /// key that is not an `NSObject` cannot be hashed: the height is measured and not
    /// cached, and the problem is reported.
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    @objc(fd_heightForCellWithIdentifier:cacheByKey:configuration:)
    @discardableResult
    public func fd_heightForCell(
        withIdentifier identifier: String!, cacheByKey key: NSCopying!, configuration: ((Any?) -> Void)!
    ) -> CGFloat {
        let selector = "fd_heightForCellWithIdentifier:cacheByKey:configuration:"
        let state = layoutState
        guard let identifier = state.fdArgument(identifier, "identifier", of: selector),
              let key = state.fdArgument(key, "key", of: selector) else { return 0 }
        let cacheKey: HeightCacheKey
        if let hashable = FDKeyedHeightCache.hashableKey(key) {
            cacheKey = .key(hashable)
        } else {
            state.reportOnce("unhashable key", "key \(key) is not an NSObject, so it cannot be hashed; heights for it are not cached")
            cacheKey = .none
        }
        return templateHeight(identifier: identifier, key: cacheKey, state: state) { (cell: UITableViewCell) in configuration?(cell) }
    }

    /// The height of the configured header or footer view, not cached (FD's contract: it
    /// has no cache key); unlike FD's, the configuration block is called. For a cached
    /// height use ``fd_headerHeight(identifier:inSection:configure:)``.
    /// FD's `fd_heightForHeaderFooterViewWithIdentifier:configuration:`.
    ///
    /// Bad input: a `nil` identifier answers 0 and is reported once (FD asserted, then
    /// crashed inserting `nil` into a dictionary).
    ///
    /// - Complexity: one Auto Layout pass.
    @objc(fd_heightForHeaderFooterViewWithIdentifier:configuration:)
    @discardableResult
    public func fd_heightForHeaderFooterView(withIdentifier identifier: String!, configuration: ((Any?) -> Void)!) -> CGFloat {
        let state = layoutState
        guard let identifier = state.fdArgument(identifier, "identifier", of: "fd_heightForHeaderFooterViewWithIdentifier:configuration:") else {
            return 0
        }
        return headerFooterHeight(identifier: identifier, key: .none, state: state) { (view: UITableViewHeaderFooterView) in
            configuration?(view)
        }
    }

    /// The table's index-path height cache, the same object every time.
    /// FD's `fd_indexPathHeightCache`.
    @objc public var fd_indexPathHeightCache: FDIndexPathHeightCache! {
        // Attached to the table by the state (see TableLayoutState).
        layoutState.indexPathHeightCache
    }

    /// The table's keyed height cache, the same object every time. FD's `fd_keyedHeightCache`.
    @objc public var fd_keyedHeightCache: FDKeyedHeightCache! {
        // Attached to the table by the state (see TableLayoutState).
        layoutState.keyedHeightCache
    }

    /// Reloads the table keeping the heights cached by index path, for when rows were only
    /// appended ("load more" at the bottom).
    /// FD's `fd_reloadDataWithoutInvalidateIndexPathHeightCache`.
    ///
    /// - Complexity: that of `reloadData`.
    @objc public func fd_reloadDataWithoutInvalidateIndexPathHeightCache() {
        let state = layoutState
        state.keepsIndexPathHeightsOnReload = true
        defer { state.keepsIndexPathHeightsOnReload = false }
        reloadData()
    }

    /// Whether this table logs every hit, miss, measurement and invalidation to the system
    /// log at its default level (subsystem and category TemplateLayoutCell), which Xcode's
    /// console shows as it showed FD's NSLog lines. Off by default.
    /// FD's `fd_debugLogEnabled`.
    @objc public var fd_debugLogEnabled: Bool {
        get { layoutState.heights.log.isEnabled }
        set { layoutState.heights.log.isEnabled = newValue }
    }

    /// Writes `message` to this table's debug log if it is enabled. FD's `fd_debugLog:`.
    ///
    /// Bad input: `nil` is written as `(null)`, as NSLog wrote it.
    ///
    /// - Complexity: O(length of `message`) when enabled.
    @objc(fd_debugLog:)
    public func fd_debugLog(_ message: String!) {
        layoutState.heights.log.trace(message ?? "(null)")
    }
}

extension TableLayoutState {
    /// `argument`, or `nil` after reporting once per selector that Objective-C passed `nil`
    /// where FD's header took an object (FD answered 0 for a height).
    func fdArgument<Value>(_ argument: Value?, _ name: String, of selector: String) -> Value? {
        if let argument { return argument }
        reportOnce("nil \(name) in \(selector)", "\(selector) was given a nil \(name); answering 0, as FDTemplateLayoutCell did")
        return nil
    }
}

extension UITableViewCell {
    /// Whether this cell is a template used only for measuring, never displayed; set on
    /// the cells this package dequeues as templates, so a cell's code can skip work only a
    /// displayed cell needs. FD's `fd_isTemplateLayoutCell`.
    @objc public var fd_isTemplateLayoutCell: Bool {
        get { (objc_getAssociatedObject(self, AssociationKeys.isTemplateLayoutCell) as? Bool) ?? false }
        set { objc_setAssociatedObject(self, AssociationKeys.isTemplateLayoutCell, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }

    /// Whether this cell is measured with `sizeThatFits(_:)` instead of Auto Layout; set it
    /// on a frame-layout cell, which must then override `sizeThatFits(_:)`.
    /// FD's `fd_enforceFrameLayout`.
    @objc public var fd_enforceFrameLayout: Bool {
        get { (objc_getAssociatedObject(self, AssociationKeys.enforceFrameLayout) as? Bool) ?? false }
        set { objc_setAssociatedObject(self, AssociationKeys.enforceFrameLayout, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }
}
#endif
