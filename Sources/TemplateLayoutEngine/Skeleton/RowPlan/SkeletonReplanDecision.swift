import Foundation

/// Whether a showing skeleton's rows need planning again, and when.
///
/// A skeleton is often shown before its table has its final geometry: from `viewDidLoad` or
/// `viewWillAppear` (an Auto Layout table still has zero bounds, so the plan has one row of
/// the fallback height), or in a controller loaded at one width and shown at another (split
/// view, sheet, landscape). Its rows are planned again when the table's layout context is
/// measurable and not the plan's, or when its visible height grows past what the rows fill
/// (a first layout, a sheet pulled to a larger detent). A smaller visible height (a keyboard,
/// a large title) keeps the plan: its rows still fill it, and planning again would reload
/// the table for nothing.
///
/// While the window is resized interactively (iPadOS 26 windows, a Mac), planning is put off
/// until the resize ends: planning again at every drag step would measure and reload at
/// every frame, and map and store a layout per pixel width passed through.
package enum SkeletonReplanDecision: Hashable, Sendable {
    /// The plan holds.
    case keep
    /// Plan again now (on the next turn of the main run loop, outside UIKit's layout).
    case replan
    /// Plan again once the interactive resize ends.
    case replanAfterResize
}

extension SkeletonRowPlan {
    /// The slack, in points, between the height the plan fills and a visible height that
    /// counts as larger: less than a pixel on any screen, so rounding never plans again.
    package static let viewportTolerance: CGFloat = 0.5

    /// Whether the rows need planning again for a table now in `context`, with
    /// `viewportHeight` points visible (bounds less the adjusted content insets).
    ///
    /// Bad input: a viewport height that is not a positive finite number never asks for a
    /// new plan (a table not laid out yet has nothing better to plan for); nor does an
    /// unmeasurable context (a table without width).
    ///
    /// - Complexity: O(1).
    package func replanning(
        in context: LayoutContext, viewportHeight: CGFloat, isResizingInteractively: Bool
    ) -> SkeletonReplanDecision {
        guard needsPlanning(in: context, viewportHeight: viewportHeight) else { return .keep }
        return isResizingInteractively ? .replanAfterResize : .replan
    }

    private func needsPlanning(in context: LayoutContext, viewportHeight: CGFloat) -> Bool {
        if !isPlanned(for: context) { return true }
        guard context.isMeasurable, let filledHeight, viewportHeight.isFinite, viewportHeight > 0 else { return false }
        return viewportHeight > filledHeight + Self.viewportTolerance
    }
}
