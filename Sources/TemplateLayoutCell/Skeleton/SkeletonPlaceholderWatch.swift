#if canImport(UIKit)
import UIKit

/// Decides when a skeleton lets go of its placeholder closure, which often captures the view
/// controller that owns the table, which owns the skeleton: a cycle that would keep a screen
/// popped while loading alive. "The table" below stands for a collection view as well.
///
/// Leaving the window is not enough reason: a tab switch or a push takes the table out of
/// its window too, and a skeleton that comes back without its placeholder maps new widths
/// from unconfigured cells. So once the table is out of its window, the watch looks at the
/// table's screen: while it is still in a view-controller hierarchy that is on screen or
/// presented (a tab not selected, a screen pushed over), the closure is kept; once it is not
/// (popped, dismissed, removed from its container), the closure goes. It looks on the next
/// turn of the main run loop (a pop removes the screen from its parent around the moment its
/// view leaves the window), then again while the table stays out of its window (a screen
/// under a pushed one may be removed from the stack without ever coming back): after half a
/// second, then at doubling intervals of at most four seconds, so a screen left in another
/// tab costs next to nothing. A skeleton shown outside a window (from `viewDidLoad`) starts
/// looking at once, patiently: a screen is often loaded before it is shown (prepared, then
/// pushed when its data arrives), so its placeholder goes only if the screen is still not
/// shown, nor part of a shown hierarchy, ``patience`` later; a screen loaded and never
/// shown would otherwise keep itself alive.
@MainActor
final class SkeletonPlaceholderWatch {
    /// The first interval between looks while the table is out of its window.
    static let interval: TimeInterval = 0.5
    /// The longest interval between looks.
    static let longestInterval: TimeInterval = 4
    /// How long a skeleton shown outside a window waits for its screen to be shown.
    static let patience: TimeInterval = 10

    /// The table or collection view the skeleton shows in.
    private weak var view: UIView?
    private let release: @MainActor () -> Void
    private var timer: Timer?
    /// Before this, a screen not kept is not let go (see ``patience``).
    private var releaseNotBefore: Date?

    init(view: UIView, release: @escaping @MainActor () -> Void) {
        self.view = view
        self.release = release
    }

    /// The view left its window: starts looking.
    func viewLeftWindow() {
        startLooking(patiently: false)
    }

    /// A skeleton is shown on the view outside a window: starts looking, patiently.
    func viewIsNotInAWindowYet() {
        startLooking(patiently: true)
    }

    private func startLooking(patiently: Bool) {
        stop()
        releaseNotBefore = patiently ? Date().addingTimeInterval(Self.patience) : nil
        // Not inside one of the package's calls: releasing may hide the skeleton and reload.
        LiveCalls.onLaterTurn { [weak self] in self?.look() }
        schedule(after: Self.interval)
    }

    private func schedule(after interval: TimeInterval) {
        // A timer's block runs on the run loop it was added to, here the main one.
        let timer = Timer(timeInterval: interval, repeats: false) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self, self.timer != nil else { return }
                self.timer = nil
                self.look()
                if self.isLooking { self.schedule(after: min(interval * 2, Self.longestInterval)) }
            }
        }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }

    /// The table is in a window again, or the skeleton hides: stops looking.
    func stop() {
        isLooking = false
        timer?.invalidate()
        timer = nil
    }

    /// Whether the table is out of its window and its screen may yet go.
    private var isLooking = false

    private func look() {
        guard let view, view.window == nil else { return stop() }
        isLooking = true
        guard !Self.isScreenKept(of: view) else { return }
        if let releaseNotBefore, Date() < releaseNotBefore { return }
        // A timer fires in a run of the loop spun inside a measurement too: not from there.
        guard !LiveCalls.isInsideOne else { return LiveCalls.onLaterTurn { [weak self] in self?.look() } }
        stop()
        release()
    }

    /// Whether the screen `view` is on is still part of an app's view-controller hierarchy
    /// that is shown or presented: its topmost parent is in a window, presented, or presenting
    /// (a full-screen presentation takes the presenting screen's view out of the window). A
    /// view with no view controller above it has nothing keeping it: `false`.
    static func isScreenKept(of view: UIView) -> Bool {
        // A view controller's root view has the controller as its next responder (UIResponder
        // docs); views outside a window still have their superviews.
        var responder: UIResponder? = view
        while let current = responder, !(current is UIViewController) { responder = current.next }
        guard var screen = responder as? UIViewController else { return false }
        while let parent = screen.parent { screen = parent }
        return screen.viewIfLoaded?.window != nil || screen.presentingViewController != nil
            || screen.presentedViewController != nil
    }
}
#endif
