import Foundation

/// The heights of one layout context by section and row, unboxed, with NaN for "none".
///
/// Storage is lazy, as FDTemplateLayoutCell's was, but without its side effects: a
/// section's row array reaches only its last stored row, and a row past the end has no
/// height. Updates that only touch rows past the end therefore change nothing stored,
/// which is why out-of-range updates are harmless here, where FD's crashed.
///
/// Heights are `CGFloat` so that what a caller stores is returned bit for bit; NaN is the
/// one value no measurement can produce (stores are validated to be finite and not
/// negative), so "no height" costs no extra storage and stays distinct from 0.
///
/// Invariants (checked by ``checkInvariants()`` under `TEMPLATE_LAYOUT_INTERNAL_CHECKS`):
/// - every value is NaN or finite and not negative;
/// - no row array ends in NaN, and the section array does not end in an empty section,
///   so two matrices holding the same heights compare equal;
/// - each section's ``Section/stored`` counts its non-NaN values, and ``count`` is their sum.
struct HeightMatrix: Equatable {
    /// The heights of one section: its rows, its header and its footer.
    struct Section: Equatable {
        var header: CGFloat = .nan
        var footer: CGFloat = .nan
        var rows: ContiguousArray<CGFloat> = []
        /// How many of `header`, `footer` and `rows` are not NaN.
        var stored = 0

        /// A section that holds nothing and can be trimmed from the end.
        var isEmpty: Bool { stored == 0 && rows.isEmpty }

        static func == (lhs: Section, rhs: Section) -> Bool {
            // NaN never equals NaN, so compare bit patterns: "both absent" is equal.
            lhs.stored == rhs.stored
                && lhs.header.bitPattern == rhs.header.bitPattern
                && lhs.footer.bitPattern == rhs.footer.bitPattern
                && lhs.rows.elementsEqual(rhs.rows) { $0.bitPattern == $1.bitPattern }
        }
    }

    /// Where in a section a height lives.
    enum Slot: Hashable {
        case row(Int)
        case header
        case footer

        /// The row, if this is one.
        var row: Int? {
            if case .row(let row) = self { return row }
            return nil
        }
    }

    private(set) var sections: ContiguousArray<Section> = []
    /// Heights stored in all sections.
    private(set) var count = 0

    init() {}

    init(sections: ContiguousArray<Section>) {
        self.sections = sections
        self.count = sections.reduce(0) { $0 + $1.stored }
        trimTrailingEmptySections()
    }

    /// The height of a row, or NaN.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func height(section: Int, row: Int) -> CGFloat {
        // Unsigned comparison folds the negative check into the bounds check.
        guard UInt(bitPattern: section) < UInt(bitPattern: sections.count) else { return .nan }
        return sections.withUnsafeBufferPointer { sectionBuffer in
            let rows = sectionBuffer[section].rows
            guard UInt(bitPattern: row) < UInt(bitPattern: rows.count) else { return .nan }
            return rows[row]
        }
    }

    /// The height in a slot of a section, or NaN.
    ///
    /// - Complexity: O(1).
    func height(section: Int, slot: Slot) -> CGFloat {
        switch slot {
        case .row(let row): return height(section: section, row: row)
        case .header: return sections.indices.contains(section) ? sections[section].header : .nan
        case .footer: return sections.indices.contains(section) ? sections[section].footer : .nan
        }
    }

    /// Stores a height, growing the arrays as needed. The caller has validated the height
    /// (finite, not negative) and the indexes (not negative, within the index limits).
    ///
    /// - Complexity: O(1) amortised, plus the growth to reach a new row or section.
    mutating func store(_ height: CGFloat, section: Int, slot: Slot) {
        while sections.count <= section { sections.append(Section()) }
        let previous: CGFloat
        switch slot {
        case .row(let row):
            if sections[section].rows.count <= row {
                sections[section].rows.append(contentsOf: repeatElement(.nan, count: row + 1 - sections[section].rows.count))
            }
            previous = sections[section].rows[row]
            sections[section].rows[row] = height
        case .header:
            previous = sections[section].header
            sections[section].header = height
        case .footer:
            previous = sections[section].footer
            sections[section].footer = height
        }
        if previous.isNaN {
            sections[section].stored += 1
            count += 1
        }
        // Storing into a new trailing section or row cannot leave a trailing gap, but a
        // header stored past the end leaves empty sections before it, which is allowed.
    }

    /// Forgets one height; returns whether there was one.
    ///
    /// - Complexity: O(1) amortised, plus trimming trailing gaps.
    @discardableResult
    mutating func remove(section: Int, slot: Slot) -> Bool {
        guard sections.indices.contains(section) else { return false }
        let previous: CGFloat
        switch slot {
        case .row(let row):
            guard sections[section].rows.indices.contains(row) else { return false }
            previous = sections[section].rows[row]
            sections[section].rows[row] = .nan
            while let last = sections[section].rows.last, last.isNaN { sections[section].rows.removeLast() }
        case .header:
            previous = sections[section].header
            sections[section].header = .nan
        case .footer:
            previous = sections[section].footer
            sections[section].footer = .nan
        }
        guard !previous.isNaN else { return false }
        sections[section].stored -= 1
        count -= 1
        trimTrailingEmptySections()
        return true
    }

    /// Forgets every height; returns how many there were.
    ///
    /// - Complexity: O(1) (the storage is released, not scanned).
    @discardableResult
    mutating func removeAll() -> Int {
        defer { self = HeightMatrix() }
        return count
    }

    /// Inserts rows without heights at `rows` (new indexes, ascending) of `section`, in place.
    /// Rows past the stored ones change nothing stored.
    ///
    /// - Complexity: O(*k* × *r*) for *k* rows inserted into a section of *r* stored rows:
    ///   for the few rows of one call, cheaper than rebuilding the section.
    mutating func insertAbsentRows(at rows: [Int], inSection section: Int) {
        guard sections.indices.contains(section) else { return }
        for row in rows {
            guard row < sections[section].rows.count else { break }
            sections[section].rows.insert(.nan, at: row)
        }
    }

    /// Removes the rows at `rows` (old indexes, ascending) of `section`, in place, with their
    /// heights.
    ///
    /// - Complexity: O(*k* × *r*), as ``insertAbsentRows(at:inSection:)``.
    mutating func removeRows(at rows: [Int], inSection section: Int) {
        guard sections.indices.contains(section) else { return }
        for row in rows.reversed() where row < sections[section].rows.count {
            if !sections[section].rows[row].isNaN {
                sections[section].stored -= 1
                count -= 1
            }
            sections[section].rows.remove(at: row)
        }
        while let last = sections[section].rows.last, last.isNaN { sections[section].rows.removeLast() }
        trimTrailingEmptySections()
    }

    private mutating func trimTrailingEmptySections() {
        while let last = sections.last, last.isEmpty { sections.removeLast() }
    }
}
