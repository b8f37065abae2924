#if canImport(UIKit)
import UIKit
@testable import TemplateLayoutCell

/// A section header with one label.
final class SkeletonHeaderView: UICollectionReusableView {
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.frame = bounds
        label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(label)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not used") }
}

/// A 320 x 480 collection view with the app's compositional layout: section 0 a row of
/// 80 x 30 chips scrolling orthogonally, section 1 a grid of 160 x 60 cards two across,
/// each with a 40-point header. Its data source and delegate are this object, recording
/// every question the app is asked.
@MainActor
final class CompositionalSkeletonFixture: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    static let cellIdentifier = "card"
    static let headerIdentifier = "header"

    let layout: UICollectionViewCompositionalLayout
    let collectionView: UICollectionView
    var chips: [String] = []
    var cards: [String] = []
    private(set) var window: UIWindow?
    /// Every data-source question the app was asked, by name.
    var appRequests: [String] = []

    override init() {
        layout = Self.makeLayout()
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        super.init()
        collectionView.contentInsetAdjustmentBehavior = .never
        collectionView.register(SkeletonCardCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
        collectionView.register(
            SkeletonHeaderView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: Self.headerIdentifier)
        collectionView.dataSource = self
        collectionView.delegate = self
    }

    /// Chips scrolling orthogonally and a two-across grid, each section with a header.
    static func makeLayout() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { section, _ in
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            let itemSize = section == 0
                ? NSCollectionLayoutSize(widthDimension: .absolute(80), heightDimension: .absolute(30))
                : NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(60))
            let groupSize = section == 0
                ? itemSize
                : NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [NSCollectionLayoutItem(layoutSize: itemSize)])
            let layoutSection = NSCollectionLayoutSection(group: group)
            if section == 0 { layoutSection.orthogonalScrollingBehavior = .continuous }
            layoutSection.boundarySupplementaryItems = [header]
            return layoutSection
        }
    }

    func hostInWindow() {
        let window = UIWindow(frame: collectionView.frame)
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        self.window = window
        collectionView.layoutIfNeeded()
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        appRequests.append("numberOfSections")
        return 2
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        appRequests.append("numberOfItems \(section)")
        return section == 0 ? chips.count : cards.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        appRequests.append("cell \(indexPath)")
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier, for: indexPath)
        (cell as? SkeletonCardCell)?.label.text = indexPath.section == 0 ? chips[indexPath.item] : cards[indexPath.item]
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        appRequests.append("supplementary \(kind) \(indexPath)")
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.headerIdentifier, for: indexPath)
        (view as? SkeletonHeaderView)?.label.text = indexPath.section == 0 ? "Chips" : "Cards"
        return view
    }
}
#endif
