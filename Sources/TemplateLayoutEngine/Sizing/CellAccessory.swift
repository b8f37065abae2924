import Foundation

/// A cell's accessory, as FDTemplateLayoutCell's table of accessory widths knew it.
package enum CellAccessory: Hashable, Sendable {
    /// No accessory.
    case none
    /// `UITableViewCell.AccessoryType.disclosureIndicator`.
    case disclosureIndicator
    /// `.detailDisclosureButton`.
    case detailDisclosureButton
    /// `.checkmark`.
    case checkmark
    /// `.detailButton`.
    case detailButton
    /// A custom `accessoryView` this wide.
    case view(width: CGFloat)

    /// The width FDTemplateLayoutCell took off the cell for this accessory: its fixed
    /// widths per type (34, 68, 40, 48), or 16 plus the width of a custom view.
    ///
    /// Bad input: a custom view's negative, NaN or infinite width counts as 0.
    package var fdWidth: CGFloat {
        switch self {
        case .none: return 0
        case .disclosureIndicator: return 34
        case .detailDisclosureButton: return 68
        case .checkmark: return 40
        case .detailButton: return 48
        case .view(let width): return 16 + TableGeometry.length(width)
        }
    }
}
