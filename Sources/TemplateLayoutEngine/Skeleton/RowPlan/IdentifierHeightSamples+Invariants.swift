import Foundation

extension IdentifierHeightSamples {
    /// Traps if an invariant of ``IdentifierHeightSamples`` does not hold. Compiled to
    /// nothing unless `TEMPLATE_LAYOUT_INTERNAL_CHECKS` is defined (CI defines it; see
    /// Package.swift).
    ///
    /// - Complexity: O(``keyLimit`` x ``capacity``) when checking, O(1) otherwise.
    #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
    @inline(never)
    func checkInvariants() {
        precondition(rings.count <= keyLimit, "IdentifierHeightSamples: \(rings.count) pairs, limit \(keyLimit)")
        var stamps = Set<UInt64>()
        for (key, ring) in rings {
            precondition(!ring.heights.isEmpty && ring.heights.count <= capacity,
                         "IdentifierHeightSamples: \(ring.heights.count) heights for \(key.identifier), capacity \(capacity)")
            precondition(ring.next >= 0 && ring.next < max(ring.heights.count, 1),
                         "IdentifierHeightSamples: write position \(ring.next) outside \(ring.heights.count) heights")
            precondition(ring.heights.allSatisfy { $0.isFinite && $0 >= 0 }, "IdentifierHeightSamples: an invalid height for \(key.identifier)")
            precondition((ring.settled != nil) == (ring.heights.count == capacity),
                         "IdentifierHeightSamples: \(key.identifier)'s median settled \(ring.settled != nil) with \(ring.heights.count) heights")
            precondition(ring.lastUse <= clock && stamps.insert(ring.lastUse).inserted,
                         "IdentifierHeightSamples: recency stamp \(ring.lastUse) repeated or past the clock \(clock)")
        }
    }
    #else
    @inline(__always)
    func checkInvariants() {}
    #endif
}
