#if canImport(UIKit)
import UIKit
import ObjectiveC
import XCTest
@testable import TemplateLayoutCell

// Tables whose class is made at run time, and hooks installed the way other libraries
// install theirs, to check the update tracking against them. Every class is new, so what a
// test installs on it cannot reach another test or UIKit's own tables.

/// Counts the calls of each selector, from any thread.
final class CallCounter: @unchecked Sendable {
    // Sendable by its lock: both dictionaries are read and written only while holding it.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var offMainThread: [String: Int] = [:]

    func record(_ selector: Selector) {
        let onMain = Thread.isMainThread
        lock.lock()
        defer { lock.unlock() }
        counts[NSStringFromSelector(selector), default: 0] += 1
        if !onMain { offMainThread[NSStringFromSelector(selector), default: 0] += 1 }
    }

    /// How many times `selector` ran.
    func count(_ selector: Selector) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[NSStringFromSelector(selector)] ?? 0
    }

    /// How many times `selector` ran off the main thread.
    func countOffMainThread(_ selector: Selector) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return offMainThread[NSStringFromSelector(selector)] ?? 0
    }
}

/// The selectors the update tracking installs on.
enum TrackedSelectors {
    static var reloadData: Selector { #selector(UITableView.reloadData) }
    static var beginUpdates: Selector { #selector(UITableView.beginUpdates) }
    static var endUpdates: Selector { #selector(UITableView.endUpdates) }
    static var insertSections: Selector { #selector(UITableView.insertSections(_:with:)) }
    static var deleteSections: Selector { #selector(UITableView.deleteSections(_:with:)) }
    static var reloadSections: Selector { #selector(UITableView.reloadSections(_:with:)) }
    static var moveSection: Selector { #selector(UITableView.moveSection(_:toSection:)) }
    static var insertRows: Selector { #selector(UITableView.insertRows(at:with:)) }
    static var deleteRows: Selector { #selector(UITableView.deleteRows(at:with:)) }
    static var reloadRows: Selector { #selector(UITableView.reloadRows(at:with:)) }
    static var moveRow: Selector { #selector(UITableView.moveRow(at:to:)) }
    static var performBatchUpdates: Selector { #selector(UITableView.performBatchUpdates(_:completion:)) }
    static var reloadSectionIndexTitles: Selector { #selector(UITableView.reloadSectionIndexTitles) }
    static var setEditingAnimated: Selector { #selector(UITableView.setEditing(_:animated:)) }
    static var setEditing: Selector { NSSelectorFromString("setEditing:") }
    /// UIKit's private close of `performBatchUpdates`; never sent here, only counted.
    static var privateEndUpdates: Selector { NSSelectorFromString("endUpdatesWithContext:") }
    /// iOS 15+; the tracking names it by string too.
    static var reconfigureRows: Selector { UpdateTracking.reconfigureRowsSelector }
    /// Whether UIKit has `reconfigureRows(at:)` here (iOS 15+).
    static var hasReconfigureRows: Bool { UITableView.instancesRespond(to: reconfigureRows) }

    static var all: [Selector] { [
        reloadData, beginUpdates, endUpdates, insertSections, deleteSections, reloadSections, moveSection,
        insertRows, deleteRows, reloadRows, moveRow, performBatchUpdates, reloadSectionIndexTitles, setEditingAnimated, setEditing,
    ] + (hasReconfigureRows ? [reconfigureRows] : []) }
}

/// Makes `UITableView` subclasses at run time.
enum RuntimeTableClass {
    /// A subclass whose own implementation of every tracked selector counts the call in
    /// `counter` and does not call `UITableView`'s (so UIKit's tables and the tracking
    /// installed on `UITableView` stay out of it); its `performBatchUpdates` runs the updates
    /// closure, as UIKit does, synchronously. With `batchesLikeUIKit`, `performBatchUpdates`
    /// does what UIKit's does (iOS 18.2, 26.1): it sends the public `beginUpdates` (through
    /// the class, so hooks see it), runs the closure, and closes with another method (UIKit's
    /// private `endUpdatesWithContext:`, counted here), never the public `endUpdates`.
    /// `beforeBegin`, with `batchesLikeUIKit`, runs where UIKit lays the table out first.
    static func counting(
        _ counter: CallCounter, batchesLikeUIKit: Bool = false,
        beforeBegin: (@MainActor @Sendable (UITableView) -> Void)? = nil
    ) -> UITableView.Type {
        let tableClass = allocate(superclass: UITableView.self, prefix: "TLCCountingTable")
        func add(_ selector: Selector, _ block: Any) {
            let types = class_getInstanceMethod(UITableView.self, selector).flatMap(method_getTypeEncoding)
            // imp_implementationWithBlock's block receives self first, and no _cmd.
            class_addMethod(tableClass, selector, imp_implementationWithBlock(block), types)
        }
        for selector in [TrackedSelectors.reloadData, TrackedSelectors.beginUpdates, TrackedSelectors.endUpdates,
                         TrackedSelectors.reloadSectionIndexTitles] {
            let block: @convention(block) (UITableView) -> Void = { _ in counter.record(selector) }
            add(selector, block)
        }
        for selector in [TrackedSelectors.insertSections, TrackedSelectors.deleteSections, TrackedSelectors.reloadSections] {
            let block: @convention(block) (UITableView, NSIndexSet?, UITableView.RowAnimation) -> Void = { _, _, _ in
                counter.record(selector)
            }
            add(selector, block)
        }
        let setEditingAnimated: @convention(block) (UITableView, Bool, Bool) -> Void = { _, _, _ in
            counter.record(TrackedSelectors.setEditingAnimated)
        }
        add(TrackedSelectors.setEditingAnimated, setEditingAnimated)
        let setEditing: @convention(block) (UITableView, Bool) -> Void = { _, _ in
            counter.record(TrackedSelectors.setEditing)
        }
        add(TrackedSelectors.setEditing, setEditing)
        let moveSection: @convention(block) (UITableView, Int, Int) -> Void = { _, _, _ in
            counter.record(TrackedSelectors.moveSection)
        }
        add(TrackedSelectors.moveSection, moveSection)
        for selector in [TrackedSelectors.insertRows, TrackedSelectors.deleteRows, TrackedSelectors.reloadRows] {
            let block: @convention(block) (UITableView, NSArray?, UITableView.RowAnimation) -> Void = { _, _, _ in
                counter.record(selector)
            }
            add(selector, block)
        }
        let moveRow: @convention(block) (UITableView, NSIndexPath?, NSIndexPath?) -> Void = { _, _, _ in
            counter.record(TrackedSelectors.moveRow)
        }
        add(TrackedSelectors.moveRow, moveRow)
        if TrackedSelectors.hasReconfigureRows {
            let reconfigure: @convention(block) (UITableView, NSArray?) -> Void = { _, _ in
                counter.record(TrackedSelectors.reconfigureRows)
            }
            add(TrackedSelectors.reconfigureRows, reconfigure)
        }
        let batch: @convention(block) (UITableView, (@convention(block) () -> Void)?, (@convention(block) (Bool) -> Void)?) -> Void = {
            table, updates, _ in
            counter.record(TrackedSelectors.performBatchUpdates)
            if batchesLikeUIKit, let beforeBegin { MainActor.assumeIsolated { beforeBegin(table) } }
            if batchesLikeUIKit { MessageSend.plain(table, TrackedSelectors.beginUpdates) }
            updates?()
            if batchesLikeUIKit { counter.record(TrackedSelectors.privateEndUpdates) }
        }
        add(TrackedSelectors.performBatchUpdates, batch)
        objc_registerClassPair(tableClass)
        return tableClass
    }

    /// A subclass of `superclass` with no methods of its own.
    static func empty(subclassing superclass: UITableView.Type) -> UITableView.Type {
        let tableClass = allocate(superclass: superclass, prefix: "TLCEmptyTable")
        objc_registerClassPair(tableClass)
        return tableClass
    }

    /// A table of `tableClass`, 320 by 600 points, not in a window.
    @MainActor
    static func table(of tableClass: UITableView.Type) -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
        // object_setClass changes the instance's class; safe here because the subclass adds
        // no instance variables (as KVO's subclasses do).
        object_setClass(table, tableClass)
        return table
    }

    private static func allocate(superclass: UITableView.Type, prefix: String) -> UITableView.Type {
        let name = "\(prefix)_\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
        guard let allocated = objc_allocateClassPair(superclass, name, 0), let tableClass = allocated as? UITableView.Type else {
            preconditionFailure("the runtime could not make class \(name)")
        }
        return tableClass
    }
}

/// Calls `selector` on `table` as a message send would, from any thread: the implementation
/// the table's class has for it, with (self, _cmd, arguments).
enum MessageSend {
    typealias Plain = @convention(c) (UITableView, Selector) -> Void
    typealias Rows = @convention(c) (UITableView, Selector, NSArray?, UITableView.RowAnimation) -> Void

    static func plain(_ table: UITableView, _ selector: Selector) {
        guard let tableClass = object_getClass(table), let imp = class_getMethodImplementation(tableClass, selector) else { return }
        unsafeBitCast(imp, to: Plain.self)(table, selector)
    }

    static func rows(_ table: UITableView, _ selector: Selector, _ indexPaths: [IndexPath]) {
        guard let tableClass = object_getClass(table), let imp = class_getMethodImplementation(tableClass, selector) else { return }
        unsafeBitCast(imp, to: Rows.self)(table, selector, indexPaths as NSArray, .none)
    }
}

/// A hook installed the way DZNEmptyDataSet installs its `reloadData` and `endUpdates`
/// hooks: `method_setImplementation` puts a C function on the class's method, the replaced
/// IMP is kept in a dictionary keyed by class and selector, and the function finds it with
/// the `_cmd` it receives. Called with any other `_cmd`, it finds nothing and the original
/// never runs: what an exchange with renamed selectors did to such hooks.
final class CmdKeyedHook: @unchecked Sendable {
    // Sendable by its lock: both properties are read and written only while holding it.
    private let lock = NSLock()
    private var originals: [String: IMP] = [:]
    private var received: [String] = []

    /// The `_cmd`s this hook was called with, in order.
    var receivedSelectors: [String] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Forgets the `_cmd`s received so far. The hooks stay on the classes earlier tests
    /// made, which no later test uses.
    func resetReceived() {
        lock.lock()
        defer { lock.unlock() }
        received = []
    }

    /// Puts `function` on `selector` of `hookedClass`, keeping the replaced IMP.
    func install(on hookedClass: AnyClass, _ selector: Selector, function: IMP) {
        guard let method = class_getInstanceMethod(hookedClass, selector) else { return }
        lock.lock()
        defer { lock.unlock() }
        // method_setImplementation returns the previous IMP.
        originals[Self.key(hookedClass, selector)] = method_setImplementation(method, function)
    }

    /// Records `cmd` and returns the IMP kept for it, looked up from `object`'s class up.
    func original(for object: AnyObject, _ cmd: Selector) -> IMP? {
        lock.lock()
        defer { lock.unlock() }
        received.append(NSStringFromSelector(cmd))
        var current: AnyClass? = object_getClass(object)
        while let currentClass = current {
            if let imp = originals[Self.key(currentClass, cmd)] { return imp }
            current = class_getSuperclass(currentClass)
        }
        return nil
    }

    private static func key(_ hookedClass: AnyClass, _ selector: Selector) -> String {
        "\(NSStringFromClass(hookedClass)) \(NSStringFromSelector(selector))"
    }
}

/// Two `CmdKeyedHook`s, one to install before the tracking and one after. A C function
/// captures nothing, so each hook has its own functions, reaching its registry statically.
enum DZNStyleHooks {
    static let before = CmdKeyedHook()
    static let after = CmdKeyedHook()

    // An IMP is called with (self, _cmd, the method's arguments...).
    private static let beforePlain: MessageSend.Plain = { table, cmd in
        guard let imp = DZNStyleHooks.before.original(for: table, cmd) else { return }
        unsafeBitCast(imp, to: MessageSend.Plain.self)(table, cmd)
    }
    private static let beforeRows: MessageSend.Rows = { table, cmd, paths, animation in
        guard let imp = DZNStyleHooks.before.original(for: table, cmd) else { return }
        unsafeBitCast(imp, to: MessageSend.Rows.self)(table, cmd, paths, animation)
    }
    private static let afterPlain: MessageSend.Plain = { table, cmd in
        guard let imp = DZNStyleHooks.after.original(for: table, cmd) else { return }
        unsafeBitCast(imp, to: MessageSend.Plain.self)(table, cmd)
    }
    private static let afterRows: MessageSend.Rows = { table, cmd, paths, animation in
        guard let imp = DZNStyleHooks.after.original(for: table, cmd) else { return }
        unsafeBitCast(imp, to: MessageSend.Rows.self)(table, cmd, paths, animation)
    }

    /// The selectors these hooks take: DZNEmptyDataSet's two, plus `beginUpdates` and one
    /// with arguments.
    static var plainSelectors: [Selector] { [TrackedSelectors.reloadData, TrackedSelectors.beginUpdates, TrackedSelectors.endUpdates] }
    static var rowSelectors: [Selector] { [TrackedSelectors.insertRows] }

    /// Installs `hook` (``before`` or ``after``) on every selector it takes, on `hookedClass`.
    static func install(_ hook: CmdKeyedHook, on hookedClass: AnyClass) {
        let isBefore = hook === before
        for selector in plainSelectors {
            hook.install(on: hookedClass, selector, function: unsafeBitCast(isBefore ? beforePlain : afterPlain, to: IMP.self))
        }
        for selector in rowSelectors {
            hook.install(on: hookedClass, selector, function: unsafeBitCast(isBefore ? beforeRows : afterRows, to: IMP.self))
        }
    }
}
#endif
