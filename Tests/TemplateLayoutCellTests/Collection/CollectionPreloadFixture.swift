#if canImport(UIKit)
import UIKit
import XCTest
@testable import TemplateLayoutCell

/// A collection view with a flow layout whose delegate sizes every item with `fd_size`, as
/// apps do, cached by item key; it records which items its size method is asked about, and
/// any asked past the end of its model (where an app's `items[item]` would trap; the
/// fixture answers a placeholder size instead).
///
/// A vertical grid has two columns of cards of the fixture's texts (fixed width, measured
/// height); a horizontal row has one line of short chips (fixed height, measured width).
@MainActor
final class CollectionPreloadFixture: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    static let identifier = "card"
    static let chipHeight: CGFloat = 50

    let layout = UICollectionViewFlowLayout()
    let collectionView: UICollectionView
    let window: UIWindow
    var items: [String]
    /// Called at each size request, before the size is measured.
    var onSizeRequest: ((IndexPath) -> Void)?
    /// Whether ``sizesAsked`` records requests.
    var isRecording = false
    private(set) var sizesAsked: [IndexPath] = []
    private(set) var sizesAskedPastTheEnd: [IndexPath] = []

    /// A grid of `itemCount` cards, or a row of chips when `horizontal`, hosted in a shown
    /// window and laid out.
    init(itemCount: Int, horizontal: Bool, rightToLeft: Bool = false) {
        let frame = CGRect(x: 0, y: 0, width: 390, height: horizontal ? Self.chipHeight : 844)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        layout.scrollDirection = horizontal ? .horizontal : .vertical
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        layout.sectionInset = .zero
        collectionView = UICollectionView(frame: frame, collectionViewLayout: layout)
        items = (0..<itemCount).map { horizontal ? "#\($0)" : CollectionFixture.texts[$0 % CollectionFixture.texts.count] }
        super.init()
        if rightToLeft { collectionView.semanticContentAttribute = .forceRightToLeft }
        // No safe area or automatic insets: offsets are the content's own.
        collectionView.contentInsetAdjustmentBehavior = .never
        collectionView.register(CardCell.self, forCellWithReuseIdentifier: Self.identifier)
        collectionView.dataSource = self
        collectionView.delegate = self
        window.addSubview(collectionView)
        window.isHidden = false
        collectionView.layoutIfNeeded()
    }

    var isHorizontal: Bool { layout.scrollDirection == .horizontal }

    /// The items right after the last visible one, in order.
    func itemsAfterTheVisibleOnes(count: Int = 10) -> [IndexPath] {
        let last = collectionView.indexPathsForVisibleItems.map(\.item).max() ?? 0
        return (last + 1...last + count).map { IndexPath(item: $0, section: 0) }
    }

    /// Appends `count` items and inserts them in the view, as a fetch's completion does.
    func appendItems(_ count: Int) {
        let start = items.count
        items += (start..<start + count).map { "#\($0)" }
        collectionView.insertItems(at: (start..<start + count).map { IndexPath(item: $0, section: 0) })
    }

    // MARK: UICollectionViewDataSource

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.identifier, for: indexPath)
        if let card = cell as? CardCell, indexPath.item < items.count { card.label.text = items[indexPath.item] }
        return cell
    }

    // MARK: UICollectionViewDelegateFlowLayout

    func collectionView(_ collectionView: UICollectionView, layout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        if isRecording { sizesAsked.append(indexPath) }
        onSizeRequest?(indexPath)
        guard indexPath.item < items.count else {
            sizesAskedPastTheEnd.append(indexPath)
            return CGSize(width: 10, height: 10)
        }
        let text = items[indexPath.item]
        let key = "\(indexPath.item) \(text)"
        if isHorizontal {
            return collectionView.fd_size(identifier: Self.identifier, fittingHeight: Self.chipHeight, cacheBy: key) { (cell: CardCell) in
                cell.label.text = text
            }
        }
        return collectionView.fd_size(identifier: Self.identifier, fittingWidth: collectionView.bounds.width / 2, cacheBy: key) { (cell: CardCell) in
            cell.label.text = text
        }
    }
}
#endif
