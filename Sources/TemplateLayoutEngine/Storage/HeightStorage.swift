import Foundation

/// The heights of one layout context, as ``PerContextCache`` needs them: how many there
/// are, forgetting them all, and checking their invariants.
///
/// The two conformers differ in how heights are addressed (``HeightMatrix`` by section and
/// row, ``KeyedHeights`` by key); everything a cache does across contexts needs only this.
protocol HeightStorage {
    /// How many heights are held.
    var count: Int { get }

    /// Forgets every height; returns how many there were.
    @discardableResult
    mutating func removeAll() -> Int

    /// Traps if an invariant does not hold; nothing unless `TEMPLATE_LAYOUT_INTERNAL_CHECKS`.
    func checkInvariants()
}

extension HeightMatrix: HeightStorage {}
extension KeyedHeights: HeightStorage {}
