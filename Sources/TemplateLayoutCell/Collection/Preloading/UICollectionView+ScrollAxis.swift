#if canImport(UIKit)
import UIKit

extension UICollectionView {
    /// The axis the layout scrolls along, read on each use (an app may swap the layout or
    /// change its direction): a flow layout's `scrollDirection`; a compositional layout's
    /// `configuration.scrollDirection` (its orthogonally scrolling sections scroll inside
    /// the view, not along this axis); for other layouts, horizontal when the content is
    /// wider than the view and no taller, else vertical.
    ///
    /// Reversed when the axis is horizontal and the layout flips its coordinates in this
    /// interface: `flipsHorizontallyInOppositeLayoutDirection` and an effective layout
    /// direction opposite the layout's `developmentLayoutDirection` (UICollectionViewLayout.h:
    /// the layout then mirrors its horizontal coordinates), so the first items sit at the
    /// right end and the content's end is on the left.
    var scrollAxisReading: ScrollAxisReading {
        let layout = collectionViewLayout
        let axis: ScrollAxisReading.Axis
        if let flow = layout as? UICollectionViewFlowLayout {
            axis = flow.scrollDirection == .horizontal ? .horizontal : .vertical
        } else if let compositional = layout as? UICollectionViewCompositionalLayout {
            axis = compositional.configuration.scrollDirection == .horizontal ? .horizontal : .vertical
        } else {
            let content = contentSize
            axis = content.width > bounds.width && content.height <= bounds.height ? .horizontal : .vertical
        }
        let isReversed = axis == .horizontal && layout.flipsHorizontallyInOppositeLayoutDirection
            && effectiveUserInterfaceLayoutDirection != layout.developmentLayoutDirection
        return ScrollAxisReading(axis: axis, isReversed: isReversed)
    }
}
#endif
