import Foundation

extension SkeletonLayout {
    /// Traps if a mapped layout breaks an invariant of ``SkeletonLayout`` (see
    /// ``isValid``). Compiled to nothing unless `TEMPLATE_LAYOUT_INTERNAL_CHECKS` is
    /// defined (CI defines it; see Package.swift). Only the mapping calls it: layouts read
    /// from disk are checked with ``isValid`` and discarded, never trapped on.
    ///
    /// - Complexity: O(*n*) in the parts when checking, O(1) otherwise.
    #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
    @inline(never)
    func checkInvariants() {
        precondition(isValid, "SkeletonLayout: a mapped layout is invalid: \(self)")
        for part in parts where part.kind == .textLine {
            precondition(part.cornerRadius > 0, "SkeletonLayout: a text bar without a corner radius: \(part)")
        }
    }
    #else
    @inline(__always)
    func checkInvariants() {}
    #endif
}
