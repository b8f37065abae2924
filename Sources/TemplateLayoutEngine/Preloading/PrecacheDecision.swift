import Foundation

/// Whether heights may be computed ahead of time now, and how far: the rules of the idle
/// precache, which FDTemplateLayoutCell 1.2 had and dropped in 1.4 because it fought
/// pull-to-refresh and nobody measured its gain.
package enum PrecacheDecision: Hashable, Sendable {
    /// Measure rows in this range.
    case precache(PreloadRange)
    /// Not now, and why.
    case paused(PrecachePauseReason)
}
