#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

// The screen's items and headers, reordering and selection. Sizes are the layout's
// (CollectionDemoViewController+Layout.swift) and the list cells' own.
extension CollectionDemoViewController: UICollectionViewDataSource, UICollectionViewDelegate {
    // MARK: Data source

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        CollectionDemoSection.allCases.count
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        CollectionDemoSection(rawValue: section).map { model.itemCount(in: $0) } ?? 0
    }

    /// Each cell is configured exactly as its template was, so it gets the size measured.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        switch CollectionDemoSection(rawValue: indexPath.section) {
        case .chips:
            return collectionView.dequeueConfiguredReusableCell(
                using: chipRegistration, for: indexPath, item: model.handles[indexPath.item])
        case .list:
            return collectionView.dequeueConfiguredReusableCell(
                using: rowRegistration, for: indexPath, item: model.rows[indexPath.item])
        case .grid, nil:
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: PostCardCell.reuseIdentifier, for: indexPath)
            if model.cards.indices.contains(indexPath.item) {
                (cell as? PostCardCell)?.configure(with: model.cards[indexPath.item])
            }
            return cell
        }
    }

    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        let view = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: CollectionSectionHeaderView.reuseIdentifier, for: indexPath)
        if let section = CollectionDemoSection(rawValue: indexPath.section) {
            (view as? CollectionSectionHeaderView)?.configure(with: section)
        }
        return view
    }

    // MARK: Reordering (long press on a card)

    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        indexPath.section == CollectionDemoSection.grid.rawValue
    }

    /// Cards stay in the grid: a card dropped on the chips or the list goes back to where the
    /// drag last was.
    func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        proposedIndexPath.section == CollectionDemoSection.grid.rawValue ? proposedIndexPath : currentIndexPath
    }

    /// UIKit has already moved the dragged card on screen and does not call
    /// `moveItem(at:to:)`, which the package follows: tell it here, after the model. The
    /// cards' sizes are cached by key and follow them anyway; the call also has the layout
    /// ask for sizes again on the next turn (the layout placed the cards between at their new
    /// places with the row heights of the old order), which re-runs the section provider.
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        model.moveCard(from: sourceIndexPath.item, to: destinationIndexPath.item)
        collectionView.fd_didMoveItem(at: sourceIndexPath, to: destinationIndexPath)
    }

    // MARK: Selection

    /// Tapping a card or a row edits it: its body grows, its size is forgotten and it reloads.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: true)
        perform { $0.editItem(at: indexPath) }
    }
}
#endif
