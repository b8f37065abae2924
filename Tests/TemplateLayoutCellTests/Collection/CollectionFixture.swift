#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// A self-sizing collection cell: one multi-line label pinned to the content view's edges,
/// and, when `fixedWidth` is set, a content-view width constraint (what a flow layout with
/// `automaticSize` needs to wrap text: it fits both axes at the fitting-size level).
class CardCell: UICollectionViewCell {
    let label = UILabel()
    private var widthConstraint: NSLayoutConstraint?

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 17)
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -12),
        ])
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    /// The width the content view keeps, below required so the template's required fitting
    /// width and a cell's temporary frame never conflict with it.
    var fixedWidth: CGFloat? {
        didSet {
            widthConstraint?.isActive = false
            widthConstraint = fixedWidth.map {
                let constraint = contentView.widthAnchor.constraint(equalToConstant: $0)
                constraint.priority = .init(999)
                constraint.isActive = true
                return constraint
            }
        }
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        label.text = nil
    }
}

/// Another cell class, for wrong-class requests.
final class OtherCardCell: UICollectionViewCell {}

/// A collection view counting what its data source is asked and what it dequeues.
final class CountingCollectionView: UICollectionView {
    private(set) var dequeues = 0

    override func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        dequeues += 1
        return super.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    }
}

/// A collection view of ``CardCell``s showing ``texts``, registered for ``identifier``, in a
/// shown window of `size` (a phone's by default), with the layout given.
@MainActor
final class CollectionFixture: NSObject, UICollectionViewDataSource {
    static let identifier = "card"
    static let texts = [
        "Short.",
        "A line of text long enough to wrap onto a second line at phone widths, and maybe a third.",
        "Several sentences of text. Each one adds a little more. Together they wrap many times at any "
            + "phone width, which is what a feed of cards does all day long.",
        "Two\nexplicit lines.",
    ]

    let collectionView: CountingCollectionView
    let window: UIWindow
    /// Set on the shown cells too (flow layouts with `automaticSize`).
    var fixedWidth: CGFloat?
    private(set) var cellRequests = 0

    init(layout: UICollectionViewLayout, size: CGSize = CGSize(width: 390, height: 844), register: Bool = true) {
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        collectionView = CountingCollectionView(frame: window.bounds, collectionViewLayout: layout)
        super.init()
        if register { collectionView.register(CardCell.self, forCellWithReuseIdentifier: Self.identifier) }
        collectionView.dataSource = self
    }

    /// Shows the view and lays it out twice: self-sizing items are resolved in a second pass.
    func hostInWindow() -> CollectionFixture {
        window.addSubview(collectionView)
        window.isHidden = false
        collectionView.layoutIfNeeded()
        collectionView.layoutIfNeeded()
        return self
    }

    func configure(_ cell: CardCell, item: Int) {
        cell.label.text = Self.texts[item % Self.texts.count]
        cell.fixedWidth = fixedWidth
    }

    /// The size UIKit gave item `item` of section 0.
    func uikitSize(item: Int) -> CGSize? {
        collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.size
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { Self.texts.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        cellRequests += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.identifier, for: indexPath)
        if let card = cell as? CardCell { configure(card, item: indexPath.item) }
        return cell
    }

    /// A flow layout sizing its items itself (`automaticSize`), no insets or spacing.
    static func selfSizingFlowLayout() -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        layout.sectionInset = .zero
        return layout
    }

    /// A compositional list: full-width items of estimated height, no insets.
    static func estimatedListLayout() -> UICollectionViewCompositionalLayout {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let item = NSCollectionLayoutItem(layoutSize: size)
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size, subitems: [item])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }
}
#endif
