#if canImport(UIKit)
import UIKit

/// A cell a skeleton can draw over: a table cell or a collection-view cell. Both have a
/// content view, which the skeleton maps and covers, and the background views the mapping
/// leaves out; the skeleton needs nothing else of the cell.
@MainActor
protocol SkeletonHostCell: UIView {
    /// The view the cell's content is in (`UITableViewCell.contentView`,
    /// `UICollectionViewCell.contentView`).
    var contentView: UIView { get }
    /// The cell's background view, left out of the mapping.
    var backgroundView: UIView? { get }
    /// The cell's selected background view, left out of the mapping.
    var selectedBackgroundView: UIView? { get }
}

extension UITableViewCell: SkeletonHostCell {}
extension UICollectionViewCell: SkeletonHostCell {}
#endif
