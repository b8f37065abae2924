#if canImport(UIKit)
import UIKit

/// What a cell was before the skeleton decorated it, and the content it hid, so that hiding
/// the skeleton gives every cell back exactly what it had.
///
/// The skeleton paints no background over a cell (its `backgroundConfiguration`, an
/// inset-grouped section's fill, an elevated or translucent surface must show through);
/// instead the content view's subviews are made transparent under the parts. Their alpha is
/// recorded the first time, restored before the cell is mapped again (the mapping skips
/// transparent views) and when the skeleton hides.
@MainActor
final class SkeletonCellDecoration {
    let isUserInteractionEnabled: Bool
    let accessibilityElementsHidden: Bool
    /// The content views made transparent, with their alpha before; weak, so a view the
    /// cell let go of is not kept.
    private var hiddenContent: [(view: WeakView, alpha: CGFloat)] = []

    init(_ cell: some SkeletonHostCell) {
        isUserInteractionEnabled = cell.isUserInteractionEnabled
        accessibilityElementsHidden = cell.accessibilityElementsHidden
    }

    /// Makes the content view's subviews (not the overlay) transparent, recording the alpha
    /// of each the first time it is seen.
    func hideContent(of cell: some SkeletonHostCell) {
        for view in cell.contentView.subviews where !(view is SkeletonOverlayView) {
            if !hiddenContent.contains(where: { $0.view.view === view }) {
                hiddenContent.append((WeakView(view), view.alpha))
            }
            view.alpha = 0
        }
    }

    /// Gives the hidden views their alpha back.
    func restoreContent() {
        for entry in hiddenContent {
            entry.view.view?.alpha = entry.alpha
        }
    }

    /// Removes the overlay and gives the cell back everything it had before the skeleton.
    func undecorate(_ cell: some SkeletonHostCell) {
        restoreContent()
        hiddenContent = []
        Self.removeOverlay(from: cell)
        cell.isUserInteractionEnabled = isUserInteractionEnabled
        cell.accessibilityElementsHidden = accessibilityElementsHidden
    }

    /// Removes every skeleton overlay from `cell`'s content view.
    static func removeOverlay(from cell: some SkeletonHostCell) {
        for overlay in cell.contentView.subviews where overlay is SkeletonOverlayView { overlay.removeFromSuperview() }
    }
}

/// A view held weakly.
@MainActor
final class WeakView {
    weak var view: UIView?

    init(_ view: UIView) { self.view = view }
}
#endif
