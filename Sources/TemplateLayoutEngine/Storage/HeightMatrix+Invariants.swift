import Foundation

extension HeightMatrix {
    /// Traps if an invariant of ``HeightMatrix`` does not hold. Compiled to nothing unless
    /// `TEMPLATE_LAYOUT_INTERNAL_CHECKS` is defined (CI defines it; see Package.swift).
    ///
    /// - Complexity: O(*n*) in the stored rows when checking, O(1) otherwise.
    #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
    @inline(never)
    func checkInvariants() {
        var total = 0
        for (index, section) in sections.enumerated() {
            var stored = 0
            for value in [section.header, section.footer] + Array(section.rows) where !value.isNaN {
                precondition(value.isFinite && value >= 0, "HeightMatrix: invalid height \(value) in section \(index)")
                stored += 1
            }
            precondition(stored == section.stored, "HeightMatrix: section \(index) counts \(section.stored), holds \(stored)")
            precondition(section.rows.last.map { !$0.isNaN } ?? true, "HeightMatrix: section \(index) ends in NaN")
            total += stored
        }
        precondition(sections.last.map { !$0.isEmpty } ?? true, "HeightMatrix: ends in an empty section")
        precondition(total == count, "HeightMatrix: counts \(count), holds \(total)")
    }
    #else
    @inline(__always)
    func checkInvariants() {}
    #endif
}
