import Foundation

/// Keeping the cache aligned with the table. The semantics live in `UpdatePlan`; this is
/// the batching around them, in `UITableView`'s shape.
extension IndexPathHeightCache {
    /// Whether a batch is open: its updates are recorded and not yet applied, so index paths
    /// mean nothing until it ends (the idle precache waits).
    package var hasOpenBatch: Bool { recorder.isRecording }

    /// Opens a batch, as `beginUpdates()` does; batches nest, and only the outermost
    /// ``endUpdates()`` applies them.
    public func beginUpdates() {
        recorder.begin()
    }

    /// Closes a batch; closing the outermost one applies everything recorded since it
    /// opened, with UIKit's semantics, whatever order the calls came in.
    ///
    /// Bad input: a call with no open batch changes nothing and is reported.
    ///
    /// - Complexity: that of the batch; see ``apply(batch:)``.
    public func endUpdates() {
        guard let batch = recorder.end() else {
            report("endUpdates without beginUpdates; ignored")
            return
        }
        if !batch.isEmpty { apply(batch: batch) }
    }

    /// Records the updates `body` makes as one batch, as `performBatchUpdates(_:)` does,
    /// and applies them when it returns (or throws).
    ///
    /// - Complexity: that of the batch.
    public func performBatchUpdates(_ body: () throws -> Void) rethrows {
        beginUpdates()
        defer { endUpdates() }
        try body()
    }

    /// Applies one update now, or records it if a batch is open.
    ///
    /// - Complexity: outside a batch, that of a batch of one; inside, O(1).
    public func apply(_ update: TableUpdate) {
        guard aligns else { return }
        if recorder.isRecording {
            recorder.record(update)
        } else {
            apply(batch: [update])
        }
    }

    /// Applies a whole batch at once, with UIKit's semantics: deletes, reloads and move
    /// sources name old index paths, inserts and move destinations new ones, and the order
    /// of `updates` does not matter.
    ///
    /// Bad input forgets what it makes unknowable (see ``TableUpdate``) and is reported.
    ///
    /// - Complexity: O(*k* log *k* + *c* (*s* + *r*)), for *k* index paths named, *c*
    ///   layout contexts kept, *s* sections, and *r* the stored rows of the sections with
    ///   row changes. Sections without row changes are not copied.
    public func apply(batch updates: [TableUpdate]) {
        guard aligns, !updates.isEmpty else { return }
        let plan = UpdatePlan(updates)
        for problem in plan.problems { report(problem) }
        guard !plan.isEmpty else { return }
        let forgotten = core.updateEach { $0.apply(plan) }
        countForgotten(forgotten, "applied \(updates.count == 1 ? "\(updates[0])" : "a batch of \(updates.count) updates"), \(forgotten) height(s) forgotten")
    }

    /// Forgets every height, as `reloadData()` invalidates everything FD knew. A batch
    /// open at the time loses what it recorded: after `reloadData` the old index paths
    /// mean nothing.
    ///
    /// - Complexity: O(`contextLimit`).
    public func reloadData() {
        guard aligns else { return }
        recorder.discardPending()
        invalidateAll()
    }

    // MARK: UITableView's spelling

    /// `insertSections(_:with:)`. - Complexity: see ``apply(_:)``.
    public func insertSections(_ sections: IndexSet) { apply(.insertSections(sections)) }
    /// `deleteSections(_:with:)`. - Complexity: see ``apply(_:)``.
    public func deleteSections(_ sections: IndexSet) { apply(.deleteSections(sections)) }
    /// `reloadSections(_:with:)`. - Complexity: see ``apply(_:)``.
    public func reloadSections(_ sections: IndexSet) { apply(.reloadSections(sections)) }
    /// `moveSection(_:toSection:)`. - Complexity: see ``apply(_:)``.
    public func moveSection(_ section: Int, toSection newSection: Int) { apply(.moveSection(section, to: newSection)) }
    /// `insertRows(at:with:)`. - Complexity: see ``apply(_:)``.
    public func insertRows(at indexPaths: [IndexPath]) { apply(.insertRows(indexPaths)) }
    /// `deleteRows(at:with:)`. - Complexity: see ``apply(_:)``.
    public func deleteRows(at indexPaths: [IndexPath]) { apply(.deleteRows(indexPaths)) }
    /// `reloadRows(at:with:)`. - Complexity: see ``apply(_:)``.
    public func reloadRows(at indexPaths: [IndexPath]) { apply(.reloadRows(indexPaths)) }
    /// `reconfigureRows(at:)` (iOS 15): the rows keep their cells and their place, but their
    /// content changed, so their heights are forgotten in every context, now.
    ///
    /// UIKit carries a reconfigure out when it is called, on the cells displayed, so its
    /// index paths name the table as displayed: before any open batch, which is what the
    /// storage still holds until the batch ends. It is not a batch item: reconfiguring a row
    /// twice, or a row the same batch moves, deletes or reloads (an edited item re-sorted by
    /// a diffable apply), is valid, and the row's other update applies as usual.
    ///
    /// Bad input: an index path that is not section-and-row, or past the rows stored, forgets
    /// nothing.
    ///
    /// - Complexity: O(*k* × `contextLimit`) for *k* index paths.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        guard aligns else { return }
        for indexPath in indexPaths { invalidateHeight(at: indexPath) }
    }
    /// `moveRow(at:to:)`. - Complexity: see ``apply(_:)``.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { apply(.moveRow(indexPath, to: newIndexPath)) }
}
