#if canImport(UIKit)
import UIKit

/// A batch fetch in progress: the app calls ``complete(hasMore:)`` when its new content is in.
@MainActor
public final class BatchFetchContext {
    private let onComplete: (Bool) -> Void
    /// Whether ``complete(hasMore:)`` has been called.
    public private(set) var isComplete = false

    init(onComplete: @escaping (Bool) -> Void) {
        self.onComplete = onComplete
    }

    /// Ends this fetch. With `hasMore` (the default), another may start when the user nears
    /// the end again, or on the next turn of the main run loop if the content changed and is
    /// still within reach of the end; a fetch that added nothing is not repeated until the
    /// content changes or the user drags. With `hasMore: false`, batch fetching stops until
    /// ``UIKit/UITableView/fd_resumeBatchFetching()`` (or the collection view's
    /// ``UIKit/UICollectionView/fd_resumeBatchFetching()``).
    ///
    /// Call it after the new rows or items are in the view (or on failure, with `hasMore: true`, to
    /// allow a retry). Calling it synchronously from the fetch closure is fine: the next
    /// check waits for the next turn of the run loop, so nothing recurses.
    ///
    /// Bad input: calling it again does nothing.
    public func complete(hasMore: Bool = true) {
        guard !isComplete else { return }
        isComplete = true
        onComplete(hasMore)
    }
}
#endif
