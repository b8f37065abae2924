import Foundation

/// Where the idle precache's observer sits among the main run loop's observers of
/// `beforeWaiting`, which run in increasing order.
///
/// The orders below are Apple's, not API: Core Animation commits the frame's implicit
/// transaction from an observer of order 2,000,000 (WebKit's `LayerFlushScheduler` names it
/// `CoreAnimationRunLoopOrder = 2000000` and runs its own flush at one less, just before);
/// dumps of the main run loop show UIKit's `_beforeCACommitHandler` at 1,999,000 and
/// `_afterCACommitHandler` at 2,001,000; UIKit's autorelease-pool observer is last, at
/// `Int32.max` (Texture's transaction group uses `INT_MAX` "after CA transaction commits").
/// FDTemplateLayoutCell 1.2's precache used order 0, before the commit, so a pass ran
/// between an update and the frame that shows it.
package enum PrecacheRunLoopOrder {
    /// Core Animation's commit of the implicit transaction.
    package static let coreAnimationCommit = 2_000_000
    /// UIKit's work after the commit.
    package static let afterCommit = 2_001_000
    /// UIKit's autorelease-pool observer, which drains the pool before the run loop sleeps.
    package static let autoreleasePool = Int(Int32.max)
    /// The precache: after the frame is committed, before the pool is drained (so what a
    /// pass autoreleases goes before the run loop sleeps).
    package static let idlePrecache = afterCommit + 1
}
