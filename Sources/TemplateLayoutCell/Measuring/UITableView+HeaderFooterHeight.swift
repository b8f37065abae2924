#if canImport(UIKit)
import UIKit

extension UITableView {
    /// The height of the header view registered for `identifier`, configured by
    /// `configure`, cached by section: the cached height moves with its section when
    /// sections are inserted, deleted or moved, and is forgotten when the section reloads.
    ///
    /// Call it from `tableView(_:heightForHeaderInSection:)`. The configuration closure is
    /// called before measuring, which FD's header and footer method did not do.
    ///
    /// Bad input: an unregistered identifier, or a view that is not a `View`, asserts in
    /// debug builds and answers the table's fallback height without caching.
    ///
    /// - Complexity: O(1) on a hit; one Auto Layout pass on a miss.
    public func fd_headerHeight<View: UITableViewHeaderFooterView>(
        identifier: String, inSection section: Int, configure: (View) -> Void
    ) -> CGFloat {
        let state = layoutState
        let key: HeightCacheKey = state.mayCacheByIndexPath(in: self) ? .header(section: section) : .none
        return headerFooterHeight(identifier: identifier, key: key, state: state, configure: configure)
    }

    /// The height of the footer view registered for `identifier`, cached by section; see
    /// ``fd_headerHeight(identifier:inSection:configure:)``.
    ///
    /// - Complexity: O(1) on a hit; one Auto Layout pass on a miss.
    public func fd_footerHeight<View: UITableViewHeaderFooterView>(
        identifier: String, inSection section: Int, configure: (View) -> Void
    ) -> CGFloat {
        let state = layoutState
        let key: HeightCacheKey = state.mayCacheByIndexPath(in: self) ? .footer(section: section) : .none
        return headerFooterHeight(identifier: identifier, key: key, state: state, isFooter: true, configure: configure)
    }

    /// The height of the header or footer view registered for `identifier`, cached by
    /// `key` together with the identifier, so a header and a cell showing the same model
    /// never share a height.
    ///
    /// - Complexity: O(1) on average on a hit; one Auto Layout pass on a miss.
    public func fd_headerFooterHeight<View: UITableViewHeaderFooterView, Key: Hashable>(
        identifier: String, cacheBy key: Key, configure: (View) -> Void
    ) -> CGFloat {
        let namespaced = HeaderFooterKey(identifier: identifier, key: AnyHashable(key))
        return headerFooterHeight(identifier: identifier, key: .key(AnyHashable(namespaced)), state: layoutState, configure: configure)
    }

    /// The shared path of every header and footer height request; `isFooter` picks the
    /// footer's metrics for the fallback height.
    func headerFooterHeight<View: UITableViewHeaderFooterView>(
        identifier: String, key: HeightCacheKey, state: TableLayoutState, isFooter: Bool = false, configure: (View) -> Void
    ) -> CGFloat {
        let geometry = state.refreshGeometry(of: self)
        if let cached = state.heights.cachedHeight(for: key) { return cached }
        let fallback = TemplateMeasurer.fallbackHeight(in: self, isFooter: isFooter)
        guard let template = state.templateHeaderFooterView(withIdentifier: identifier, in: self) else {
            state.reportMisuse("no header or footer view is registered for identifier \"\(identifier)\"; answering \(fallback) without caching")
            return fallback
        }
        guard let view = template as? View else {
            state.reportMisuse("the view registered for \"\(identifier)\" is a \(type(of: template)), not the \(View.self) the configure closure takes; answering \(fallback) without caching")
            return fallback
        }
        // Without a width, or without a measured height, the header's or footer's fallback.
        return state.heights.measuredHeight(for: key, fallback: fallback) {
            state.trackingObservedReads(for: key) {
                state.measuring(view) {
                    view.prepareForReuse()
                    TemplatePreparation.prepare(view, for: geometry, state: state)
                    configure(view)
                    TemplatePreparation.runConfigurationUpdate(of: view, width: geometry.headerFooterWidth)
                    return TemplateMeasurer.height(of: view, in: self, geometry: geometry, isFooter: isFooter, log: state.heights.log).height
                }
            }
        }
    }
}

/// A header or footer height's key: the app's key within the view's identifier.
struct HeaderFooterKey: Hashable, CustomStringConvertible {
    let identifier: String
    let key: AnyHashable

    var description: String { "\(identifier)/\(key)" }
}
#endif
