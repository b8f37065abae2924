#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

// The skeleton on load: the screen's three shapes as skeleton sections, shown until the
// (simulated) data arrives. The app's compositional layout, with its orthogonal chip row
// and headers, is set aside while it shows: the skeleton lays its items out with a flow
// layout of its own at the sizes it planned, and gives the layout back when it hides.
extension CollectionDemoViewController {
    /// The chips' identifier for the skeleton: the chip row's cells come from a
    /// `CellRegistration`, which has no identifier to dequeue by.
    static let skeletonChipIdentifier = "HandleChipCell.skeleton"
    /// The list rows' identifier for the skeleton, as for the chips.
    static let skeletonRowIdentifier = "ListRow.skeleton"

    /// Registers the cells the skeleton dequeues by identifier; before any show.
    func registerSkeletonCells() {
        collectionView.register(HandleChipCell.self, forCellWithReuseIdentifier: Self.skeletonChipIdentifier)
        collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: Self.skeletonRowIdentifier)
    }

    /// Shows the skeleton and waits as `LoadingFeedService` does (its latency) for the data,
    /// then hides it. The model is built in memory: the wait stands for the request.
    func loadWithSkeleton() {
        loadTask?.cancel()
        collectionView.fd_showSkeleton(skeletonConfiguration())
        // The package asks for the skeleton to be hidden before the view is updated: the
        // buttons that update it wait for the data.
        setUpdateButtonsEnabled(false)
        let latency = LoadingFeedService().latency
        loadTask = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(latency * 1_000_000_000))
            guard !Task.isCancelled, let self else { return }
            self.collectionView.fd_hideSkeleton(animated: true) { [weak self] in
                self?.setUpdateButtonsEnabled(true)
                self?.refreshStatistics()
            }
        }
    }

    private func setUpdateButtonsEnabled(_ enabled: Bool) {
        toolbarItems?.forEach { $0.isEnabled = enabled }
    }

    /// A few fixed-width chips, the card grid at the current column count (sized by the
    /// cards' cached sizes when there are any), and list rows filling the rest; spacing and
    /// insets as the app's layout has them.
    private func skeletonConfiguration() -> CollectionSkeletonConfiguration {
        var configuration = CollectionSkeletonConfiguration(
            sections: [
                CollectionSkeletonSection(identifier: Self.skeletonChipIdentifier, itemCount: 3, itemsAcross: 3, itemLength: 96),
                CollectionSkeletonSection(
                    identifier: PostCardCell.reuseIdentifier, itemCount: 4,
                    keys: model.cards.prefix(4).map { AnyHashable(CollectionItemKey.card($0.id)) }, itemsAcross: columnCount),
                CollectionSkeletonSection(identifier: Self.skeletonRowIdentifier, itemsAcross: 1),
            ],
            placeholder: { cell in
                switch cell {
                case let chip as HandleChipCell:
                    chip.configure(handle: "@placeholder")
                case let card as PostCardCell:
                    card.configure(with: .skeletonPlaceholder)
                case let row as UICollectionViewListCell:
                    var content = UIListContentConfiguration.subtitleCell()
                    content.text = FeedPost.skeletonPlaceholder.authorLine
                    content.secondaryText = FeedPost.skeletonPlaceholder.body
                    row.contentConfiguration = content
                default:
                    break
                }
            })
        configuration.itemSpacing = Self.spacing
        configuration.sectionInsets = NSDirectionalEdgeInsets(
            top: 0, leading: Self.sideInset, bottom: Self.spacing, trailing: Self.sideInset)
        return configuration
    }
}
#endif
