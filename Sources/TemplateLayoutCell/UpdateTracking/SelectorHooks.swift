#if canImport(UIKit)
import UIKit
import ObjectiveC

/// The selector-replacement machinery the update tracking of tables (``UpdateTracking``) and
/// of collection views (``CollectionUpdateTracking``) share: a block put on UIKit's own
/// selector with `method_setImplementation`, calling the implementation it replaced exactly
/// once, with the same `_cmd`, so that other libraries' hooks on the same selector, installed
/// before or after, keep working.
extension UpdateTracking {
    /// Puts the block `makeBlock` returns on `selector` of `hookedClass`, keeping what it
    /// calls. A method `hookedClass` only inherits gets an override on it, calling the
    /// superclass's implementation of the moment, so the superclass is left as it was.
    ///
    /// Bad input: a class without the selector is reported (an assertion in debug builds)
    /// and left untouched.
    nonisolated static func hook(
        _ hookedClass: AnyClass, _ selector: Selector, _ makeBlock: (OriginalImplementation) -> Any
    ) {
        guard let method = class_getInstanceMethod(hookedClass, selector) else {
            // class_getInstanceMethod searches superclasses: nil means no instance has it.
            assertionFailure("TemplateLayoutCell: \(hookedClass) has no \(selector); the index-path cache will not follow it")
            return
        }
        let superclass: AnyClass? = class_getSuperclass(hookedClass)
        if let superclass, class_getInstanceMethod(superclass, selector) == method {
            // Only inherited: add an override, so the superclass and its other subclasses keep
            // theirs. class_addMethod adds an override and never replaces the class's own.
            let original = OriginalImplementation(superclass: superclass, selector: selector)
            let imp = imp_implementationWithBlock(makeBlock(original))
            if class_addMethod(hookedClass, selector, imp, method_getTypeEncoding(method)) { return }
            // Another thread added one in between: replace that one instead.
            imp_removeBlock(imp)
        }
        guard let own = class_getInstanceMethod(hookedClass, selector) else { return }
        let original = OriginalImplementation(superclass: nil, selector: selector)
        original.replaceImplementation(of: own, with: imp_implementationWithBlock(makeBlock(original)))
    }

    /// Runs UIKit's method; on the main thread as a live call (``LiveCalls``): the app's code
    /// it calls (cells, sizes, a batch's closure) may run the run loop, and work the package
    /// left for the next turn must not run inside UIKit's update. A table's own methods name
    /// it (`on:`): a reconfigure inside one opens no update of the package's
    /// (``ReconfiguringTables``).
    nonisolated static func callingUIKit(on table: UITableView? = nil, _ method: () -> Void) {
        guard Thread.isMainThread else { return method() }
        let call = MainActor.assumeIsolated { () -> Int in
            if let table { ReconfiguringTables.uikitCallStarted(on: table) }
            return LiveCalls.enter()
        }
        method()
        MainActor.assumeIsolated {
            LiveCalls.leave(call)
            if let table { ReconfiguringTables.uikitCallEnded(on: table) }
        }
    }

    /// The index paths of an `NSArray` UIKit was given; an element that is not an index path
    /// becomes an empty one, which the engine reports as bad input and answers by forgetting.
    nonisolated static func indexPathArray(_ array: NSArray?) -> [IndexPath] {
        guard let array else { return [] }
        return array.map { ($0 as? IndexPath) ?? IndexPath() }
    }
}

/// What one installed block calls after telling the engine: the implementation it replaced,
/// or, when it was added to a class that only inherited the method, the superclass's current
/// implementation (so hooks installed on the superclass later are reached too).
final class OriginalImplementation: @unchecked Sendable {
    // Sendable by its lock: `replaced` is read and written only while holding it; the other
    // stored properties never change.
    private let lock = NSLock()
    private var replaced: IMP?
    private let superclass: AnyClass?
    private let selector: Selector

    init(superclass: AnyClass?, selector: Selector) {
        self.superclass = superclass
        self.selector = selector
    }

    /// Puts `imp` on `method` and keeps what was there. The lock is held across both, so a
    /// call arriving on another thread in between waits for the kept implementation.
    func replaceImplementation(of method: Method, with imp: IMP) {
        lock.lock()
        defer { lock.unlock() }
        // method_setImplementation returns the previous IMP: the one to call.
        replaced = method_setImplementation(method, imp)
    }

    /// The implementation to call now; `nil` only if the runtime has none.
    var implementation: IMP? {
        lock.lock()
        defer { lock.unlock() }
        if let replaced { return replaced }
        // class_getMethodImplementation searches the superclass's chain as a message send would.
        return superclass.flatMap { class_getMethodImplementation($0, selector) }
    }
}

/// Says once per process, in debug builds, that one of UIKit's update methods of one view
/// class ran off the main thread, where the index-path cache cannot follow it.
final class OffMainThreadReport: @unchecked Sendable {
    // Sendable by its lock: `reported` is read and written only while holding it; the other
    // stored properties never change.
    private let lock = NSLock()
    private var reported = false
    private let viewClass: String
    private let cached: String

    /// A report naming `viewClass` (`UITableView`) and what it forgets (`index-path heights`).
    init(viewClass: String, cached: String) {
        self.viewClass = viewClass
        self.cached = cached
    }

    /// Whether the report has been made in this process.
    var hasReported: Bool {
        lock.lock()
        defer { lock.unlock() }
        return reported
    }

    /// Reports `selector` the first time this is called in a debug build; later calls, and
    /// every call in a release build, do nothing.
    func report(_ selector: Selector) {
        #if DEBUG
        lock.lock()
        let isFirst = !reported
        reported = true
        lock.unlock()
        guard isFirst else { return }
        DebugLogSink.platformDefault(
            "\(DebugLog.prefix) warning: -[\(viewClass) \(NSStringFromSelector(selector))] was called off the main " +
            "thread; UIKit requires the main thread. The index-path cache cannot follow calls off the main " +
            "thread: it forgets this view's \(cached) on the main thread's next turn instead. " +
            "Reported once per process.")
        #endif
    }
}
#endif
