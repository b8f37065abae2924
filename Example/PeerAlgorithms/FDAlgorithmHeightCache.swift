import Foundation
import TemplateLayoutEngine

// FDTemplateLayoutCell by forkingdog, MIT licence; its algorithm re-implemented for measurement.

/// FDTemplateLayoutCell's index-path height cache, re-implemented from a description of
/// its published algorithm (not transcribed from its source), to be measured and checked
/// side by side with the engine: the benchmark times it and surveys its wrong heights, the
/// feed demo replays its scripted session on it.
///
/// Storage: an `NSMutableArray` of sections, each an `NSMutableArray` of boxed heights
/// (`NSNumber`), with one shared `-1` meaning "no height" (`Collections` says which
/// classes play those parts; see `FDCollections.swift`); two such storages, portrait
/// and landscape, one picked by ``isPortrait``. Every lookup, store and update first
/// grows *both* storages so that every section and row it names exists (the "build"
/// step). Updates are applied at once, in call order, by FD's per-call rules, whether or
/// not a batch is open: FD knew nothing of `beginUpdates`/`endUpdates`.
///
/// `NSMutableArray` raises `NSRangeException` for an index out of range; in an app that
/// is a crash. On Linux it would trap this process, so every array operation checks its
/// index first and, where FD would have raised, records ``rangeException`` and skips
/// the operation. After a crash the contents mean nothing (the app would be gone); the
/// callers look at ``hasCrashed`` and not at the heights.
public final class FDAlgorithmHeightCache<Collections: FDCollections> {
    public typealias Sections = Collections.Sections
    public typealias Rows = Collections.Rows
    public typealias Number = Collections.Number

    /// Where FD would have raised `NSRangeException` (and the app crashed).
    public struct RangeException: CustomStringConvertible {
        /// The `NSMutableArray` method that would have raised.
        public let operation: String
        /// The index it was given.
        public let index: Int
        /// The array's count at the time.
        public let count: Int

        public var description: String { "-[NSMutableArray \(operation)]: index \(index) beyond bounds [0 .. \(count - 1)]" }
    }

    // `@usableFromInline` and `@inlinable` here and below: the benchmark lives in another
    // module and must get this class specialized for its collections, as FD's code was
    // compiled for its own; unspecialized generic calls made FD 2 to 6 times slower and
    // flattered the engine. `public`, not `package`: Swift 6.3 does not specialize
    // `@inlinable package` code in other modules (measured), and no product exports this
    // target, so no app sees it either way.

    /// FD's one shared "no height" value, compared against on every lookup.
    @usableFromInline let noHeight = Collections.number(-1)
    @usableFromInline let portraitHeights = Sections()
    @usableFromInline let landscapeHeights = Sections()

    /// Which storage lookups and stores use (FD asked `UIDevice` on every call).
    public var isPortrait = true
    /// The first place FD would have crashed, or `nil` while it would not have.
    public private(set) var rangeException: RangeException?

    /// Whether FD would have crashed by now.
    public var hasCrashed: Bool { rangeException != nil }

    /// An empty cache, in portrait, as FD's was on a table's first use.
    @inlinable public init() {}

    @usableFromInline var currentHeights: Sections { isPortrait ? portraitHeights : landscapeHeights }

    // MARK: Checked array access (NSRangeException recorded, never trapped on)

    /// Whether `index` is valid for an array of `count` elements (`count + 1` places when
    /// inserting); records FD's crash if not.
    @inlinable @inline(__always)
    func check(_ index: Int, count: Int, allowingEnd: Bool = false, _ operation: @autoclosure () -> String) -> Bool {
        let limit = allowingEnd ? count + 1 : count
        // One unsigned comparison rejects negative indexes too.
        if UInt(bitPattern: index) < UInt(bitPattern: limit) { return true }
        recordException(operation: operation(), index: index, count: count)
        return false
    }

    /// Keeps the first place FD would have crashed.
    @usableFromInline
    func recordException(operation: String, index: Int, count: Int) {
        if rangeException == nil { rangeException = RangeException(operation: operation, index: index, count: count) }
    }

    /// The row array of a section, or `nil` (crash recorded) if there is no such section.
    @inlinable @inline(__always)
    func rows(of storage: Sections, section: Int) -> Rows? {
        guard check(section, count: storage.count, "objectAtIndex:") else { return nil }
        return storage.object(at: section)
    }

    @inlinable @inline(__always)
    func forEachStorage(_ body: (Sections) -> Void) {
        body(portraitHeights)
        body(landscapeHeights)
    }

    // MARK: Building (FD's buildCachesAtIndexPathsIfNeeded)

    /// Grows both storages so that `section` exists.
    @inlinable
    func buildSections(upTo section: Int) {
        forEachStorage { storage in
            while storage.count <= section { storage.add(Rows()) }
        }
    }

    /// Grows both storages so that `section` and `row` in it exist, filling with "no height".
    ///
    /// FD's published build step walks every section and row from 0 up to the target on
    /// each call, so its lookups cost O(row); this grows only what is missing and costs
    /// O(1) once built, which is kinder to FD than FD was.
    @inlinable @inline(__always)
    func buildIfNeeded(section: Int, row: Int) {
        forEachStorage { storage in
            while storage.count <= section { storage.add(Rows()) }
            guard let rows = rows(of: storage, section: section) else { return }
            while rows.count <= row { rows.add(noHeight) }
        }
    }

    /// FD's `buildCachesAtIndexPathsIfNeeded:`.
    ///
    /// FD wrapped even a single index path in an array literal on every lookup; the
    /// lookups here call ``buildIfNeeded(section:row:)`` directly, which spares FD that
    /// allocation, so the comparison does not flatter the engine.
    @inlinable public func buildCachesIfNeeded(at indexPaths: [IndexPath]) {
        for path in indexPaths { buildIfNeeded(section: path[0], row: path[1]) }
    }

    // MARK: Lookups and stores

    /// FD's `existsHeightAtIndexPath:`: builds, then compares with `-1`.
    @inlinable public func existsHeight(section: Int, row: Int) -> Bool {
        buildIfNeeded(section: section, row: row)
        guard let rows = rows(of: currentHeights, section: section),
              check(row, count: rows.count, "objectAtIndex:") else { return false }
        return !Collections.isEqual(rows.object(at: row), to: noHeight)
    }

    /// FD's `heightForIndexPath:`: builds again, then unboxes.
    @inlinable public func height(section: Int, row: Int) -> CGFloat {
        buildIfNeeded(section: section, row: row)
        guard let rows = rows(of: currentHeights, section: section),
              check(row, count: rows.count, "objectAtIndex:") else { return -1 }
        return CGFloat(Collections.doubleValue(of: rows.object(at: row)))
    }

    /// What FD's resolver did before measuring: `existsHeight`, then `height`, two calls per hit.
    @inlinable @inline(__always)
    public func cachedHeight(section: Int, row: Int) -> CGFloat? {
        existsHeight(section: section, row: row) ? height(section: section, row: row) : nil
    }

    /// ``cachedHeight(section:row:)`` for an index path, as FD's API took one.
    @inlinable @inline(__always)
    public func cachedHeight(at indexPath: IndexPath) -> CGFloat? {
        existsHeight(at: indexPath) ? height(at: indexPath) : nil
    }

    /// FD's `existsHeightAtIndexPath:` by index path.
    @inlinable public func existsHeight(at indexPath: IndexPath) -> Bool { existsHeight(section: indexPath[0], row: indexPath[1]) }

    /// FD's `heightForIndexPath:` by index path.
    @inlinable public func height(at indexPath: IndexPath) -> CGFloat { height(section: indexPath[0], row: indexPath[1]) }

    /// FD's `cacheHeight:byIndexPath:`: builds, then stores a new `NSNumber`.
    @inlinable public func cacheHeight(_ height: CGFloat, section: Int, row: Int) {
        buildIfNeeded(section: section, row: row)
        guard let rows = rows(of: currentHeights, section: section),
              check(row, count: rows.count, "replaceObjectAtIndex:withObject:") else { return }
        rows.replaceObject(at: row, with: Collections.number(Double(height)))
    }

    /// ``cacheHeight(_:section:row:)`` by index path.
    @inlinable public func cacheHeight(_ height: CGFloat, at indexPath: IndexPath) {
        cacheHeight(height, section: indexPath[0], row: indexPath[1])
    }

    // MARK: Updates, each applied at once, to both storages

    /// Applies one update the way FD's swizzled `UITableView` method did.
    @inlinable public func apply(_ update: TableUpdate) {
        switch update {
        case .insertSections(let sections): insertSections(sections)
        case .deleteSections(let sections): deleteSections(sections)
        case .reloadSections(let sections): reloadSections(sections)
        case .moveSection(let from, let to): moveSection(from, toSection: to)
        case .insertRows(let paths): insertRows(at: paths)
        case .deleteRows(let paths): deleteRows(at: paths)
        case .reloadRows(let paths): reloadRows(at: paths)
        case .moveRow(let from, let to): moveRow(at: from, to: to)
        }
    }

    /// Each index ascending: build up to it, insert an empty section there.
    @inlinable public func insertSections(_ sections: IndexSet) {
        for section in sections {
            buildSections(upTo: section)
            forEachStorage { storage in
                guard check(section, count: storage.count, allowingEnd: true, "insertObject:atIndex:") else { return }
                storage.insert(Rows(), at: section)
            }
        }
    }

    /// Each index ascending, one by one: later indexes shift after the first removal (FD's bug).
    @inlinable public func deleteSections(_ sections: IndexSet) {
        for section in sections {
            buildSections(upTo: section)
            forEachStorage { storage in
                guard check(section, count: storage.count, "removeObjectAtIndex:") else { return }
                storage.removeObject(at: section)
            }
        }
    }

    /// Empties each section's row array.
    @inlinable public func reloadSections(_ sections: IndexSet) {
        for section in sections {
            buildSections(upTo: section)
            forEachStorage { storage in rows(of: storage, section: section)?.removeAllObjects() }
        }
    }

    /// Swaps the two sections instead of moving one (FD's bug).
    @inlinable public func moveSection(_ section: Int, toSection newSection: Int) {
        buildSections(upTo: section)
        buildSections(upTo: newSection)
        forEachStorage { storage in
            guard check(section, count: storage.count, "exchangeObjectAtIndex:withObjectAtIndex:"),
                  check(newSection, count: storage.count, "exchangeObjectAtIndex:withObjectAtIndex:") else { return }
            storage.exchangeObject(at: section, withObjectAt: newSection)
        }
    }

    /// Builds, then inserts "no height" at each path's row, in the caller's order.
    @inlinable public func insertRows(at indexPaths: [IndexPath]) {
        buildCachesIfNeeded(at: indexPaths)
        for path in indexPaths {
            forEachStorage { storage in
                guard let rows = rows(of: storage, section: path[0]),
                      check(path[1], count: rows.count, allowingEnd: true, "insertObject:atIndex:") else { return }
                rows.insert(noHeight, at: path[1])
            }
        }
    }

    /// Builds, then removes the named rows of each section at once.
    @inlinable public func deleteRows(at indexPaths: [IndexPath]) {
        buildCachesIfNeeded(at: indexPaths)
        // FD's NSMutableIndexSet per section, in its Swift spelling.
        var rowsBySection: [Int: IndexSet] = [:]
        for path in indexPaths { rowsBySection[path[0], default: IndexSet()].insert(path[1]) }
        for (section, set) in rowsBySection {
            forEachStorage { storage in
                guard let rows = rows(of: storage, section: section) else { return }
                // removeObjectsAtIndexes: raises if the last index is out of range.
                guard set.last.map({ check($0, count: rows.count, "removeObjectsAtIndexes:") }) ?? true else { return }
                rows.removeObjects(at: set)
            }
        }
    }

    /// Builds, then sets each named row to "no height".
    @inlinable public func reloadRows(at indexPaths: [IndexPath]) {
        buildCachesIfNeeded(at: indexPaths)
        for path in indexPaths {
            forEachStorage { storage in
                guard let rows = rows(of: storage, section: path[0]),
                      check(path[1], count: rows.count, "replaceObjectAtIndex:withObject:") else { return }
                rows.replaceObject(at: path[1], with: noHeight)
            }
        }
    }

    /// Builds both paths, then swaps their two values instead of moving one (FD's bug).
    @inlinable public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        buildCachesIfNeeded(at: [indexPath, newIndexPath])
        forEachStorage { storage in
            guard let sourceRows = rows(of: storage, section: indexPath[0]),
                  let destinationRows = rows(of: storage, section: newIndexPath[0]),
                  check(indexPath[1], count: sourceRows.count, "objectAtIndex:"),
                  check(newIndexPath[1], count: destinationRows.count, "objectAtIndex:") else { return }
            let moving = sourceRows.object(at: indexPath[1])
            let displaced = destinationRows.object(at: newIndexPath[1])
            sourceRows.replaceObject(at: indexPath[1], with: displaced)
            destinationRows.replaceObject(at: newIndexPath[1], with: moving)
        }
    }

    /// Empties both storages.
    @inlinable public func reloadData() {
        forEachStorage { $0.removeAllObjects() }
    }
}
