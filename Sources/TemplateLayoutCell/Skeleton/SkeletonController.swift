#if canImport(UIKit)
import UIKit
import ObjectiveC

/// Stands in for a table's data source and delegate while its skeleton shows: the rows,
/// heights and cells come from the skeleton plan, so the app's own methods are never asked
/// about rows that do not exist yet.
///
/// Scroll-view delegate calls (`scrollViewDidScroll(_:)` and the like) still reach the app's
/// delegate, so navigation bars and pull-to-refresh keep working; table-specific ones do not.
@MainActor
final class SkeletonController: NSObject, UITableViewDataSource, UITableViewDelegate {
    let configuration: SkeletonConfiguration
    let plan: SkeletonRowPlan
    private weak var table: UITableView?
    private weak var originalDataSource: UITableViewDataSource?
    private weak var originalDelegate: UITableViewDelegate?
    private let originalAccessibility: (isElement: Bool, label: String?)
    /// Every cell given an overlay, so each is cleaned when the skeleton hides, including
    /// those sitting in the reuse queue (SkeletonView #85, #236, #299, #399).
    private let decoratedCells = NSHashTable<UITableViewCell>.weakObjects()
    /// Layouts mapped during this show, by key, when no shared cache is configured.
    private var mappedLayouts: [SkeletonLayoutKey: SkeletonLayout] = [:]
    /// The app's delegate, for forwarding scroll-view calls; readable off the main actor.
    private nonisolated let scrollForwardee = LockedWeakReference()

    init(table: UITableView, configuration: SkeletonConfiguration, plan: SkeletonRowPlan) {
        self.table = table
        self.configuration = configuration
        self.plan = plan
        self.originalDataSource = table.dataSource
        self.originalDelegate = table.delegate
        self.originalAccessibility = (table.isAccessibilityElement, table.accessibilityLabel)
        super.init()
        scrollForwardee.object = table.delegate
    }

    /// Takes the table over: its data source, delegate and accessibility.
    func attach() {
        guard let table else { return }
        table.dataSource = self
        table.delegate = self
        // VoiceOver hears one element, "Loading", not a list of empty cells.
        table.isAccessibilityElement = true
        table.accessibilityLabel = configuration.accessibilityLabel
        UIAccessibility.post(notification: Self.layoutChanged, argument: table)
        NotificationCenter.default.addObserver(
            self, selector: #selector(reduceMotionChanged), name: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil)
    }

    /// Gives the table back and cleans every cell that showed a skeleton.
    func detach() {
        NotificationCenter.default.removeObserver(self, name: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil)
        for cell in decoratedCells.allObjects { Self.removeOverlay(from: cell) }
        decoratedCells.removeAllObjects()
        scrollForwardee.object = nil
        guard let table else { return }
        table.dataSource = originalDataSource
        table.delegate = originalDelegate
        table.isAccessibilityElement = originalAccessibility.isElement
        table.accessibilityLabel = originalAccessibility.label
        UIAccessibility.post(notification: Self.layoutChanged, argument: nil)
    }

    /// Reduce Motion changed while the skeleton shows: solid now, or animated again.
    @objc private func reduceMotionChanged() {
        for cell in decoratedCells.allObjects {
            (cell.contentView.subviews.last as? SkeletonOverlayView)?.applyColorsAndAnimation()
        }
    }

    // MARK: Data source

    func numberOfSections(in tableView: UITableView) -> Int {
        plan.numberOfSections
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        plan.numberOfRows(inSection: section)
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let identifier = configuration.sections[indexPath.section].identifier
        guard let cell = tableView.dequeueReusableCell(withIdentifier: identifier) else {
            tableView.layoutState.reportMisuse("skeleton: no cell is registered for identifier \"\(identifier)\"; showing an empty row")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        configuration.placeholder?(cell)
        cell.isUserInteractionEnabled = false
        cell.accessibilityElementsHidden = true
        let height = plan.height(at: indexPath) ?? tableView.layoutState.heights.fallbackHeight
        cell.frame = CGRect(x: 0, y: 0, width: tableView.bounds.width, height: height)
        cell.layoutIfNeeded()
        let direction: SkeletonLayoutDirection = cell.effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        let layout = self.layout(for: cell, identifier: identifier, direction: direction, in: tableView)
        let overlay = (cell.contentView.subviews.last as? SkeletonOverlayView) ?? SkeletonOverlayView(frame: cell.contentView.bounds)
        overlay.frame = cell.contentView.bounds
        cell.contentView.addSubview(overlay)
        overlay.show(layout, appearance: configuration.appearance, direction: direction)
        decoratedCells.add(cell)
        return cell
    }

    private func layout(for cell: UITableViewCell, identifier: String, direction: SkeletonLayoutDirection, in table: UITableView) -> SkeletonLayout {
        let heights = table.layoutState.heights
        let key = SkeletonLayoutKey(identifier: identifier, context: heights.context, direction: direction)
        let map = { SkeletonLayout.mapping(SkeletonViewTreeReader.tree(of: cell), laidOutIn: direction, log: heights.log) }
        if let cache = configuration.layoutCache { return cache.layout(for: key, orMap: map) }
        if let mapped = mappedLayouts[key] { return mapped }
        let mapped = map()
        mappedLayouts[key] = mapped
        return mapped
    }

    // MARK: Delegate

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        plan.height(at: indexPath) ?? tableView.layoutState.heights.fallbackHeight
    }

    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        Self.sectionSpacing(configuration.sections.indices.contains(section) ? configuration.sections[section].headerHeight : 0, in: tableView)
    }

    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        Self.sectionSpacing(configuration.sections.indices.contains(section) ? configuration.sections[section].footerHeight : 0, in: tableView)
    }

    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        false
    }

    /// A header or footer height for UIKit. In a plain table 0 means none, and anything above
    /// 0 would also bring iOS 15's `sectionHeaderTopPadding`, moving every row down; in a
    /// grouped table 0 means "the default", so the smallest positive height stands for none.
    private static func sectionSpacing(_ height: CGFloat, in table: UITableView) -> CGFloat {
        if height.isFinite && height > 0 { return height }
        return table.style == .plain ? 0 : .leastNonzeroMagnitude
    }

    /// `UIAccessibility.Notification.layoutChanged` (1001): the SDK's static property is not
    /// concurrency-safe in Swift 6, its value is ABI.
    private static let layoutChanged = UIAccessibility.Notification(rawValue: 1001)

    // MARK: Forwarding scroll-view delegate calls

    // NSObject's forwarding hooks are nonisolated, so they read the app's delegate through a
    // lock rather than from main-actor state.
    override nonisolated func responds(to selector: Selector!) -> Bool {
        if super.responds(to: selector) { return true }
        guard Self.isScrollViewDelegateSelector(selector), let target = scrollForwardee.object else { return false }
        return target.responds(to: selector)
    }

    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        Self.isScrollViewDelegateSelector(selector) ? scrollForwardee.object : nil
    }

    private nonisolated static func isScrollViewDelegateSelector(_ selector: Selector) -> Bool {
        guard let scrollViewDelegate = objc_getProtocol("UIScrollViewDelegate") else { return false }
        return protocol_getMethodDescription(scrollViewDelegate, selector, false, true).name != nil
    }

    static func removeOverlay(from cell: UITableViewCell) {
        for overlay in cell.contentView.subviews where overlay is SkeletonOverlayView { overlay.removeFromSuperview() }
        cell.isUserInteractionEnabled = true
        cell.accessibilityElementsHidden = false
    }
}

/// A weak reference any thread may read and write.
final class LockedWeakReference: @unchecked Sendable {
    // The one mutable field is behind `lock`.
    private let lock = NSLock()
    private weak var storage: NSObjectProtocol?

    var object: NSObjectProtocol? {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }
}
#endif
