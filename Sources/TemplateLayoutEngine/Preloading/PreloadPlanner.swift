import Foundation

/// Which rows to measure ahead of time: the rows just beyond the visible ones, nearest
/// first, in the scroll direction first, out to the preload range.
///
/// Vertical or horizontal: offsets and lengths along the scroll axis. For a horizontal
/// collection view the rows are its items, their "heights" the widths cached for them, and
/// the viewport's height its visible width.
///
/// What it plans changes when a height is computed, never what it is: the UIKit layer
/// measures planned rows through the same cache and rules as rows UIKit asks for.
///
/// The walk starts at the visible rows and goes outward, summing each row's height (known or
/// estimated) until it covers the range's screens, so its cost depends on the range, not the
/// table: a scroll event on a 100,000-row table costs the same as on a 100-row one.
package struct PreloadPlanner {
    /// How far to plan.
    package var range: PreloadRange
    /// The most rows walked on each side, whatever the heights; it bounds the cost when
    /// heights are tiny or 0 (a walk would otherwise never cover a screen).
    package var maximumRowsPerSide: Int

    /// Creates a planner.
    ///
    /// - Parameters:
    ///   - range: Screens ahead and behind; ``PreloadRange/full`` by default.
    ///   - maximumRowsPerSide: Values below 0 become 0.
    package init(range: PreloadRange = .full, maximumRowsPerSide: Int = 256) {
        self.range = range
        self.maximumRowsPerSide = max(0, maximumRowsPerSide)
    }

    /// The rows to measure, leading side first, each side nearest first, skipping rows whose
    /// height is already cached.
    ///
    /// - Parameters:
    ///   - visible: The first and last visible rows; `nil` when none is visible (an empty or
    ///     not yet laid out table), in which case the plan starts at the top.
    ///   - direction: The scroll direction.
    ///   - viewportHeight: The length of one screen along the scroll axis, in points.
    ///   - shape: The table's sections and rows.
    ///   - height: A row's length along the scroll axis, cached or estimated, used to
    ///     measure distance.
    ///   - isCached: Whether a row's height is known already.
    /// - Returns: The rows to measure, in order.
    ///
    /// Bad input: a viewport that is not a positive finite number plans nothing; visible rows
    /// outside the shape are clamped to it; negative or invalid heights count as 0.
    ///
    /// - Complexity: O(*w* + *e*) for *w* rows walked (at most twice ``maximumRowsPerSide``)
    ///   and *e* empty sections passed over on the way.
    package func plan(
        visible: ClosedRange<RowPosition>?, direction: ScrollDirection, viewportHeight: CGFloat,
        shape: TableShape, height: (RowPosition) -> CGFloat, isCached: (RowPosition) -> Bool
    ) -> [RowPosition] {
        guard viewportHeight.isFinite, viewportHeight > 0, !range.isEmpty else { return [] }
        let walker = RowWalker(shape: shape)
        let first: RowPosition?
        let last: RowPosition?
        if let visible {
            first = walker.clamp(visible.lowerBound)
            last = walker.clamp(visible.upperBound)
        } else {
            first = nil
            last = nil
        }
        let forwardStart = last.flatMap(walker.after) ?? (last == nil ? walker.firstRow : nil)
        let backwardStart = first.flatMap(walker.before)
        let backwardIsLeading = direction == .towardStart
        let forwardScreens = backwardIsLeading ? range.trailingScreens : range.leadingScreens
        let backwardScreens = backwardIsLeading ? range.leadingScreens : range.trailingScreens
        let forward = walk(from: forwardStart, step: walker.after, distance: forwardScreens * viewportHeight, height: height, isCached: isCached)
        let backward = walk(from: backwardStart, step: walker.before, distance: backwardScreens * viewportHeight, height: height, isCached: isCached)
        // The leading side first: that is where the user is going.
        return backwardIsLeading ? backward + forward : forward + backward
    }

    private func walk(
        from start: RowPosition?, step: (RowPosition) -> RowPosition?, distance: CGFloat,
        height: (RowPosition) -> CGFloat, isCached: (RowPosition) -> Bool
    ) -> [RowPosition] {
        var rows: [RowPosition] = []
        var covered: CGFloat = 0
        var walked = 0
        var position = start
        while let current = position, covered < distance, walked < maximumRowsPerSide {
            if !isCached(current) { rows.append(current) }
            let rowHeight = height(current)
            covered += rowHeight.isFinite && rowHeight > 0 ? rowHeight : 0
            walked += 1
            position = step(current)
        }
        return rows
    }
}

/// Steps from row to row across sections, passing over empty ones.
private struct RowWalker {
    let shape: TableShape

    var firstRow: RowPosition? {
        var section = 0
        while section < shape.sectionCount {
            if shape.rowCount(section) > 0 { return RowPosition(section: section, row: 0) }
            section += 1
        }
        return nil
    }

    func after(_ position: RowPosition) -> RowPosition? {
        if position.row + 1 < shape.rowCount(position.section) {
            return RowPosition(section: position.section, row: position.row + 1)
        }
        var section = position.section + 1
        while section < shape.sectionCount {
            if shape.rowCount(section) > 0 { return RowPosition(section: section, row: 0) }
            section += 1
        }
        return nil
    }

    func before(_ position: RowPosition) -> RowPosition? {
        if position.row > 0 { return RowPosition(section: position.section, row: position.row - 1) }
        var section = position.section - 1
        while section >= 0 {
            let rows = shape.rowCount(section)
            if rows > 0 { return RowPosition(section: section, row: rows - 1) }
            section -= 1
        }
        return nil
    }

    /// The nearest real row to `position`, or `nil` for an empty table.
    func clamp(_ position: RowPosition) -> RowPosition? {
        guard shape.sectionCount > 0 else { return nil }
        let section = min(max(0, position.section), shape.sectionCount - 1)
        let rows = shape.rowCount(section)
        if rows > 0 { return RowPosition(section: section, row: min(max(0, position.row), rows - 1)) }
        return before(RowPosition(section: section, row: 0)) ?? after(RowPosition(section: section, row: 0))
    }
}
