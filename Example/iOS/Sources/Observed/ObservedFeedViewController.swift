#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// A feed whose rows grow and shrink when their model changes, with no reload and no
/// `fd_invalidateHeight` call: the table follows the models its heights read.
///
/// - `fd_invalidatesHeightsOnObservedChanges` is on, and heights are cached by post id
///   (the cache observed heights follow across moves).
/// - Tapping a post toggles its ``ObservablePost/isExpanded``: the cell updates itself
///   (``ObservedPostCell``), and the package forgets the row's height and animates the
///   table to the new one.
/// - Collapse all changes every expanded post at once: one batch update for all of them.
///
/// iOS 17 and later (Swift's Observation); the catalog offers it only there.
@available(iOS 17, *)
final class ObservedFeedViewController: UITableViewController {
    private let posts: [ObservablePost] = (2_001...2_040).map { ObservablePost(post: PostGenerator.post(id: $0)) }

    init() {
        super.init(style: .plain)
        title = "Observed"
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("ObservedFeedViewController is built in code only")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(ObservedPostCell.self, forCellReuseIdentifier: ObservedPostCell.observedReuseIdentifier)
        tableView.estimatedRowHeight = 120
        // Before the table first asks for heights, so every row's reads are followed.
        tableView.fd_invalidatesHeightsOnObservedChanges = true
        navigationItem.prompt = "Tap a post to expand or collapse it"
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Collapse all", style: .plain, target: self, action: #selector(collapseAll))
    }

    // MARK: Data source and heights

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        posts.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ObservedPostCell.observedReuseIdentifier, for: indexPath)
        (cell as? ObservedPostCell)?.model = posts[indexPath.row]
        return cell
    }

    /// The configure closure reads `isExpanded` (through the cell): that read is what the
    /// table follows.
    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        let post = posts[indexPath.row]
        return tableView.fd_height(
            identifier: ObservedPostCell.observedReuseIdentifier, cacheBy: post.id
        ) { (cell: ObservedPostCell) in
            cell.model = post
        }
    }

    override func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.fd_estimatedHeight(cacheBy: posts[indexPath.row].id)
    }

    // MARK: Changing the models

    /// Only the model changes: no reload, no invalidation.
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        posts[indexPath.row].isExpanded.toggle()
    }

    @objc private func collapseAll() {
        for post in posts where post.isExpanded {
            post.isExpanded = false
        }
    }
}
#endif
