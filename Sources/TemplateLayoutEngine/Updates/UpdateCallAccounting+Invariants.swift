import Foundation

extension UpdateCallAccounting {
    /// Traps if an invariant of ``UpdateCallAccounting`` does not hold. Compiled to nothing
    /// unless `TEMPLATE_LAYOUT_INTERNAL_CHECKS` is defined (CI defines it; see Package.swift).
    ///
    /// - Complexity: O(*d*) in the open frames when checking, O(1) otherwise.
    #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
    @inline(never)
    func checkInvariants() {
        for (index, frame) in frames.enumerated() where frame == .body {
            // A closure runs inside its call: the frame below a closure's is a call that ran it.
            precondition(index == 0 || frames[index - 1] != .call(sentBegin: false, ranBody: false) &&
                         frames[index - 1] != .call(sentBegin: true, ranBody: false),
                         "UpdateCallAccounting: a closure above a call that has not run it: \(frames)")
        }
    }
    #else
    @inline(__always)
    func checkInvariants() {}
    #endif
}
