#if canImport(UIKit)
import UIKit
import ObjectiveC

/// The kind of reusable view a registration or a template is for: a cell, or a
/// supplementary view of a layout-defined kind (`UICollectionView.elementKindSectionHeader`,
/// a compositional layout's own kinds).
enum ReusableViewKind: Hashable, CustomStringConvertible {
    case cell
    case supplementary(String)

    var description: String {
        switch self {
        case .cell: return "cell"
        case .supplementary(let kind): return "supplementary view of kind \"\(kind)\""
        }
    }
}

/// What an app registered for one (kind, reuse identifier): a class to build with
/// `init(frame:)`, or a nib to instantiate.
enum ReusableViewSource {
    case viewClass(AnyClass)
    case nib(UINib)

    /// Identifies the class or nib, so a kept template can tell that the app registered
    /// something else since it was made.
    var identity: ObjectIdentifier {
        switch self {
        case .viewClass(let viewClass): return ObjectIdentifier(viewClass)
        case .nib(let nib): return ObjectIdentifier(nib)
        }
    }
}

/// The registrations one collection view received since ``RegistrationTracking`` was
/// installed, per (kind, reuse identifier): the last class or nib, or none once the app
/// registered `nil` (which unregisters, UICollectionView.h). UIKit keeps its own in private
/// dictionaries the package never reads, so templates are built from these instead of
/// being dequeued (a view dequeued outside `cellForItemAt` throws at the next layout pass,
/// iOS 18 and later).
///
/// Holds the class or nib only, as UIKit does. Attached to the view as an associated
/// object, so it lives as long as the view. Sendable by its lock: the hooks run on the
/// thread the app registers on, which UIKit requires to be the main thread but does not
/// check.
final class CollectionRegistrations: @unchecked Sendable {
    private struct Key: Hashable {
        let kind: ReusableViewKind
        let identifier: String
    }

    private let lock = NSLock()
    private var sources: [Key: ReusableViewSource] = [:]

    /// Records a registration; `nil` forgets the identifier's, as UIKit does.
    func record(_ source: ReusableViewSource?, kind: ReusableViewKind, identifier: String) {
        lock.lock()
        defer { lock.unlock() }
        sources[Key(kind: kind, identifier: identifier)] = source
    }

    /// The class or nib last registered for `identifier` and `kind`, if any was seen.
    func source(kind: ReusableViewKind, identifier: String) -> ReusableViewSource? {
        lock.lock()
        defer { lock.unlock() }
        return sources[Key(kind: kind, identifier: identifier)]
    }
}

extension UICollectionView {
    /// The registrations of this view seen so far, made on the first one.
    nonisolated var templateRegistrations: CollectionRegistrations {
        RegistrationAttachment.lock.lock()
        defer { RegistrationAttachment.lock.unlock() }
        if let existing = existingTemplateRegistrations { return existing }
        let registrations = CollectionRegistrations()
        objc_setAssociatedObject(self, RegistrationAttachment.key, registrations, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return registrations
    }

    /// The registrations of this view, if it registered anything since the tracking was
    /// installed.
    nonisolated var existingTemplateRegistrations: CollectionRegistrations? {
        objc_getAssociatedObject(self, RegistrationAttachment.key) as? CollectionRegistrations
    }
}

/// The associated-object key of ``CollectionRegistrations`` and the lock that makes its
/// creation happen once per view whatever thread registers. Not in `AssociationKeys`, which
/// is main-actor isolated: registrations may come from any thread.
private enum RegistrationAttachment {
    static let lock = NSLock()
    // One byte allocated for the key and never freed: an address no one else can have.
    nonisolated(unsafe) static let key = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
}
#endif
