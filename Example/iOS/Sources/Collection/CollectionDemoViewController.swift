#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// A collection view with the three shapes apps size most: a horizontal row of chips, a
/// grid of cards, and a list, each sized by another path of the package, all cached by key.
///
/// Why one compositional layout with three sections rather than a control switching three
/// layouts: apps put these shapes on one screen, and one collection view then has one size
/// cache, one set of update calls and one statistics readout for all three, which is what
/// has to work. Each section uses the path that fits it (see the DocC article "Sizing
/// collection-view cells"):
/// - chips: `fd_size(of:fittingHeight:cacheBy:)` (the cell comes from a `CellRegistration`,
///   so it is named by class), given to the layout as absolute widths;
/// - grid: `fd_size(identifier:fittingWidth:cacheBy:)` at the column width, given as rows of
///   absolute sizes; the 2/3 column control switches the layout context, and going back hits;
/// - list: `UICollectionLayoutListConfiguration` rows of self-sizing
///   `CachedSizeCollectionViewListCell`s, keyed with `fd_sizeCacheKey`.
///
/// A plain data source, so the grid can be reordered by dragging (long press), which
/// `fd_didMoveItem(at:to:)` follows. Every size is cached by a ``CollectionItemKey``, which
/// follows its item through the toolbar's insert, delete, move and mixed batch; an edited
/// item's key is forgotten (`fd_invalidateSize(forKey:)`) and the item reloaded.
///
/// The layout's section provider is in `CollectionDemoViewController+Layout.swift`, the data
/// source and delegate in `CollectionDemoViewController+DataSource.swift`, the skeleton shown
/// on load in `CollectionDemoViewController+Skeleton.swift`.
final class CollectionDemoViewController: UIViewController {
    /// The collection view, with the layout `makeLayout()` builds.
    private(set) lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: makeLayout())
    private let controlPanel = CollectionControlPanel()
    /// The items shown; changed only through ``perform(_:)`` and reordering.
    var model = CollectionDemoModel()
    /// The grid's column count.
    private(set) var columnCount = 2
    private var statisticsTimer: Timer?
    /// The simulated load the skeleton shows for (`CollectionDemoViewController+Skeleton.swift`).
    var loadTask: Task<Void, Never>?

    /// Registrations are made once, before the first dequeue: iOS 15 and later assert when
    /// one is made inside `cellForItemAt`.
    let chipRegistration = UICollectionView.CellRegistration<HandleChipCell, String> { cell, _, handle in
        cell.configure(handle: handle)
    }
    let rowRegistration = UICollectionView.CellRegistration<CachedSizeCollectionViewListCell, FeedPost> { cell, _, post in
        // The key wins over the index path and survives reloadData and moves; the cell
        // clears it on reuse, so it is set for every item.
        cell.fd_sizeCacheKey = CollectionItemKey.row(post.id)
        var content = UIListContentConfiguration.subtitleCell()
        content.text = post.authorLine
        content.secondaryText = post.body
        content.secondaryTextProperties.color = .secondaryLabel
        cell.contentConfiguration = content
        cell.accessories = [.disclosureIndicator()]
    }

    init() {
        super.init(nibName: nil, bundle: nil)
        title = "Collection"
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("CollectionDemoViewController is built in code only")
    }

    // MARK: Life cycle

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        configureCollectionView()
        controlPanel.columnCount = columnCount
        controlPanel.columnControl.addTarget(self, action: #selector(columnCountChanged), for: .valueChanged)
        installSubviews()
        configureToolbar()
        NotificationCenter.default.addObserver(
            self, selector: #selector(contentSizeCategoryDidChange),
            name: UIContentSizeCategory.didChangeNotification, object: nil)
        // Before the view has a size: the skeleton plans its items once it is laid out.
        loadWithSkeleton()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setToolbarHidden(false, animated: animated)
        refreshStatistics()
        statisticsTimer?.invalidate()
        // In the common modes, so the readout also moves while the view is being scrolled.
        let timer = Timer(timeInterval: 0.5, target: self, selector: #selector(refreshStatistics), userInfo: nil, repeats: true)
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

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Here, not in viewWillDisappear: an interactive pop the user cancels goes through
        // viewWillDisappear too, and the load must go on (review 19o, O2).
        if isMovingFromParent {
            loadTask?.cancel()
            loadTask = nil
        }
    }

    // MARK: Setup

    private func configureCollectionView() {
        // Registered by identifier before any size is asked: the package builds the card's
        // and the header's templates from these registrations, never by dequeuing.
        collectionView.register(PostCardCell.self, forCellWithReuseIdentifier: PostCardCell.reuseIdentifier)
        registerSkeletonCells()
        collectionView.register(
            CollectionSectionHeaderView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: CollectionSectionHeaderView.reuseIdentifier)
        collectionView.backgroundColor = .systemBackground
        collectionView.alwaysBounceVertical = true
        collectionView.dataSource = self
        collectionView.delegate = self
        // Reordering the grid: a long press picks a card up (UICollectionView's interactive
        // movement, which calls collectionView(_:moveItemAt:to:) when the drag ends).
        let longPress = UILongPressGestureRecognizer(target: self, action: #selector(longPressed(_:)))
        collectionView.addGestureRecognizer(longPress)
    }

    private func installSubviews() {
        for subview in [controlPanel, collectionView] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        NSLayoutConstraint.activate([
            controlPanel.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            controlPanel.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            controlPanel.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            collectionView.topAnchor.constraint(equalTo: controlPanel.bottomAnchor),
            collectionView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            collectionView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            collectionView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }

    private func configureToolbar() {
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

    // MARK: Changing the items

    /// Changes the model and the collection view together: `change` edits the model and
    /// returns the item updates that describe it, sent in the same batch. Sizes cached by key
    /// follow their items by themselves; an edited item's are forgotten here, so the reload
    /// (and the layout that follows the batch) measures it again.
    func perform(_ change: @escaping (inout CollectionDemoModel) -> CollectionDemoUpdate) {
        collectionView.performBatchUpdates({
            let update = change(&self.model)
            for key in update.editedKeys {
                self.collectionView.fd_invalidateSize(forKey: key)
            }
            self.collectionView.apply(update)
        })
        refreshStatistics()
    }

    @objc private func insertTapped() {
        perform { $0.insertCard() }
    }

    @objc private func deleteTapped() {
        perform { $0.deleteCardAndRow() }
    }

    @objc private func moveTapped() {
        perform { $0.moveCard() }
    }

    @objc private func batchTapped() {
        perform { $0.mixedBatch() }
    }

    // MARK: Controls

    /// The grid's cards are asked at the new column width, a layout context of its own: the
    /// first switch measures, every later one only hits. The section provider runs again on
    /// a full invalidation (UICollectionViewCompositionalLayout reads its sections anew).
    @objc private func columnCountChanged() {
        columnCount = controlPanel.columnCount
        collectionView.collectionViewLayout.invalidateLayout()
        collectionView.layoutIfNeeded()
        refreshStatistics()
    }

    /// Sizes are cached per text size: the section provider asks again at the new one, and
    /// switching back later finds the old sizes.
    @objc private func contentSizeCategoryDidChange() {
        collectionView.collectionViewLayout.invalidateLayout()
    }

    /// Drives UICollectionView's interactive movement from the long press, grid cards only.
    @objc private func longPressed(_ gesture: UILongPressGestureRecognizer) {
        switch gesture.state {
        case .began:
            guard let indexPath = collectionView.indexPathForItem(at: gesture.location(in: collectionView)),
                  indexPath.section == CollectionDemoSection.grid.rawValue else { return }
            collectionView.beginInteractiveMovementForItem(at: indexPath)
        case .changed:
            collectionView.updateInteractiveMovementTargetPosition(gesture.location(in: collectionView))
        case .ended:
            collectionView.endInteractiveMovement()
        default:
            collectionView.cancelInteractiveMovement()
        }
    }

    // MARK: Readouts

    @objc func refreshStatistics() {
        controlPanel.showStatistics(FeedReadouts.statistics(collectionView.fd_sizeStatistics))
    }
}
#endif
