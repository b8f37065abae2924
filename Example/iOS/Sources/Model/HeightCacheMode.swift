#if canImport(UIKit)
/// How the feed asks for row heights: the three ways FDTemplateLayoutCell offers, picked
/// with the segmented control at the top of the feed.
enum HeightCacheMode: Int, CaseIterable, Sendable {
    /// `fd_height(identifier:configure:)`: every request lays the template cell out.
    case uncached
    /// `fd_height(identifier:cacheBy: indexPath ...)`: cached by index path, kept aligned
    /// by the table's own insert, delete, reload and move calls.
    case byIndexPath
    /// `fd_height(identifier:cacheBy: post.id ...)`: cached by the post's identity, which
    /// survives any row update; an edited post's key is invalidated by hand.
    case byKey

    /// The segment's title.
    var title: String {
        switch self {
        case .uncached: return "No cache"
        case .byIndexPath: return "Index path"
        case .byKey: return "Key"
        }
    }
}
#endif
