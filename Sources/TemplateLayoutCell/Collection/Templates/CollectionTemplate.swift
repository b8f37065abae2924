#if canImport(UIKit)
import UIKit

/// What a collection-view template is kept under: its kind, and the registered identifier
/// or the class (and nib) the app named.
struct CollectionTemplateKey: Hashable {
    /// Where the template comes from.
    enum Source: Hashable {
        /// A reuse identifier the app registered.
        case identifier(String)
        /// A class the app named (cell registrations have no identifier), and whether it is
        /// loaded from a nib (any nib object: not its identity, which apps renew per call).
        case viewClass(ObjectIdentifier, fromNib: Bool)
    }

    let kind: ReusableViewKind
    let source: Source
}

/// A kept template and what it was built from: the identity of the registered class or nib,
/// so that a registration changed since is built again; the nib itself is held so that its
/// identity stays unique.
struct CollectionTemplate {
    let view: UICollectionReusableView
    let madeFrom: ObjectIdentifier
    let nib: UINib?
}

/// What a request names to find its template.
enum CollectionTemplateRequest {
    /// A registered identifier of `kind`.
    case identifier(String, kind: ReusableViewKind)
    /// A cell class, loaded from `nib` when given (the first top-level view of the class),
    /// else made with `init(frame:)`.
    case cellClass(UICollectionViewCell.Type, nib: UINib?)

    /// How reports name it.
    var description: String {
        switch self {
        case .identifier(let identifier, let kind): return "\(kind) identifier \"\(identifier)\""
        case .cellClass(let cellClass, let nib): return "cell class \(cellClass)" + (nib == nil ? "" : " from its nib")
        }
    }

    /// The identifier the engine's samples record (skeleton medians): the reuse identifier,
    /// or the class name.
    var sampleIdentifier: String {
        switch self {
        case .identifier(let identifier, _): return identifier
        case .cellClass(let cellClass, _): return NSStringFromClass(cellClass)
        }
    }
}
#endif
