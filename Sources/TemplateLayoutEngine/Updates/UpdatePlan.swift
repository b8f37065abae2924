import Foundation

/// A batch of ``TableUpdate``s resolved with `UITableView`'s rules into where each section
/// and row of the new table comes from. This file and its `+Resolution` extension are the
/// whole of the package's update semantics.
///
/// UIKit's rules, which FDTemplateLayoutCell did not follow:
/// - deletes, reloads and move sources are old indexes; inserts and move destinations are
///   new indexes; the order of the calls in a batch does not matter, nor the order of the
///   index paths within one call;
/// - the new table is the old one with deleted and moved-away items taken out and
///   inserted and moved-in items placed at their new indexes; every other item keeps its
///   relative order and fills the remaining places, first to last;
/// - a reloaded item keeps its place and loses its height; a moved item keeps its height;
///   a moved section keeps its rows; an inserted section starts empty, apart from rows
///   moved into it.
///
/// A plan is computed once per batch and applied to the storage of every layout context
/// (see `HeightMatrix+Updating.swift`), so its cost is paid once however many contexts
/// are kept.
struct UpdatePlan {
    /// Where a section of the new table comes from, when not from the old section in its
    /// place in the survivor order.
    enum SectionSource: Equatable {
        case inserted
        case moved(from: Int)
    }

    /// A new section index taken by an insert or a move destination.
    struct SectionSlot: Equatable {
        var index: Int
        var source: SectionSource
    }

    /// Where a row taken by an insert or a move destination comes from.
    enum RowSource: Equatable {
        case inserted
        case moved(section: Int, row: Int)
    }

    /// A new row index taken by an insert or a move destination.
    struct RowSlot: Equatable {
        var row: Int
        var source: RowSource
    }

    /// The rows of one old section that leave it or lose their heights.
    struct RowRemovals: Equatable {
        /// Deleted and moved away, ascending.
        var removed: [Int] = []
        /// Reloaded, ascending.
        var forgotten: [Int] = []
    }

    /// Bad input made the whole layout unknowable: the result is an empty matrix.
    var forgetsEverything = false
    /// What was wrong with the batch, one sentence each, for the debug log.
    var problems: [String] = []

    /// Old section indexes deleted or moved away, ascending.
    var removedSections: [Int] = []
    /// Old sections whose heights do not survive: deleted, reloaded, or untrusted because
    /// of bad row input. Rows moved out of them arrive without a height.
    var forgottenSections: Set<Int> = []
    /// New section indexes taken by inserts and move destinations, ascending.
    var sectionSlots: [SectionSlot] = []
    /// New sections left empty because bad row input makes their rows unknowable.
    var untrustedNewSections: Set<Int> = []

    /// Row removals by old section.
    var rowRemovals: [Int: RowRemovals] = [:]
    /// Row slots by new section, each ascending by row.
    var rowSlots: [Int: [RowSlot]] = [:]

    /// The highest new section index that must be built because something with a height
    /// may move into it; -1 when none. Sections past the old storage and past this index
    /// hold nothing and are not built.
    var lastNewSectionReceivingMoves = -1

    /// A plan small and simple enough to apply in place: only inserts, or only deletes, of
    /// at most ``inPlaceLimit`` rows, in one section, with nothing else changing.
    enum InPlaceRowChange: Equatable {
        /// New row indexes, ascending.
        case insert(rows: [Int], section: Int)
        /// Old row indexes, ascending.
        case delete(rows: [Int], section: Int)
    }

    /// The most rows changed in place; past it one rebuilding pass is cheaper than a move of
    /// the section's tail per row.
    static let inPlaceLimit = 8

    /// The plan as an in-place change, when it is one.
    var inPlaceRowChange: InPlaceRowChange? {
        guard !forgetsEverything, removedSections.isEmpty, forgottenSections.isEmpty, sectionSlots.isEmpty,
              untrustedNewSections.isEmpty else { return nil }
        if rowRemovals.isEmpty, rowSlots.count == 1, let (section, slots) = rowSlots.first,
           slots.count <= Self.inPlaceLimit, slots.allSatisfy({ $0.source == .inserted }) {
            return .insert(rows: slots.map(\.row), section: section)
        }
        if rowSlots.isEmpty, rowRemovals.count == 1, let (section, removals) = rowRemovals.first,
           removals.forgotten.isEmpty, removals.removed.count <= Self.inPlaceLimit {
            return .delete(rows: removals.removed, section: section)
        }
        return nil
    }

    /// Whether the plan changes nothing.
    var isEmpty: Bool {
        !forgetsEverything && removedSections.isEmpty && forgottenSections.isEmpty && sectionSlots.isEmpty
            && untrustedNewSections.isEmpty && rowRemovals.isEmpty && rowSlots.isEmpty
    }
}
