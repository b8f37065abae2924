#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

// Older pages, fetched as the user nears the end of the feed, and the footer that says how
// far the feed has got.
extension LoadingFeedViewController {
    /// Fetches the next page when no more than two screens are left below where scrolling
    /// will stop. Set once; the table holds `self` weakly and hands it back as `owner`, so the
    /// closure captures nothing and the screen is released as usual when popped.
    func startBatchFetching() {
        tableView.fd_setBatchFetching(leadingScreens: 2, owner: self) { owner, context in
            owner.fetchNextPage(completing: context)
        }
    }

    /// Hands the table UIKit's exact resting offset when a drag ends, rather than the
    /// package's projection of it from the pan's velocity.
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        tableView.fd_batchFetchingWillEndDragging(targetContentOffset: targetContentOffset.pointee)
    }

    /// After a refresh brought back the first page: fetching starts again even if the last
    /// fetch said the feed had ended (`complete(hasMore: false)`).
    func resumeBatchFetching() {
        tableView.fd_resumeBatchFetching()
    }

    /// Loads the next page and appends it, then completes `context`, always, so a fetch
    /// never stays running (the table starts no other while one runs).
    private func fetchNextPage(completing context: BatchFetchContext) {
        // Setting batch fetching checks at once, and an empty table is shorter than the
        // screen: before the first page there is nothing to continue. Its arrival changes
        // the content size, which the table checks again.
        guard loadedPageCount > 0 else {
            context.complete(hasMore: true)
            return
        }
        let number = loadedPageCount
        fetchTask = Task { [weak self, service] in
            let page = try? await service.loadPage(number)
            // Cancelled by a refresh, which replaces the posts: the page would no longer
            // follow them. `hasMore: true`, so the refreshed feed can fetch again.
            guard let self, let page, !Task.isCancelled else {
                context.complete(hasMore: true)
                return
            }
            self.append(page)
            context.complete(hasMore: self.loadedPageCount < LoadingFeedService.pageCount)
        }
    }

    /// Adds `page` below the rows shown, in one batch with the footer's new text: every batch
    /// asks for header and footer heights again (UIKit's `_endCellAnimationsWithContext:`
    /// refreshes every section; shared/reviews/2026-11-23-uikit-behaviour.md, Q7).
    private func append(_ page: [FeedPost]) {
        guard !page.isEmpty else { return }
        tableView.performBatchUpdates {
            let first = posts.count
            posts += page
            loadedPageCount += 1
            tableView.insertRows(at: (first..<posts.count).map { IndexPath(row: $0, section: 0) }, with: .none)
            (tableView.footerView(forSection: 0) as? LoadingFooterView)?.configure(text: footerText)
        }
    }

    // MARK: Footer

    /// How far the feed has got, e.g. `2 of 4 pages · more load as you near the end`.
    var footerText: String {
        let total = LoadingFeedService.pageCount
        guard loadedPageCount < total else {
            return "All \(total) pages, \(posts.count) posts: the end of the feed. Pull to refresh to start over."
        }
        return "\(loadedPageCount) of \(total) pages · more load as you near the end"
    }

    /// No footer before the first page: there is nothing to say yet.
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
        guard loadedPageCount > 0 else { return nil }
        let footer = tableView.dequeueReusableHeaderFooterView(withIdentifier: LoadingFooterView.reuseIdentifier)
        (footer as? LoadingFooterView)?.configure(text: footerText)
        return footer
    }

    /// Cached by the text shown: a new page's text is measured once, and the last page's
    /// text again after a refresh is a hit.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        // In a plain table a height of 0 shows no footer.
        guard loadedPageCount > 0 else { return 0 }
        let text = footerText
        return tableView.fd_headerFooterHeight(
            identifier: LoadingFooterView.reuseIdentifier, cacheBy: text
        ) { (footer: LoadingFooterView) in
            footer.configure(text: text)
        }
    }
}
#endif
