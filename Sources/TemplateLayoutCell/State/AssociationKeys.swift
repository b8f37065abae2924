#if canImport(UIKit)
import Foundation

/// Keys for the objects this package attaches to UIKit objects.
///
/// `objc_setAssociatedObject` compares keys by address, so each is an address no one else
/// can have: one byte allocated for it and never freed.
@MainActor
enum AssociationKeys {
    /// A table's ``TableLayoutState``. Read off the main thread too (the association calls
    /// are thread-safe, the key never changes).
    nonisolated(unsafe) static let tableState = makeKey()
    /// A table's ``TableCellRegistrations``.
    static let tableCellRegistrations = makeKey()
    /// A collection view's ``CollectionLayoutState``; as ``tableState``.
    nonisolated(unsafe) static let collectionState = makeKey()
    /// A cell's `fd_isTemplateLayoutCell`.
    static let isTemplateLayoutCell = makeKey()
    /// A cell's `fd_enforceFrameLayout`.
    static let enforceFrameLayout = makeKey()
    /// A view's `fd_isSkeletonExcluded`.
    static let skeletonExcluded = makeKey()

    private nonisolated static func makeKey() -> UnsafeRawPointer {
        UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
    }
}
#endif
