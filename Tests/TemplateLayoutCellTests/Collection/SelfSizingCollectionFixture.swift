#if canImport(UIKit)
import UIKit
@testable import TemplateLayoutCell
@testable import TemplateLayoutEngine

/// A self-sizing cell of the self-sizing path's tests: one multi-line label pinned to the
/// content view's edges, optionally at a fixed content width, counting Auto Layout passes.
final class SelfSizingCountingCell: CachedSizeCollectionViewCell {
    let label = UILabel()
    /// Called on every `systemLayoutSizeFitting` UIKit's fitting makes.
    var onFitting: (() -> Void)?
    private lazy var widthConstraint = contentView.widthAnchor.constraint(equalToConstant: 0)

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 17)
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    /// A flow layout fits both dimensions at low priority: a full-width cell fixes its own
    /// width, as apps do. `nil`: no width constraint (a compositional layout fixes it).
    var fixedContentWidth: CGFloat? {
        didSet {
            widthConstraint.constant = fixedContentWidth ?? 0
            widthConstraint.isActive = fixedContentWidth != nil
        }
    }

    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority, verticalFittingPriority vertical: UILayoutPriority
    ) -> CGSize {
        onFitting?()
        return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
    }
}

/// A chip: one label, 32 points high, as wide as its text.
final class SelfSizingChipCell: CachedSizeCollectionViewCell {
    let label = UILabel()
    var onFitting: (() -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .systemFont(ofSize: 15)
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            contentView.heightAnchor.constraint(equalToConstant: 32),
            label.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -12),
        ])
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority, verticalFittingPriority vertical: UILayoutPriority
    ) -> CGSize {
        onFitting?()
        return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
    }
}

/// A list-configuration cell: the list cell's own content configuration, counting fittings.
final class SelfSizingListCell: CachedSizeCollectionViewListCell {
    var onFitting: (() -> Void)?

    override func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority, verticalFittingPriority vertical: UILayoutPriority
    ) -> CGSize {
        onFitting?()
        return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
    }
}

/// A real collection view in a window, one section of texts, self-sizing cells of one kind.
/// Tall enough (1200 points) that every item of the texts is visible whatever sizes the layout
/// gives them, so no invalidation brings in a cell never fitted before.
@MainActor
final class SelfSizingCollectionFixture: NSObject, UICollectionViewDataSource {
    enum Cells { case text(fixedContentWidth: CGFloat?), chip, list }

    let collectionView: UICollectionView
    var texts: [String]
    /// Each item's key (`fd_sizeCacheKey`), when set; `nil` caches by index path.
    var keys: [AnyHashable]?
    /// Auto Layout passes UIKit's fitting made in every cell so far.
    private(set) var fittings = 0
    private let cells: Cells
    private var window: UIWindow?

    init(layout: UICollectionViewLayout, cells: Cells, texts: [String], size: CGSize = CGSize(width: 320, height: 1200)) {
        self.cells = cells
        self.texts = texts
        collectionView = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        super.init()
        // No safe-area insets: the content is the view's size, whatever window hosts it.
        collectionView.contentInsetAdjustmentBehavior = .never
        collectionView.register(SelfSizingCountingCell.self, forCellWithReuseIdentifier: "text")
        collectionView.register(SelfSizingChipCell.self, forCellWithReuseIdentifier: "chip")
        collectionView.register(SelfSizingListCell.self, forCellWithReuseIdentifier: "list")
        collectionView.dataSource = self
    }

    /// A vertical flow layout sizing items itself (`automaticSize`), no spacing.
    static func automaticFlow(scrollDirection: UICollectionView.ScrollDirection = .vertical) -> UICollectionViewFlowLayout {
        let flow = UICollectionViewFlowLayout()
        flow.scrollDirection = scrollDirection
        flow.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        flow.minimumLineSpacing = 0
        flow.minimumInteritemSpacing = 8
        flow.sectionInset = .zero
        return flow
    }

    /// A compositional list: full-width items whose height is `.estimated(44)`.
    static func estimatedList() -> UICollectionViewCompositionalLayout {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }

    /// Texts of one to several lines at 320 points, none of them 44 points high.
    static func texts(_ count: Int) -> [String] {
        (0..<count).map { String(repeating: "Item \($0) wraps across several lines of text. ", count: 1 + $0 % 4) }
    }

    /// Puts the collection view in a shown window and lays it out: UIKit creates the visible
    /// cells and asks each for its preferred attributes.
    @discardableResult
    func hostInWindow() -> SelfSizingCollectionFixture {
        let window = UIWindow(frame: collectionView.frame)
        window.addSubview(collectionView)
        window.isHidden = false
        self.window = window
        collectionView.layoutIfNeeded()
        return self
    }

    /// The length cached for `key` in the context fixing `dimension` at `length`, read
    /// without counting a lookup.
    func cachedLength(for key: HeightCacheKey, fixing dimension: LayoutContext.FixedDimension = .width, length: CGFloat = 320) -> CGFloat? {
        let state = collectionView.collectionLayoutState
        state.switchContext(fixing: dimension, length: length)
        return state.sizes.peekHeight(for: key)
    }

    /// The visible items, in order.
    var visibleIndexPaths: [IndexPath] { collectionView.indexPathsForVisibleItems.sorted() }

    /// Asks the cell at `indexPath` for its preferred attributes, as UIKit does, proposing
    /// `size` (the layout's fixed length and an estimate).
    func preferredSize(at indexPath: IndexPath, proposing size: CGSize) -> CGSize? {
        guard let cell = collectionView.cellForItem(at: indexPath),
              let attributes = collectionView.layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes
        else { return nil }
        attributes.size = size
        return cell.preferredLayoutAttributesFitting(attributes).size
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let count: () -> Void = { [weak self] in self?.fittings += 1 }
        let key = keys?[indexPath.item]
        switch cells {
        case .text(let width):
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! SelfSizingCountingCell
            cell.label.text = texts[indexPath.item]
            cell.fixedContentWidth = width
            cell.onFitting = count
            cell.fd_sizeCacheKey = key
            return cell
        case .chip:
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "chip", for: indexPath) as! SelfSizingChipCell
            cell.label.text = texts[indexPath.item]
            cell.onFitting = count
            cell.fd_sizeCacheKey = key
            return cell
        case .list:
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "list", for: indexPath) as! SelfSizingListCell
            var content = cell.defaultContentConfiguration()
            content.text = texts[indexPath.item]
            cell.contentConfiguration = content
            cell.onFitting = count
            cell.fd_sizeCacheKey = key
            return cell
        }
    }
}
#endif
