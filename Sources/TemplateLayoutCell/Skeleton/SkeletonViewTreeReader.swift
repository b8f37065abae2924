#if canImport(UIKit)
import UIKit

extension UIView {
    /// Whether this view is left out of skeletons (and its subviews with it): for views that
    /// only make sense with real data, such as a badge or a live video view.
    @objc public var fd_isSkeletonExcluded: Bool {
        get { (objc_getAssociatedObject(self, AssociationKeys.skeletonExcluded) as? Bool) ?? false }
        set { objc_setAssociatedObject(self, AssociationKeys.skeletonExcluded, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }
}

/// Turns a laid-out cell's view tree into the engine's platform-neutral description, which
/// the engine maps to skeleton parts by TABAnimated's rules.
@MainActor
enum SkeletonViewTreeReader {
    /// The description of `cell`'s content view and everything in it, frames in the content
    /// view's coordinates.
    static func tree(of cell: some SkeletonHostCell) -> SkeletonViewNode {
        let root = cell.contentView
        return SkeletonViewNode(
            frame: root.bounds, kind: .container, isHidden: false, alpha: 1,
            // A reused cell may still carry the overlay of an earlier show; it is not content.
            children: root.subviews.filter { !($0 is SkeletonOverlayView) }.map { node(for: $0, in: root, cell: cell) })
    }

    private static func node(for view: UIView, in root: UIView, cell: some SkeletonHostCell) -> SkeletonViewNode {
        let kind = self.kind(of: view)
        let children: [SkeletonViewNode]
        if case .container = kind {
            children = view.subviews.map { node(for: $0, in: root, cell: cell) }
        } else {
            // A label, an image or a control is one part; what is inside it is not mapped.
            children = []
        }
        return SkeletonViewNode(
            frame: view.convert(view.bounds, to: root),
            kind: kind,
            isHidden: view.isHidden,
            alpha: view.alpha,
            cornerRadius: view.layer.cornerRadius,
            hasFill: (view.backgroundColor.map { $0.cgColor.alpha > 0.01 } ?? false) || view.layer.borderWidth > 0,
            role: role(of: view, in: cell),
            isExcluded: view.fd_isSkeletonExcluded,
            children: children)
    }

    private static func kind(of view: UIView) -> SkeletonViewNode.Kind {
        switch view {
        case let label as UILabel:
            return .text(lineCount: label.numberOfLines, lineHeight: label.font.lineHeight)
        case let textView as UITextView:
            return .text(lineCount: 0, lineHeight: textView.font?.lineHeight ?? 0)
        case is UIImageView:
            return .image
        case is UIControl:
            return .button
        default:
            return .container
        }
    }

    private static func role(of view: UIView, in cell: some SkeletonHostCell) -> SkeletonViewNode.Role {
        if view === cell.backgroundView || view === cell.selectedBackgroundView { return .systemBackground }
        let name = NSStringFromClass(type(of: view))
        // UIKit's private classes; matched by name because there is no public type.
        if name.contains("Separator") { return .separator }
        if name.contains("ScrollIndicator") { return .scrollIndicator }
        return .ordinary
    }
}
#endif
