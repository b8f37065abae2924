import Foundation

extension HeightMatrix {
    /// Where a new section comes from: an inserted section, or an old index (possibly past
    /// the stored sections, where everything is absent).
    private enum Origin {
        case inserted
        case old(Int)
    }

    /// Applies the batch `plan` describes; returns how many heights it forgot.
    ///
    /// A plan that only inserts, or only deletes, a few rows of one section (a single
    /// `insertRows` or `deleteRows` outside a batch, the common case) is applied in place;
    /// anything else rebuilds the matrix with ``applying(_:)``.
    ///
    /// - Complexity: O(*k* × *r*) in place, for *k* ≤ 8 rows of a section of *r* rows;
    ///   otherwise as ``applying(_:)``.
    mutating func apply(_ plan: UpdatePlan) -> Int {
        let before = count
        switch plan.inPlaceRowChange {
        case .insert(let rows, let section)?: insertAbsentRows(at: rows, inSection: section)
        case .delete(let rows, let section)?: removeRows(at: rows, inSection: section)
        case nil: self = applying(plan)
        }
        checkInvariants()
        return before - count
    }

    /// This matrix as it is after the batch `plan` describes.
    ///
    /// Storage is lazy, so the old table is taken to continue past the stored sections and
    /// rows with sections and rows that hold nothing. That makes every update that only
    /// touches the unstored tail a no-op on what is stored, which is exactly right for
    /// valid input and harmless for out-of-range input.
    ///
    /// Sections without row changes are carried over without copying their rows.
    ///
    /// - Complexity: O(*s* + *k* + *r*), where *s* is the number of sections, *k* the
    ///   number of changes, and *r* the rows of the sections that have row changes.
    func applying(_ plan: UpdatePlan) -> HeightMatrix {
        if plan.forgetsEverything { return HeightMatrix() }
        if plan.isEmpty { return self }

        var result = ContiguousArray<Section>()
        result.reserveCapacity(sections.count + plan.sectionSlots.count)
        var nextOld = 0
        var removedCursor = 0
        var slotCursor = 0
        var newIndex = 0
        while true {
            // Old sections deleted or moved away do not fill places in the new order.
            while removedCursor < plan.removedSections.count, plan.removedSections[removedCursor] <= nextOld {
                if plan.removedSections[removedCursor] == nextOld { nextOld += 1 }
                removedCursor += 1
            }
            if nextOld >= sections.count && newIndex > plan.lastNewSectionReceivingMoves { break }

            let origin: Origin
            if slotCursor < plan.sectionSlots.count, plan.sectionSlots[slotCursor].index == newIndex {
                switch plan.sectionSlots[slotCursor].source {
                case .inserted: origin = .inserted
                case .moved(let from): origin = .old(from)
                }
                slotCursor += 1
            } else {
                origin = .old(nextOld)
                nextOld += 1
            }
            result.append(section(at: newIndex, from: origin, plan: plan))
            newIndex += 1
        }
        let updated = HeightMatrix(sections: result)
        updated.checkInvariants()
        return updated
    }

    /// New section `newIndex`, built from its origin and the row changes the plan makes.
    private func section(at newIndex: Int, from origin: Origin, plan: UpdatePlan) -> Section {
        if plan.untrustedNewSections.contains(newIndex) { return Section() }
        var base = Section()
        var removals: UpdatePlan.RowRemovals?
        if case .old(let old) = origin {
            // A reloaded (or untrusted) section keeps its place and loses everything.
            if plan.forgottenSections.contains(old) { return Section() }
            if old < sections.count { base = sections[old] }
            removals = plan.rowRemovals[old]
        }
        let slots = plan.rowSlots[newIndex]
        if removals == nil && slots == nil { return base }

        let slotHeights = (slots ?? []).map { slot -> CGFloat in
            guard case .moved(let section, let row) = slot.source, !plan.forgottenSections.contains(section) else { return .nan }
            return height(section: section, row: row)
        }
        var section = base
        section.rows = Self.mergedRows(base.rows, removals: removals ?? UpdatePlan.RowRemovals(),
                                       slots: slots ?? [], slotHeights: slotHeights)

        // Count what is stored from the changes alone, not by scanning the rows.
        var stored = base.stored
        for row in (removals?.removed ?? []) + (removals?.forgotten ?? []) where row < base.rows.count && !base.rows[row].isNaN {
            stored -= 1
        }
        stored += slotHeights.lazy.filter { !$0.isNaN }.count
        section.stored = stored
        return section
    }

    /// The rows of a new section: the old rows minus the removed ones, with forgotten ones
    /// cleared, and the slots placed at their new indexes. Runs between changes are copied
    /// in bulk.
    ///
    /// - Complexity: O(*r* + *k*).
    private static func mergedRows(
        _ old: ContiguousArray<CGFloat>, removals: UpdatePlan.RowRemovals,
        slots: [UpdatePlan.RowSlot], slotHeights: [CGFloat]
    ) -> ContiguousArray<CGFloat> {
        let removed = removals.removed
        let forgotten = removals.forgotten
        // Past the old rows, only slots that carry a height need placing.
        let lastNeededRow = slotHeights.lastIndex(where: { !$0.isNaN }).map { slots[$0].row } ?? -1

        var rows = ContiguousArray<CGFloat>()
        rows.reserveCapacity(old.count + slots.count)
        var nextOld = 0
        var removedCursor = 0
        var forgottenCursor = 0
        var slotCursor = 0
        while true {
            while removedCursor < removed.count, removed[removedCursor] <= nextOld {
                if removed[removedCursor] == nextOld { nextOld += 1 }
                removedCursor += 1
            }
            if nextOld >= old.count && rows.count > lastNeededRow { break }

            if slotCursor < slots.count, slots[slotCursor].row == rows.count {
                rows.append(slotHeights[slotCursor])
                slotCursor += 1
                continue
            }
            let placesBeforeNextSlot = slotCursor < slots.count ? slots[slotCursor].row - rows.count : Int.max
            if nextOld >= old.count {
                // Past the stored rows everything is absent; jump to the next slot.
                let gap = min(placesBeforeNextSlot, lastNeededRow + 1 - rows.count)
                rows.append(contentsOf: repeatElement(.nan, count: gap))
                nextOld += gap
                continue
            }
            while forgottenCursor < forgotten.count, forgotten[forgottenCursor] < nextOld { forgottenCursor += 1 }
            if forgottenCursor < forgotten.count, forgotten[forgottenCursor] == nextOld {
                rows.append(.nan)
                nextOld += 1
                continue
            }
            var runEnd = old.count
            if removedCursor < removed.count { runEnd = min(runEnd, removed[removedCursor]) }
            if forgottenCursor < forgotten.count { runEnd = min(runEnd, forgotten[forgottenCursor]) }
            if placesBeforeNextSlot < runEnd - nextOld { runEnd = nextOld + placesBeforeNextSlot }
            rows.append(contentsOf: old[nextOld..<runEnd])
            nextOld = runEnd
        }
        while let last = rows.last, last.isNaN { rows.removeLast() }
        return rows
    }
}
