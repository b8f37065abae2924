import Foundation

extension SizingRules {
    /// The width a frame-layout cell (`fd_enforceFrameLayout`, or one Auto Layout gave no
    /// height) is asked `sizeThatFits(_:)` with: its content view's width, as
    /// FDTemplateLayoutCell passed it, not the cell's.
    ///
    /// FD computed that width from the table's width less the section index and a fixed
    /// width per accessory type. Here the cell width already leaves out the section index
    /// and the safe area (``TableGeometry/cellWidth``), and UIKit, having laid the template
    /// out at that width, reports its content view's width, accessory and editing controls
    /// taken off. FD's accessory widths are used only when that report is not a width
    /// inside the cell.
    ///
    /// Bad input: a content view width that is 0, negative, NaN, infinite or wider than
    /// the cell is not used; the result is never negative.
    ///
    /// - Parameters:
    ///   - cellWidth: The width the template cell is laid out at.
    ///   - contentViewWidth: The template's content view width after layout at `cellWidth`.
    ///   - accessory: The cell's accessory, for FD's widths when the report is unusable.
    package static func frameLayoutWidth(cellWidth: CGFloat, contentViewWidth: CGFloat, accessory: CellAccessory) -> CGFloat {
        let cell = TableGeometry.length(cellWidth)
        // Sub-pixel noise from layout may put the content view a hair past the cell.
        if contentViewWidth.isFinite, contentViewWidth > 0, contentViewWidth <= cell + 0.01 {
            return min(contentViewWidth, cell)
        }
        return max(0, cell - accessory.fdWidth)
    }
}
