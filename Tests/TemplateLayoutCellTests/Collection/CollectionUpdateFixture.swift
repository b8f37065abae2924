#if canImport(UIKit)
import UIKit
import ObjectiveC
@testable import TemplateLayoutCell

/// A real collection view with a flow layout and a data source whose counts follow its
/// model, with sentinel sizes seeded in its index-path cache: each test changes the model,
/// calls UIKit's real update method, and reads where the sizes went.
@MainActor
final class CollectionUpdateFixture: NSObject, UICollectionViewDataSource {
    static let reuseIdentifier = "cell"
    var sections: [[String]]
    let layout = InvalidationCountingFlowLayout()
    let collectionView: UICollectionView
    /// What `collectionView(_:moveItemAt:to:)` received, in order.
    private(set) var movesReceived: [(IndexPath, IndexPath)] = []

    init(sections: [[String]]) {
        self.sections = sections
        layout.itemSize = CGSize(width: 100, height: 40)
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: layout)
        super.init()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: Self.reuseIdentifier)
        collectionView.dataSource = self
        // Loaded before seeding: a first update on an unloaded view reloads it.
        collectionView.layoutIfNeeded()
    }

    /// The sentinel size seeded for an item: 1000 + 100 × section + item.
    static func sentinel(_ section: Int, _ item: Int) -> CGFloat { CGFloat(1000 + 100 * section + item) }

    /// Seeds every item's sentinel size at a fixed width of 320 points.
    func seedSentinelSizes() {
        let state = collectionView.collectionLayoutState
        state.switchContext(fixing: .width, length: 320)
        for (section, items) in sections.enumerated() {
            for item in items.indices {
                state.sizes.store(Self.sentinel(section, item), for: .indexPath(IndexPath(item: item, section: section)))
            }
        }
    }

    /// The size cached for the item, in the seeded context.
    func cachedSize(_ section: Int, _ item: Int) -> CGFloat? {
        let state = collectionView.collectionLayoutState
        state.switchContext(fixing: .width, length: 320)
        return state.sizes.cachedHeight(for: .indexPath(IndexPath(item: item, section: section)))
    }

    /// The sizes cached for every item of `section` as the model has it now.
    func cachedSizes(section: Int) -> [CGFloat?] {
        sections[section].indices.map { cachedSize(section, $0) }
    }

    /// Runs `body` without animation, then lays the view out (UIKit checks counts there).
    func update(_ body: () -> Void) {
        UIView.performWithoutAnimation(body)
        collectionView.layoutIfNeeded()
    }

    // MARK: UICollectionViewDataSource

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: Self.reuseIdentifier, for: indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }

    /// What an app does when the user drops a dragged item: update the model, tell the cache.
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        movesReceived.append((sourceIndexPath, destinationIndexPath))
        let item = sections[sourceIndexPath.section].remove(at: sourceIndexPath.item)
        sections[destinationIndexPath.section].insert(item, at: destinationIndexPath.item)
        collectionView.fd_didMoveItem(at: sourceIndexPath, to: destinationIndexPath)
    }
}

/// A flow layout recording the invalidation contexts it receives.
final class InvalidationCountingFlowLayout: UICollectionViewFlowLayout {
    /// Each context: whether it re-queries delegate metrics, and the items it names.
    private(set) var invalidations: [(metrics: Bool, items: [IndexPath])] = []

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        let flow = context as? UICollectionViewFlowLayoutInvalidationContext
        invalidations.append((flow?.invalidateFlowLayoutDelegateMetrics ?? false, context.invalidatedItemIndexPaths ?? []))
        super.invalidateLayout(with: context)
    }
}

/// Collection views whose class is made at run time, for the hook tests: their own
/// `reloadData`, `insertItems(at:)` and `performBatchUpdates(_:completion:)` count the call
/// and do not call `UICollectionView`'s (the batch runs its closure synchronously, as UIKit
/// does), so only the tracking installed on the class itself can move sizes.
enum RuntimeCollectionViewClass {
    static var reloadData: Selector { #selector(UICollectionView.reloadData) }
    static var insertItems: Selector { #selector(UICollectionView.insertItems(at:)) }
    static var performBatchUpdates: Selector { #selector(UICollectionView.performBatchUpdates(_:completion:)) }

    static func counting(_ counter: CallCounter) -> UICollectionView.Type {
        let name = "TLCCountingCollectionView_\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
        guard let allocated = objc_allocateClassPair(UICollectionView.self, name, 0),
              let viewClass = allocated as? UICollectionView.Type else {
            preconditionFailure("the runtime could not make class \(name)")
        }
        func add(_ selector: Selector, _ block: Any) {
            let types = class_getInstanceMethod(UICollectionView.self, selector).flatMap(method_getTypeEncoding)
            // imp_implementationWithBlock's block receives self first, and no _cmd.
            class_addMethod(viewClass, selector, imp_implementationWithBlock(block), types)
        }
        let reload: @convention(block) (UICollectionView) -> Void = { _ in counter.record(reloadData) }
        add(reloadData, reload)
        let insert: @convention(block) (UICollectionView, NSArray?) -> Void = { _, _ in counter.record(insertItems) }
        add(insertItems, insert)
        let batch: @convention(block) (UICollectionView, (@convention(block) () -> Void)?, (@convention(block) (Bool) -> Void)?) -> Void = {
            _, updates, _ in
            counter.record(performBatchUpdates)
            updates?()
        }
        add(performBatchUpdates, batch)
        objc_registerClassPair(viewClass)
        return viewClass
    }

    /// A view of `viewClass`, 320 by 600 points, not in a window, with three seeded sizes
    /// (1000, 1001, 1002 for items 0 to 2 of section 0).
    @MainActor
    static func seededView(of viewClass: UICollectionView.Type) -> UICollectionView {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: UICollectionViewFlowLayout())
        // object_setClass is safe here: the subclass adds no instance variables.
        object_setClass(view, viewClass)
        let state = view.collectionLayoutState
        state.switchContext(fixing: .width, length: 320)
        for item in 0..<3 { state.sizes.store(CGFloat(1000 + item), for: .indexPath(IndexPath(item: item, section: 0))) }
        return view
    }

    @MainActor
    static func sizes(_ view: UICollectionView, items: Int) -> [CGFloat?] {
        let state = view.collectionLayoutState
        state.switchContext(fixing: .width, length: 320)
        return (0..<items).map { state.sizes.cachedHeight(for: .indexPath(IndexPath(item: $0, section: 0))) }
    }
}

/// Hooks installed on a collection view class the way DZNEmptyDataSet installs its own
/// (see `CmdKeyedHook`): one before the tracking and one after, on `reloadData` and
/// `insertItems(at:)`.
enum CollectionDZNStyleHooks {
    static let before = CmdKeyedHook()
    static let after = CmdKeyedHook()

    typealias Plain = @convention(c) (UICollectionView, Selector) -> Void
    typealias Items = @convention(c) (UICollectionView, Selector, NSArray?) -> Void

    // An IMP is called with (self, _cmd, the method's arguments...).
    private static let beforePlain: Plain = { view, cmd in
        guard let imp = CollectionDZNStyleHooks.before.original(for: view, cmd) else { return }
        unsafeBitCast(imp, to: Plain.self)(view, cmd)
    }
    private static let beforeItems: Items = { view, cmd, paths in
        guard let imp = CollectionDZNStyleHooks.before.original(for: view, cmd) else { return }
        unsafeBitCast(imp, to: Items.self)(view, cmd, paths)
    }
    private static let afterPlain: Plain = { view, cmd in
        guard let imp = CollectionDZNStyleHooks.after.original(for: view, cmd) else { return }
        unsafeBitCast(imp, to: Plain.self)(view, cmd)
    }
    private static let afterItems: Items = { view, cmd, paths in
        guard let imp = CollectionDZNStyleHooks.after.original(for: view, cmd) else { return }
        unsafeBitCast(imp, to: Items.self)(view, cmd, paths)
    }

    static func install(_ hook: CmdKeyedHook, on viewClass: AnyClass) {
        let isBefore = hook === before
        hook.install(on: viewClass, RuntimeCollectionViewClass.reloadData,
                     function: unsafeBitCast(isBefore ? beforePlain : afterPlain, to: IMP.self))
        hook.install(on: viewClass, RuntimeCollectionViewClass.insertItems,
                     function: unsafeBitCast(isBefore ? beforeItems : afterItems, to: IMP.self))
    }
}
#endif
