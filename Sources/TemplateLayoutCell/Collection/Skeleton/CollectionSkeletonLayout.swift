#if canImport(UIKit)
import UIKit

/// The flow layout a skeleton lays its items out with when the app's layout is not a flow
/// layout (a compositional layout, a custom one).
///
/// Why only then: a flow layout already takes every item's size from its delegate (the
/// skeleton, while it shows) and asks for no header or footer whose reference size the
/// delegate says is zero, so the app's own insets, spacing and scroll direction can stay.
/// Any other layout sizes its items itself (the plan's sizes would not apply), shapes them
/// by its sections (orthogonal rows, headers) and asks the data source for supplementary
/// views the skeleton does not have, which raises. Its own flow layout gives the plan's
/// sizes exactly and asks for no supplementary view.
enum CollectionSkeletonLayout {
    /// A flow layout for `configuration` over `appLayout`, or `nil` when `appLayout` is a
    /// flow layout (kept, see the type's comment).
    ///
    /// The scroll direction is the app's where it is readable (a compositional layout's
    /// configuration); spacing and insets are the configuration's
    /// (``CollectionSkeletonConfiguration/itemSpacing``, ``CollectionSkeletonConfiguration/sectionInsets``),
    /// else UIKit's flow defaults and the compositional layout's `interSectionSpacing`.
    @MainActor
    static func make(over appLayout: UICollectionViewLayout, configuration: CollectionSkeletonConfiguration) -> CollectionSkeletonFlowLayout? {
        guard !(appLayout is UICollectionViewFlowLayout) else { return nil }
        let compositional = (appLayout as? UICollectionViewCompositionalLayout)?.configuration
        let layout = CollectionSkeletonFlowLayout()
        layout.scrollDirection = compositional?.scrollDirection == .horizontal ? .horizontal : .vertical
        if let spacing = configuration.itemSpacing {
            layout.minimumInteritemSpacing = usable(spacing)
            layout.minimumLineSpacing = usable(spacing)
        }
        // The plan's sizes come from the skeleton's sizeForItemAt; no estimate: self-sizing
        // would let the cells override them.
        layout.estimatedItemSize = .zero
        // Sections inset from the same reference as the app's (UICollectionViewCompositional-
        // LayoutConfiguration.contentInsetsReference, iOS 14), so the columns have the width the
        // app's items have (review 19h, L3). Readable content has no flow twin: layout margins.
        switch compositional?.contentInsetsReference {
        case .safeArea?, .automatic?: layout.sectionInsetReference = .fromSafeArea
        case .layoutMargins?, .readableContent?: layout.sectionInsetReference = .fromLayoutMargins
        default: layout.sectionInsetReference = .fromContentInset
        }
        if let insets = configuration.sectionInsets {
            // Leading read as left: a flow layout mirrors itself in a right-to-left layout
            // (its flipsHorizontallyInOppositeLayoutDirection; to be confirmed on a device).
            layout.sectionInset = UIEdgeInsets(
                top: usable(insets.top), left: usable(insets.leading), bottom: usable(insets.bottom), right: usable(insets.trailing))
        } else if let compositional {
            let gap = usable(compositional.interSectionSpacing)
            layout.sectionInset = layout.scrollDirection == .vertical
                ? UIEdgeInsets(top: 0, left: 0, bottom: gap, right: 0)
                : UIEdgeInsets(top: 0, left: 0, bottom: 0, right: gap)
        }
        return layout
    }

    private static func usable(_ length: CGFloat) -> CGFloat {
        length.isFinite && length > 0 ? length : 0
    }
}

/// The skeleton's own flow layout, a type of its own so the geometry knows its item size is
/// no estimate of the app's: an item no source knows gets the size cache's fallback, as in
/// a table, rather than UIKit's default 50 points.
final class CollectionSkeletonFlowLayout: UICollectionViewFlowLayout {}
#endif
