#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// A feed whose posts arrive after a simulated network delay, showing skeleton rows at the
/// real rows' heights meanwhile.
///
/// - When the screen appears, on a pull to refresh and on the refresh button, the table
///   shows a skeleton (`fd_showSkeleton`): ``FeedCell``s configured with
///   ``FeedPost/skeletonPlaceholder`` (so text bars and line counts look real), named by the
///   ids of the posts about to come, in the style the segmented control picks.
/// - When the page arrives, `fd_hideSkeleton(animated: true)` crossfades to it, and the
///   readout says how far the rows moved (``SkeletonJumpReadout``). A refresh of the same
///   content moves nothing: the skeleton rows had the heights cached for those ids.
/// - Heights are cached by post id and persisted in the app's height store, so on a later
///   launch even the first skeleton has the real heights. Only the very first load of the
///   first launch falls back to the placeholder's measured height.
/// - Older pages load as the user nears the end (`fd_setBatchFetching`, in
///   `LoadingFeedViewController+BatchFetching.swift`), until the service has no more; a
///   refresh starts over from the first page and resumes fetching (`fd_resumeBatchFetching`).
final class LoadingFeedViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The namespace of this screen's heights in the height store.
    private static let heightNamespace = "loading-feed"

    let tableView = UITableView(frame: .zero, style: .plain)
    private let controlPanel = LoadingControlPanel()
    private let refreshControl = UIRefreshControl()
    let service = LoadingFeedService()
    private let heightStore: PersistentHeightStore?
    private let skeletonCache: SkeletonLayoutCache?
    /// The posts shown; empty until the first page arrives. Replaced when a first page
    /// arrives (the skeleton's hide, or a reload, shows them); later pages are appended in a
    /// batch.
    var posts: [FeedPost] = []
    /// Pages in ``posts``: 0 before the first arrives.
    var loadedPageCount = 0
    private var loadTask: Task<Void, Never>?
    /// The batch fetch of an older page, cancelled by a refresh.
    var fetchTask: Task<Void, Never>?

    /// The loading screen, persisting its heights in `heightStore` and its mapped skeletons in
    /// `skeletonCache` (none: memory only, mapped on every show).
    init(heightStore: PersistentHeightStore?, skeletonCache: SkeletonLayoutCache? = nil) {
        self.heightStore = heightStore
        self.skeletonCache = skeletonCache
        super.init(nibName: nil, bundle: nil)
        title = "Loading"
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("LoadingFeedViewController is built in code only")
    }

    // MARK: Life cycle

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        configureTableView()
        configureControlPanel()
        installSubviews()
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .refresh, target: self, action: #selector(reloadTapped))
        // Before the table has a size: the skeleton is planned again once it is laid out in
        // its window, at its final width and height, before anything is drawn.
        load()
        // After the skeleton shows: batch fetching waits until it hides.
        startBatchFetching()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if isMovingFromParent {
            loadTask?.cancel()
            loadTask = nil
            fetchTask?.cancel()
            fetchTask = nil
        }
    }

    // MARK: Setup

    private func configureTableView() {
        tableView.register(FeedCell.self, forCellReuseIdentifier: FeedCell.reuseIdentifier)
        tableView.register(LoadingFooterView.self, forHeaderFooterViewReuseIdentifier: LoadingFooterView.reuseIdentifier)
        // What a row not measured yet is estimated at, and the skeleton's last resort.
        tableView.estimatedRowHeight = 160
        tableView.allowsSelection = false
        tableView.dataSource = self
        tableView.delegate = self
        refreshControl.addTarget(self, action: #selector(refreshPulled), for: .valueChanged)
        tableView.refreshControl = refreshControl
        if let heightStore {
            tableView.fd_persistHeights(
                in: heightStore, namespace: Self.heightNamespace, contentVersion: FeedCell.layoutVersion)
        }
    }

    private func configureControlPanel() {
        controlPanel.style = .pulse
        controlPanel.styleControl.addTarget(self, action: #selector(styleChanged), for: .valueChanged)
        controlPanel.debugLogSwitch.isOn = tableView.fd_debugLogEnabled
        controlPanel.debugLogSwitch.addTarget(self, action: #selector(debugLogSwitched), for: .valueChanged)
    }

    private func installSubviews() {
        for subview in [controlPanel, tableView] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        NSLayoutConstraint.activate([
            controlPanel.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            controlPanel.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            controlPanel.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            tableView.topAnchor.constraint(equalTo: controlPanel.bottomAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }

    // MARK: Loading

    /// Shows the skeleton and asks the service for the first page; a load already running is
    /// replaced, and so is a fetch of an older page, which would not follow the new first one.
    private func load() {
        loadTask?.cancel()
        fetchTask?.cancel()
        showSkeleton()
        let latency = String(format: "%.1f", service.latency)
        // No row count here: before the first layout the skeleton's rows are a guess, planned
        // again at the table's size.
        controlPanel.showReadout("Loading (\(latency) s of simulated latency)")
        loadTask = Task { [weak self, service] in
            // Cancelled when the screen went away or a newer load replaced this one (checked
            // after the wait too: a page that arrives anyway belongs to no load).
            guard let page = try? await service.loadPage(), !Task.isCancelled else { return }
            self?.pageDidArrive(page)
        }
    }

    /// Skeleton rows for the posts about to come, sized by their cached heights when there
    /// are any, else by the placeholder post measured in a template cell.
    private func showSkeleton() {
        var appearance = SkeletonAppearance()
        appearance.style = controlPanel.style
        let configuration = SkeletonConfiguration(
            identifier: FeedCell.reuseIdentifier,
            keys: LoadingFeedService.pagePostIDs.map { AnyHashable($0) },
            appearance: appearance,
            layoutCache: skeletonCache,
            placeholder: { cell in (cell as? FeedCell)?.configure(with: .skeletonPlaceholder) })
        tableView.fd_showSkeleton(configuration)
    }

    private func pageDidArrive(_ page: [FeedPost]) {
        let jumpReadout = SkeletonJumpReadout(skeletonRowsOf: tableView)
        posts = page
        loadedPageCount = 1
        refreshControl.endRefreshing()
        guard tableView.fd_isShowingSkeleton else {
            // No skeleton to hide, whose reload would show the new rows: reload them here.
            tableView.reloadData()
            resumeBatchFetching()
            controlPanel.showReadout(FeedReadouts.statistics(tableView.fd_statistics))
            return
        }
        tableView.fd_hideSkeleton(animated: true) { [weak self] in
            guard let self else { return }
            // The feed has older pages again, even if the last fetch reached its end.
            self.resumeBatchFetching()
            let statistics = FeedReadouts.statistics(self.tableView.fd_statistics)
            self.controlPanel.showReadout("\(jumpReadout.summary(for: self.tableView))\n\(statistics)")
        }
    }

    // MARK: Controls

    @objc private func refreshPulled() {
        load()
    }

    @objc private func reloadTapped() {
        load()
    }

    /// A skeleton on screen is shown again in the new style; otherwise the next load uses it.
    @objc private func styleChanged() {
        if tableView.fd_isShowingSkeleton { showSkeleton() }
    }

    @objc private func debugLogSwitched() {
        tableView.fd_debugLogEnabled = controlPanel.debugLogSwitch.isOn
    }

    // MARK: Data source and heights

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        posts.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: FeedCell.reuseIdentifier, for: indexPath)
        (cell as? FeedCell)?.configure(with: posts[indexPath.row])
        return cell
    }

    /// Cached by post id: the key the skeleton names its rows by, and the one persisted.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        let post = posts[indexPath.row]
        return tableView.fd_height(identifier: FeedCell.reuseIdentifier, cacheBy: post.id) { (cell: FeedCell) in
            cell.configure(with: post)
        }
    }

    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.fd_estimatedHeight(cacheBy: posts[indexPath.row].id)
    }
}
#endif
