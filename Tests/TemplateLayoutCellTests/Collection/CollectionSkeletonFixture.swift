#if canImport(UIKit)
import UIKit
@testable import TemplateLayoutCell

/// A card with one label, as a grid shows it.
final class SkeletonCardCell: UICollectionViewCell {
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.numberOfLines = 0
        label.frame = contentView.bounds.insetBy(dx: 8, dy: 8)
        label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(label)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not used") }
}

/// A 320 x 480 collection view with a vertical flow layout (10-point spacing, no insets,
/// 100-point-high items by default), its app data source, delegate, prefetch data source and
/// drag and drop delegates all this object, recording every request the app gets.
@MainActor
final class CollectionSkeletonFixture: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout,
    UICollectionViewDataSourcePrefetching, UICollectionViewDragDelegate, UICollectionViewDropDelegate {
    static let cellIdentifier = "card"

    let layout = UICollectionViewFlowLayout()
    let collectionView: UICollectionView
    var texts: [String]
    private(set) var window: UIWindow?
    /// The index paths the app was asked cells, sizes, prefetching or drag items for.
    private(set) var appRequests: [IndexPath] = []

    init(itemCount: Int) {
        layout.scrollDirection = .vertical
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = .zero
        layout.itemSize = CGSize(width: 50, height: 100)
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        texts = (0..<itemCount).map { "Card \($0)" }
        super.init()
        // No safe-area or bar insets: the visible length is the bounds' height.
        collectionView.contentInsetAdjustmentBehavior = .never
        collectionView.register(SkeletonCardCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.prefetchDataSource = self
        collectionView.dragDelegate = self
        collectionView.dropDelegate = self
        collectionView.dragInteractionEnabled = true
    }

    func hostInWindow() {
        let window = UIWindow(frame: collectionView.frame)
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        self.window = window
        collectionView.layoutIfNeeded()
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        appRequests.append(indexPath)
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier, for: indexPath)
        (cell as? SkeletonCardCell)?.label.text = texts[indexPath.item]
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        appRequests.append(indexPath)
        return CGSize(width: 155, height: 60)
    }

    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        appRequests += indexPaths
    }

    func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
        appRequests.append(indexPath)
        return []
    }

    func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator) {}
}
#endif
