#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

// The feed's rows and headers, and the heights TemplateLayoutCell measures for them.
extension FeedViewController: UITableViewDataSource, UITableViewDelegate {
    // MARK: Data source

    func numberOfSections(in tableView: UITableView) -> Int {
        feed.sections.count
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        feed.sections[section].posts.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: FeedCell.reuseIdentifier, for: indexPath)
        (cell as? FeedCell)?.configure(with: feed.post(at: indexPath))
        return cell
    }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: FeedSectionHeaderView.reuseIdentifier)
        (header as? FeedSectionHeaderView)?.configure(with: feed.sections[section])
        return header
    }

    // MARK: Reordering (editing mode)

    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        true
    }

    /// UIKit has already moved the dragged row on screen and does not call
    /// `moveRow(at:to:)`, which the index-path cache follows: tell the cache here, after the
    /// model. (Heights cached by key follow their posts without it.)
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        reorderPost(from: sourceIndexPath, to: destinationIndexPath)
        tableView.fd_didMoveRow(at: sourceIndexPath, to: destinationIndexPath)
    }

    // MARK: Heights

    /// The template cell is configured exactly as `cellForRowAt` configures a displayed one.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        let post = feed.post(at: indexPath)
        let identifier = FeedCell.reuseIdentifier
        switch cacheMode {
        case .uncached:
            return tableView.fd_height(identifier: identifier) { (cell: FeedCell) in
                cell.configure(with: post)
            }
        case .byIndexPath:
            return tableView.fd_height(identifier: identifier, cacheBy: indexPath) { (cell: FeedCell) in
                cell.configure(with: post)
            }
        case .byKey:
            return tableView.fd_height(identifier: identifier, cacheBy: post.id) { (cell: FeedCell) in
                cell.configure(with: post)
            }
        }
    }

    /// The cached height when there is one, so measured rows do not jump as they scroll
    /// in; never measures. Without a cache there is nothing better than the table's
    /// estimate.
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        switch cacheMode {
        case .uncached:
            return tableView.estimatedRowHeight
        case .byIndexPath:
            return tableView.fd_estimatedHeight(cacheBy: indexPath)
        case .byKey:
            return tableView.fd_estimatedHeight(cacheBy: feed.post(at: indexPath).id)
        }
    }

    /// Headers are cached by section in every mode; the cache moves with its section.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        let feedSection = feed.sections[section]
        return tableView.fd_headerHeight(
            identifier: FeedSectionHeaderView.reuseIdentifier, inSection: section
        ) { (header: FeedSectionHeaderView) in
            header.configure(with: feedSection)
        }
    }

    /// Editing mode only reorders: no delete controls, no indentation.
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        .none
    }

    func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool {
        false
    }

    // MARK: Selection

    /// Tapping a post edits it: its body grows and its row reloads.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        perform { $0.editPost(at: indexPath) }
    }
}
#endif
