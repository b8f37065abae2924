import Foundation

/// How a height request is cached by ``TableHeightCache``.
public enum HeightCacheKey: Hashable {
    /// Not cached: measured on every request, like FD's
    /// `fd_heightForCellWithIdentifier:configuration:`.
    case none
    /// Cached by index path, kept aligned by table updates.
    case indexPath(IndexPath)
    /// Cached by the app's key (a model identifier, say); row updates never touch it.
    case key(AnyHashable)
    /// A section header's height, cached by section and moved with it.
    case header(section: Int)
    /// A section footer's height, cached by section and moved with it.
    case footer(section: Int)
}

extension HeightCacheKey: CustomStringConvertible {
    /// FD's spelling: `index path[0:3]`, `key[42]`, `header of section 2`, `no cache`.
    public var description: String {
        switch self {
        case .none: return "no cache"
        case .indexPath(let path): return "index path\(HeightFormat.string(path))"
        case .key(let key): return "key[\(key)]"
        case .header(let section): return "header of section \(section)"
        case .footer(let section): return "footer of section \(section)"
        }
    }
}
