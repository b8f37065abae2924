#if canImport(UIKit)
import UIKit

/// What the self-sizing path reads of a collection view's layout, through public API only.
@MainActor
enum CollectionLayoutReader {
    /// Whether `layout` scrolls vertically: a flow layout's `scrollDirection`, a compositional
    /// layout's `configuration.scrollDirection`; any other layout is taken as vertical, as
    /// most are. (A compositional section scrolling orthogonally is not seen: its items say
    /// which dimension they fix.)
    static func scrollsVertically(_ layout: UICollectionViewLayout) -> Bool {
        if let flow = layout as? UICollectionViewFlowLayout { return flow.scrollDirection == .vertical }
        if let compositional = layout as? UICollectionViewCompositionalLayout {
            return compositional.configuration.scrollDirection == .vertical
        }
        return true
    }
}
#endif
