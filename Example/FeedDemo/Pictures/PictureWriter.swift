import Foundation

/// `--write-pictures DIR`: writes the session's pictures as SVG files into a directory.
///
/// Every picture is a pure function of the seeded session (no timings, dates or paths), so
/// a second run writes the same bytes and CI can compare them with the committed ones
/// (`.ci/pictures`).
enum PictureWriter {
    /// The file names, in the order written.
    static let skeletonFile = "skeleton-jump.svg"
    static let staleHeightsFile = "stale-heights.svg"
    static let scrollFramesFile = "scroll-frames.svg"

    /// Writes every picture the session has data for into `directory`, creating it; returns
    /// the paths written. Throws what the file system throws.
    static func write(_ runs: ReportPrinter.Runs, to directory: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var pictures: [(name: String, svg: String)] = []
        if let skeleton = SkeletonPicture(indexPath: runs.indexPath, key: runs.key) {
            pictures.append((skeletonFile, skeleton.svg))
        }
        if let stale = StaleHeightsPicture(indexPath: runs.indexPath, engineIsRight: runs.all.allSatisfy { $0.verifier.mismatchCount == 0 }) {
            pictures.append((staleHeightsFile, stale.svg))
        }
        // Issue 20's scroll session: its own simulated clock, not the demo's session.
        pictures.append((scrollFramesFile, ScrollFramesPicture().svg))
        return try pictures.map { picture in
            let url = directory.appendingPathComponent(picture.name)
            try Data(picture.svg.utf8).write(to: url, options: .atomic)
            return url.path
        }
    }
}
