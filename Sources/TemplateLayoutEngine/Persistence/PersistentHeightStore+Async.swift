import Foundation

/// `async` versions of the store's calls that take a completion, for callers that await:
/// each returns once its work on the store's private queue is done. A caller isolated to the
/// main actor is suspended, never blocked, and resumes on the main actor.
///
/// They have names of their own: an `async` overload of a call whose completion has a
/// default would take over every call written without `await` in an `async` function.
extension PersistentHeightStore {
    /// ``open(namespace:contentVersion:completion:)``, awaited: declares `namespace`, reads
    /// every one of its files, and returns what the load found.
    ///
    /// - Complexity: O(*n*) in the namespace's files, on the queue.
    @discardableResult
    public func openAndWait(namespace: String, contentVersion: String) async -> LoadReport {
        await withCheckedContinuation { continuation in
            open(namespace: namespace, contentVersion: contentVersion) { continuation.resume(returning: $0) }
        }
    }

    /// ``open(namespace:contentVersion:context:completion:)``, awaited: declares `namespace`,
    /// reads the file of `context` (`nil`: the file written last), and returns what it found.
    ///
    /// - Complexity: one file read, on the queue.
    @discardableResult
    public func openAndWait(namespace: String, contentVersion: String, context: LayoutContext?) async -> LoadReport {
        await withCheckedContinuation { continuation in
            open(namespace: namespace, contentVersion: contentVersion, context: context) { continuation.resume(returning: $0) }
        }
    }

    /// ``flush(completion:)``, awaited: returns once every height recorded before the call
    /// is written.
    ///
    /// - Complexity: O(*n*) in the dirty heights, on the queue.
    public func flushAndWait() async {
        await withCheckedContinuation { continuation in
            flush { continuation.resume() }
        }
    }

    /// ``removeExpired(completion:)``, awaited: returns how many files were deleted.
    ///
    /// - Complexity: O(*f* log *f*) in the files of the directory, on the queue.
    @discardableResult
    public func removeExpiredAndWait() async -> Int {
        await withCheckedContinuation { continuation in
            removeExpired { continuation.resume(returning: $0) }
        }
    }

    /// ``removeAll(namespace:completion:)``, awaited: memory forgets at once, and this
    /// returns once the namespace's files are deleted.
    ///
    /// - Complexity: O(*b*) for *b* buckets in memory, plus the deletions on the queue.
    public func removeAllAndWait(namespace: String) async {
        await withCheckedContinuation { continuation in
            removeAll(namespace: namespace) { continuation.resume() }
        }
    }
}
