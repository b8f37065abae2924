import Foundation

/// Where a flow layout places a section's edge across the scroll axis when its section
/// insets are measured from a reference (the safe area, the layout margins) rather than
/// the content inset: UIKit clamps the sum, not the reference alone (UIKitCore 26.1
/// `UICollectionViewFlowLayout`; review 19j, L1). Along the scroll axis UIKit adds the
/// reference once for the whole content, so a section keeps its own insets there.
package enum SectionInsetReference {
    /// The inset of one cross-axis edge, measured from the adjusted content inset:
    /// `max(0, inset + reference - contentInset)`.
    ///
    /// Bad input: a result that is not finite is 0.
    /// - Complexity: O(1).
    package static func edgeInset(_ inset: CGFloat, reference: CGFloat, contentInset: CGFloat) -> CGFloat {
        let edge = inset + reference - contentInset
        return edge.isFinite ? max(0, edge) : 0
    }
}
