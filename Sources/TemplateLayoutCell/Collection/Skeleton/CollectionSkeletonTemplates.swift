#if canImport(UIKit)
import UIKit

/// What the collection skeleton needs from the collection-view templates (issue 19, item 1),
/// built separately: whether an identifier is registered, and the placeholder measurement
/// (size source 3). Until they are wired, nothing is known: every identifier is dequeued as
/// asked, and sizes come from the other four sources.
///
/// To wire after the merge, at the templates' set-up (or replace these with direct calls):
/// - ``isRegistered``: the templates' record of `register(_:forCellWithReuseIdentifier:)` and
///   its nib twin, `true`/`false`; `nil` for a view whose registrations were not recorded.
/// - ``measurePlaceholder``: the template of `identifier` (never dequeued), prepared as the
///   templates prepare it, configured by `configure`, measured with the context's fixed
///   dimension at its length; the length along the other dimension, `nil` if it cannot.
@MainActor
enum CollectionSkeletonTemplates {
    /// Whether `identifier` is registered for cells in the collection view; `nil` when not
    /// known. A dequeue of an unregistered identifier raises in UIKit, so a `false` section
    /// shows no items (reported).
    static var isRegistered: (UICollectionView, String) -> Bool? = { _, _ in nil }
    /// Measures the template of an identifier configured as a placeholder, in a context
    /// (fixed dimension and length); `nil` when it cannot.
    static var measurePlaceholder: (
        _ view: UICollectionView, _ identifier: String, _ context: LayoutContext, _ configure: (UICollectionViewCell) -> Void
    ) -> CGFloat? = { _, _, _, _ in nil }
}
#endif
