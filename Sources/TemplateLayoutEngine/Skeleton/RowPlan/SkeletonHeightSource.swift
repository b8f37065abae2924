import Foundation

/// Where a skeleton row's height came from, in the order they are tried.
///
/// The order is the point of this package's skeletons: a row shows at the height its
/// real content will have, so nothing jumps when the data arrives (TABAnimated and
/// SkeletonView give every row one fixed height).
package enum SkeletonHeightSource: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// 1. The index-path cache: the height the row at this index path had in the previous
    ///    load. Exact for a reload of the same content (pull to refresh).
    case previousLoad
    /// 2. The keyed cache: the app named the id of the row about to come, and a height is
    ///    cached for it.
    case keyedCache
    /// 3. The template cell measured with the app's placeholder configuration.
    case placeholderMeasurement
    /// 4. The median of the heights recently measured for the row's cell identifier in the
    ///    current layout context (``IdentifierHeightSamples``).
    case identifierMedian
    /// 5. The table's estimated row height (``TableHeightCache/fallbackHeight``).
    case estimate

    /// The name used in log lines, e.g. `previous load`.
    package var description: String {
        switch self {
        case .previousLoad: return "previous load"
        case .keyedCache: return "keyed cache"
        case .placeholderMeasurement: return "placeholder measurement"
        case .identifierMedian: return "identifier median"
        case .estimate: return "estimate"
        }
    }
}
