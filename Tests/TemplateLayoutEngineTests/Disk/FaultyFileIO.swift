import Foundation
@testable import TemplateLayoutEngine

/// File system calls that fail on demand, through ``DiskStore/io``: the tests run as root
/// on Linux, where `chmod 000` does not stop a read, so failures are injected here.
final class FaultyFileIO: @unchecked Sendable {
    // The only mutable state, behind the lock: the store's queue and the test both use it.
    private let lock = NSLock()
    private var readFailures: Set<String> = []
    private var failingWrites = 0
    private var written: [URL] = []

    /// Reads of files with this name fail (EACCES, as a file protected while the device is
    /// locked) until ``allowReads()``.
    func failReads(of name: String) { lock.withLock { _ = readFailures.insert(name) } }
    func allowReads() { lock.withLock { readFailures.removeAll() } }
    /// The next `count` writes fail (EPERM, or ENOSPC), after writing nothing.
    func failWrites(_ count: Int) { lock.withLock { failingWrites = count } }
    /// The URLs every write was given, in order.
    var writtenURLs: [URL] { lock.withLock { written } }

    /// The calls, for `disk.io`.
    var io: DiskStore.FileIO {
        DiskStore.FileIO(
            read: { [self] url in
                if lock.withLock({ readFailures.contains(url.lastPathComponent) }) { throw POSIXError(.EACCES) }
                return try DiskStore.FileIO.system.read(url)
            },
            write: { [self] data, url in
                let fails: Bool = lock.withLock {
                    written.append(url)
                    defer { failingWrites = max(0, failingWrites - 1) }
                    return failingWrites > 0
                }
                if fails { throw POSIXError(.ENOSPC) }
                try DiskStore.FileIO.system.write(data, url)
            },
            replace: DiskStore.FileIO.system.replace)
    }
}
