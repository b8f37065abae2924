import Foundation

/// The bound on the number of layout files: one file per identifier and pixel width adds
/// up when a window is resized freely (iPadOS free-form windows, a Mac), and ages out only
/// after ``SkeletonLayoutCache/maximumAge``.
extension SkeletonLayoutCache {
    /// The layout files kept unless told otherwise: a few kilobytes each, so about a
    /// megabyte; far more than the identifiers times contexts an app shows.
    static let defaultMaximumLayoutFiles = 256

    /// The most layout files kept on disk; past it the least recently used go (a file's
    /// last use is its last write or the last write of its load count), down to three
    /// quarters of it, so that the next writes list the folder without sorting it.
    /// Values below 1 are 1.
    ///
    /// - Complexity: O(1).
    var maximumLayoutFiles: Int {
        get { lock.withLock { state.maximumLayoutFiles } }
        set { lock.withLock { state.maximumLayoutFiles = max(1, newValue) } }
    }

    /// Removes the least recently used layout files past ``maximumLayoutFiles``, and their
    /// count files, keeping `keeping` (the file just written). Answers how many files
    /// went. Runs on the queue.
    ///
    /// - Complexity: O(*f*) to list *f* files; O(*f* log *f*) with two attribute reads per
    ///   file when over the bound.
    @discardableResult
    func keepLayoutFilesBounded(keeping: String? = nil) -> Int {
        let limit = maximumLayoutFiles
        let names = disk.names(in: Self.layoutsFolder).filter(Self.isOurFileName).map { String($0.dropLast(5)) }
        guard names.count > limit else { return 0 }
        let target = max(1, limit * 3 / 4)
        let ranked = names.map { name in (name: name, lastUse: lastUse(of: name)) }
            .sorted { $0.lastUse != $1.lastUse ? $0.lastUse > $1.lastUse : $0.name < $1.name }
        var kept = 0
        var removed = 0
        for file in ranked {
            if kept < target || file.name == keeping {
                kept += 1
                continue
            }
            disk.remove(layoutURL(file.name))
            removed += 1
            // A count without its layout only ranks a miss at warm-up; one counted in this
            // launch is written again anyway.
            if lock.withLock({ state.counts[file.name] == nil }), let count = countURL(file.name),
               FileManager.default.fileExists(atPath: count.path) {
                disk.remove(count)
                removed += 1
            }
        }
        log.trace("skeleton cache: removed \(removed) least recently used layout and count file(s) past \(limit) layouts")
        return removed
    }

    /// When `name`'s layout was last used: its file's modification date or its count
    /// file's, whichever is later (a count is written each time the skeleton is shown).
    private func lastUse(of name: String) -> Date {
        func modified(_ url: URL?) -> Date {
            (url.flatMap { try? $0.resourceValues(forKeys: [.contentModificationDateKey]) })?.contentModificationDate ?? .distantPast
        }
        return max(modified(layoutURL(name)), modified(countURL(name)))
    }
}
