#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// The demo's main screen: a feed of self-sizing posts whose heights come from
/// TemplateLayoutCell, with controls to exercise it.
///
/// - The segmented control picks how heights are asked for (``HeightCacheMode``); changing
///   it reloads the table. In the cached modes rows ahead are measured while the app is
///   idle (`fd_precacheEnabled`); heights cached by key persist across launches in the
///   app's height store (`fd_persistHeights`).
/// - The switch turns the package's debug log on (`fd_debugLogEnabled`).
/// - The toolbar inserts, deletes, moves, and runs a mixed batch; tapping a row edits its
///   post. Model and table change together inside `performBatchUpdates`.
/// - Edit (navigation bar) lets rows be dragged to another place; the index-path cache is
///   told with `fd_didMoveRow(at:to:)`, since UIKit does not call `moveRow(at:to:)` then.
/// - The navigation prompt shows the width cells are measured at, updated on rotation and
///   split-view resizes; the panel shows `fd_statistics`, refreshed twice a second.
/// - Bar buttons push the ``DemoScreen``s it was given.
///
/// Row and header heights are answered in `FeedViewController+TableView.swift`.
final class FeedViewController: UIViewController {
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let controlPanel = FeedControlPanel()
    /// The posts shown; changed only through ``perform(_:)``.
    private(set) var feed = FeedModel()
    /// How row heights are asked for.
    private(set) var cacheMode: HeightCacheMode = .byIndexPath

    private let screens: [DemoScreen]
    private let heightStore: PersistentHeightStore?
    private var statisticsTimer: Timer?
    private var shownContentWidth: String?

    /// The namespace of the feed's heights in the height store.
    private static let heightNamespace = "feed"

    /// A feed whose navigation bar pushes `screens`, persisting its keyed heights in
    /// `heightStore` (none: in memory only).
    init(screens: [DemoScreen], heightStore: PersistentHeightStore? = nil) {
        self.screens = screens
        self.heightStore = heightStore
        super.init(nibName: nil, bundle: nil)
        title = "Feed"
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("FeedViewController is built in code only")
    }

    // MARK: Life cycle

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        configureTableView()
        configureControlPanel()
        installSubviews()
        configureBars()
        NotificationCenter.default.addObserver(
            self, selector: #selector(contentSizeCategoryDidChange),
            name: UIContentSizeCategory.didChangeNotification, object: nil)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setToolbarHidden(false, animated: animated)
        refreshStatistics()
        statisticsTimer?.invalidate()
        // In the common modes, so the readout also moves while the table is being scrolled.
        let timer = Timer(
            timeInterval: 0.5, target: self, selector: #selector(refreshStatistics), userInfo: nil, repeats: true)
        RunLoop.main.add(timer, forMode: .common)
        statisticsTimer = timer
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.setToolbarHidden(true, animated: animated)
        // The timer retains its target: stopping it here lets this controller go.
        statisticsTimer?.invalidate()
        statisticsTimer = nil
    }

    /// Rotation, Split View and Slide Over resizes, and safe-area changes all end in a
    /// layout pass at the new size, so the width readout is refreshed here.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        showContentWidth()
    }

    // MARK: Setup

    private func configureTableView() {
        tableView.register(FeedCell.self, forCellReuseIdentifier: FeedCell.reuseIdentifier)
        tableView.register(
            FeedSectionHeaderView.self, forHeaderFooterViewReuseIdentifier: FeedSectionHeaderView.reuseIdentifier)
        // What fd_estimatedHeight answers for a row it has not measured yet.
        tableView.estimatedRowHeight = 160
        tableView.dataSource = self
        tableView.delegate = self
        // Keyed heights (the Key mode) measured in an earlier launch are served without a
        // layout; the statistics line counts them as "from disk".
        if let heightStore {
            tableView.fd_persistHeights(
                in: heightStore, namespace: Self.heightNamespace, contentVersion: FeedCell.layoutVersion)
        }
        updatePrecaching()
    }

    /// Rows ahead are measured during idle time in the cached modes; without a cache a
    /// precomputed height would be thrown away, so precaching is off there.
    private func updatePrecaching() {
        tableView.fd_precacheEnabled = cacheMode != .uncached
    }

    private func configureControlPanel() {
        controlPanel.cacheMode = cacheMode
        controlPanel.cacheModeControl.addTarget(self, action: #selector(cacheModeChanged), for: .valueChanged)
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

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.setEditing(editing, animated: animated)
    }

    private func configureBars() {
        // The system Edit/Done button calls setEditing(_:animated:).
        navigationItem.leftBarButtonItem = editButtonItem
        navigationItem.rightBarButtonItems = screens.indices.reversed().map { index in
            let button = UIBarButtonItem(
                title: screens[index].title, style: .plain, target: self, action: #selector(pushScreen(_:)))
            button.tag = index
            return button
        }
        let flexibleSpace = { UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil) }
        toolbarItems = [
            UIBarButtonItem(title: "Insert", style: .plain, target: self, action: #selector(insertTapped)),
            flexibleSpace(),
            UIBarButtonItem(title: "Delete", style: .plain, target: self, action: #selector(deleteTapped)),
            flexibleSpace(),
            UIBarButtonItem(title: "Move", style: .plain, target: self, action: #selector(moveTapped)),
            flexibleSpace(),
            UIBarButtonItem(title: "Batch", style: .plain, target: self, action: #selector(batchTapped)),
        ]
    }

    // MARK: Changing the feed

    /// Changes the model and the table together: `change` edits the feed and returns the
    /// row updates that describe it, which go to the table in the same batch.
    ///
    /// Heights cached by key for edited posts are forgotten in every mode, not only the
    /// keyed one: the keyed cache outlives a switch of mode, and would otherwise answer an
    /// edited post's old height after switching to it. (Reloaded rows' index-path heights
    /// are forgotten by the package itself.)
    func perform(_ change: @escaping (inout FeedModel) -> FeedUpdate) {
        tableView.performBatchUpdates({
            let update = change(&self.feed)
            for id in update.editedPostIDs {
                self.tableView.fd_invalidateHeight(forKey: id)
            }
            self.tableView.apply(update)
        })
        // Show at once what the batch measured; the timer picks up what layout measures later.
        refreshStatistics()
    }

    /// A row the user dragged from `source` to `destination`, already moved on screen.
    func reorderPost(from source: IndexPath, to destination: IndexPath) {
        feed.movePost(from: source, to: destination)
    }

    @objc private func insertTapped() {
        perform { $0.insertPostAtTop() }
    }

    @objc private func deleteTapped() {
        perform { $0.deletePostsAcrossSections() }
    }

    @objc private func moveTapped() {
        perform { $0.movePostToAnotherSection() }
    }

    @objc private func batchTapped() {
        perform { $0.mixedBatch() }
    }

    // MARK: Controls

    @objc private func cacheModeChanged() {
        cacheMode = controlPanel.cacheMode
        updatePrecaching()
        tableView.reloadData()
        refreshStatistics()
    }

    @objc private func debugLogSwitched() {
        tableView.fd_debugLogEnabled = controlPanel.debugLogSwitch.isOn
    }

    @objc private func pushScreen(_ sender: UIBarButtonItem) {
        guard screens.indices.contains(sender.tag) else { return }
        navigationController?.pushViewController(screens[sender.tag].makeViewController(), animated: true)
    }

    /// Heights are cached per text size, so the rows stay valid: reload keeping them, and
    /// switching the text size back later finds the old heights again.
    @objc private func contentSizeCategoryDidChange() {
        tableView.fd_reloadDataWithoutInvalidateIndexPathHeightCache()
        showContentWidth()
    }

    // MARK: Readouts

    @objc private func refreshStatistics() {
        controlPanel.showStatistics(FeedReadouts.statistics(tableView.fd_statistics))
    }

    private func showContentWidth() {
        let text = FeedReadouts.contentWidth(of: tableView)
        // Setting the prompt lays the navigation bar out again; only do it on a change.
        guard text != shownContentWidth else { return }
        shownContentWidth = text
        navigationItem.prompt = text
    }
}
#endif
