import Foundation
import Observation
@testable import TemplateLayoutEngine

/// A post as an app's `@Observable` model: what a cell reads when it is configured.
/// `@unchecked Sendable` only so one test can change it from another thread, as apps do.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class ObservedPost: @unchecked Sendable {
    var text: String
    var likes = 0
    var isExpanded = false

    init(_ text: String) {
        self.text = text
    }

    /// A stand-in for the Auto Layout pass of a cell showing this post: 20 points of padding
    /// and 20 per started 40 characters of text, 40 more when expanded.
    var measuredHeight: CGFloat {
        let lines = max(1, (text.count + 39) / 40)
        return 20 + 20 * CGFloat(lines) + (isExpanded ? 40 : 0)
    }
}

/// The scheduler a table injects, driven by hand: records each request for a turn, and the
/// test runs the turn by calling ``ObservedHeights/applyChanges()``.
final class TurnScheduler: @unchecked Sendable {
    // `requests` is read and written only under `lock`: `schedule` may run on any thread.
    private let lock = NSLock()
    private var requests = 0

    /// How many times a turn was asked for.
    var requested: Int { lock.withLock { requests } }

    var schedule: @Sendable () -> Void {
        { [self] in lock.withLock { requests += 1 } }
    }
}

/// One table's caches, its observed heights, and a measurement as the UIKit layer makes it:
/// look up, else measure inside the tracking and cache.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct ObservedTable {
    static let portrait = LayoutContext(width: 375, displayScale: 3)
    static let landscape = LayoutContext(width: 667, displayScale: 3)

    let heights: TableHeightCache
    let observed: ObservedHeights
    let turns = TurnScheduler()

    init(context: LayoutContext = ObservedTable.portrait, keyedCountLimit: Int? = nil) {
        heights = TableHeightCache(context: context, keyedCountLimit: keyedCountLimit, log: DebugLog(reportsProblems: false))
        observed = ObservedHeights(heights: heights, schedule: turns.schedule)
    }

    /// The row's height: cached, or measured by `measure` while its reads are tracked.
    @discardableResult
    func height(_ key: HeightCacheKey, measure: () -> CGFloat) -> CGFloat {
        if let cached = heights.cachedHeight(for: key) { return cached }
        return heights.measuredHeight(for: key) { observed.tracking(key, measure) }
    }

    /// The height of a row showing `post`.
    @discardableResult
    func height(_ key: HeightCacheKey, showing post: ObservedPost) -> CGFloat {
        height(key) { post.measuredHeight }
    }
}

/// Runs `change` on a thread of its own and waits for it: a change made off the table's
/// thread. (Not `DispatchQueue.global().sync`, which may run the block on the calling thread.)
func changeOnAnotherThread(_ change: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        change()
        done.signal()
    }.start()
    done.wait()
}
