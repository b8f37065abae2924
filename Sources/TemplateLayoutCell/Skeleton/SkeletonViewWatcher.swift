#if canImport(UIKit)
import UIKit

/// An empty, transparent view the skeleton puts in its table or collection view (below,
/// "the table") to hear what the table does not tell its data source or delegate: that its size changed (a first layout, a rotation, a
/// sheet's detent, a resized window) and that it left or came back to its window.
///
/// It covers the table's bounds size and follows it by autoresizing, so a change of the
/// table's size changes its own, which marks it for layout; a scroll moves the table's
/// bounds origin only, which leaves it alone. It draws nothing, takes no touches and is
/// hidden from accessibility. It is not `isHidden`: whether UIKit lays out hidden views is
/// not documented.
final class SkeletonViewWatcher: UIView {
    /// Called when the table's size changed, from the layout pass that saw it.
    var onResize: (@MainActor () -> Void)?
    /// Called when the table left the window it was in; not for a table that was never in
    /// one (a skeleton shown from `viewDidLoad`).
    var onLeaveWindow: (@MainActor () -> Void)?
    /// Called when the table entered a window.
    var onEnterWindow: (@MainActor () -> Void)?
    private var wasInWindow = false
    private var lastSize: CGSize?

    /// A watcher for `view`, sized to its bounds.
    init(view: UIScrollView) {
        super.init(frame: CGRect(origin: .zero, size: view.bounds.size))
        // Autoresizing (UIView.autoresizingMask) resizes a subview when its superview's bounds
        // size changes; a size change marks the view for layout.
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        backgroundColor = nil
        isOpaque = false
        isUserInteractionEnabled = false
        isAccessibilityElement = false
        accessibilityElementsHidden = true
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard bounds.size != lastSize else { return }
        lastSize = bounds.size
        onResize?()
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        // UIKit sends didMoveToWindow to every view of a subtree whose window changes
        // (UIView's documentation), so it reaches this one whether or not the table has cells.
        if window != nil {
            wasInWindow = true
            onEnterWindow?()
        } else if wasInWindow {
            wasInWindow = false
            onLeaveWindow?()
        }
    }
}
#endif
