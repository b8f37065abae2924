#if canImport(UIKit)
import UIKit
import ObjectiveC

/// Receives the scroll-view delegate calls of a skeleton whose app delegate is gone.
///
/// A scroll view asks its delegate which optional methods it implements when the delegate is
/// set, and from then on sends those without asking again. The skeleton, set as delegate
/// while the app's delegate lived, answered for the app's methods; if the app's delegate is
/// released while the skeleton shows, those calls still come, and with no one to take them
/// Objective-C would raise "unrecognized selector". This object takes them and does what
/// UIKit does for a delegate that does not implement them. Only the calls it implements are
/// forwarded at all (``SkeletonScrollForwarding/forwards(_:)``), so every call UIKit can
/// send has a receiver.
final class SkeletonScrollDelegateSink: NSObject, @unchecked Sendable {
    // Stateless: every method does nothing, so any thread may use the one instance.
    static let shared = SkeletonScrollDelegateSink()

    @objc(scrollViewDidScroll:) func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    @objc(scrollViewDidZoom:) func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    @objc(scrollViewWillBeginDragging:) func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    @objc(scrollViewWillEndDragging:withVelocity:targetContentOffset:)
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, velocity: CGPoint, target: UnsafeMutablePointer<CGPoint>) {}
    @objc(scrollViewDidEndDragging:willDecelerate:)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate: Bool) {}
    @objc(scrollViewWillBeginDecelerating:) func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    @objc(scrollViewDidEndDecelerating:) func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    @objc(scrollViewDidEndScrollingAnimation:) func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    // No view: "the scroll view does not zoom" (UIScrollViewDelegate docs), as with no method.
    @objc(viewForZoomingInScrollView:) func viewForZooming(_ scrollView: UIScrollView) -> UIView? { nil }
    @objc(scrollViewWillBeginZooming:withView:) func scrollViewWillBeginZooming(_ scrollView: UIScrollView, view: UIView?) {}
    @objc(scrollViewDidEndZooming:withView:atScale:)
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, view: UIView?, scale: CGFloat) {}
    // "If the delegate doesn't implement this method, true is assumed" (UIScrollViewDelegate docs).
    @objc(scrollViewShouldScrollToTop:) func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    @objc(scrollViewDidScrollToTop:) func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
}

/// What stands in for a table's or collection view's data source and delegate while a
/// skeleton shows: it passes the scroll-view delegate calls it does not implement itself on
/// to the app's delegate (``SkeletonScrollForwarding``), so navigation bars and
/// pull-to-refresh keep working; if the app's delegate goes away meanwhile, to
/// ``SkeletonScrollDelegateSink``.
@MainActor
class SkeletonDelegateStandIn: NSObject {
    /// The app's delegate, for forwarding scroll-view calls; readable off the main actor.
    nonisolated let scrollForwardee = LockedWeakReference()

    /// Passes a change of the adjusted content inset on to the app's delegate: subclasses
    /// implement `scrollViewDidChangeAdjustedContentInset(_:)` to hear it themselves.
    func forwardAdjustedContentInsetChange(of scrollView: UIScrollView) {
        if let forwardee = scrollForwardee.object as? UIScrollViewDelegate {
            forwardee.scrollViewDidChangeAdjustedContentInset?(scrollView)
        }
    }

    // NSObject's forwarding hooks are nonisolated, so they read the app's delegate through a
    // lock rather than from main-actor state.
    override nonisolated func responds(to selector: Selector!) -> Bool {
        if super.responds(to: selector) { return true }
        guard SkeletonScrollForwarding.forwards(selector), let target = scrollForwardee.object else { return false }
        return target.responds(to: selector)
    }

    /// The app's delegate while it lives; after it is gone the sink, since the scroll view
    /// goes on sending what it saw implemented when the skeleton became its delegate.
    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        guard SkeletonScrollForwarding.forwards(selector) else { return nil }
        if let target = scrollForwardee.object, target.responds(to: selector) { return target }
        return SkeletonScrollDelegateSink.shared
    }
}

/// Which calls the skeleton forwards to the app's delegate.
enum SkeletonScrollForwarding {
    /// Whether `selector` is a scroll-view delegate call the skeleton forwards: one of
    /// `UIScrollViewDelegate`'s that ``SkeletonScrollDelegateSink`` can take when the app's
    /// delegate is gone. Calls added to the protocol by later systems are not forwarded.
    nonisolated static func forwards(_ selector: Selector) -> Bool {
        guard let scrollViewDelegate = objc_getProtocol("UIScrollViewDelegate"),
              protocol_getMethodDescription(scrollViewDelegate, selector, false, true).name != nil else { return false }
        return SkeletonScrollDelegateSink.instancesRespond(to: selector)
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

/// Notification observer tokens, removable from any thread (a `deinit` included).
final class ObserverTokens: @unchecked Sendable {
    // The one mutable field is behind `lock`; NotificationCenter's removeObserver is
    // thread-safe.
    private let lock = NSLock()
    private var tokens: [NSObjectProtocol] = []

    func add(_ token: NSObjectProtocol) {
        lock.withLock { tokens.append(token) }
    }

    func removeAll() {
        let removed = lock.withLock { () -> [NSObjectProtocol] in
            defer { tokens = [] }
            return tokens
        }
        removed.forEach(NotificationCenter.default.removeObserver)
    }
}
#endif
