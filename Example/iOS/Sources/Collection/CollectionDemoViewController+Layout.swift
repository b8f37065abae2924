#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

// The compositional layout: one section provider answering the chip row, the grid and the
// list, with the sizes TemplateLayoutCell measures and caches.
//
// The provider runs whenever the layout reads its sections anew (a full invalidation: the
// column control, a width or text-size change, fd_didMoveItem's request after a drag; and,
// not yet seen on a device, the end of a batch of updates, see the DocC article's "What only
// a device settles"), so it asks for every item's size each time: a cached size costs a
// dictionary lookup; only a new item, an edited one or a new width is measured.
extension CollectionDemoViewController {
    /// Space between sections, cards and chips.
    static let spacing: CGFloat = 12
    /// The chips' and the grid's insets from the collection view's edges.
    static let sideInset: CGFloat = 16

    func makeLayout() -> UICollectionViewCompositionalLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = Self.spacing
        // Weak: the layout belongs to the collection view, which belongs to this controller.
        return UICollectionViewCompositionalLayout(sectionProvider: { [weak self] index, environment in
            guard let self, let section = CollectionDemoSection(rawValue: index) else {
                return Self.emptySection(environment)
            }
            return self.layoutSection(section, environment: environment)
        }, configuration: configuration)
    }

    private func layoutSection(
        _ section: CollectionDemoSection, environment: any NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
        let width = environment.container.effectiveContentSize.width
        let layoutSection: NSCollectionLayoutSection
        switch section {
        case .chips: layoutSection = chipSection(environment: environment)
        case .grid: layoutSection = gridSection(width: width - 2 * Self.sideInset, scale: environment.traitCollection.displayScale)
        case .list: layoutSection = listSection(environment: environment)
        }
        layoutSection.boundarySupplementaryItems = [header(for: section, width: width - 2 * Self.sideInset)]
        return layoutSection
    }

    // MARK: Chips

    /// One row scrolling sideways; each chip as wide as its template at the row's height,
    /// cached by handle. The height follows the text size, so a text-size change is a layout
    /// context of its own.
    private func chipSection(environment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let height = UIFontMetrics(forTextStyle: .subheadline).scaledValue(for: 32, compatibleWith: environment.traitCollection)
        let items = model.handles.map { handle in
            let size = collectionView.fd_size(of: HandleChipCell.self, fittingHeight: height, cacheBy: CollectionItemKey.chip(handle)) {
                cell in cell.configure(handle: handle)
            }
            return NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .absolute(size.width), heightDimension: .absolute(height)))
        }
        guard !items.isEmpty else { return Self.emptySection(environment) }
        let totalWidth = items.reduce(0) { $0 + $1.layoutSize.widthDimension.dimension } + Self.spacing * CGFloat(items.count - 1)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(totalWidth), heightDimension: .absolute(height)),
            subitems: items)
        group.interItemSpacing = .fixed(Self.spacing)
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .continuous
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: Self.sideInset, bottom: 0, trailing: Self.sideInset)
        return section
    }

    // MARK: Grid

    /// Rows of `columnCount` cards, each card measured at the column width and cached by
    /// post id; a row is as tall as its tallest card. A column-count change is a new width,
    /// so a new layout context: the first time measures, going back hits.
    private func gridSection(width: CGFloat, scale displayScale: CGFloat) -> NSCollectionLayoutSection {
        let columns = max(1, columnCount)
        let scale = max(1, displayScale)
        // Whole pixels, so the measured width is the width the cell gets.
        let columnWidth = ((width - Self.spacing * CGFloat(columns - 1)) / CGFloat(columns) * scale).rounded(.down) / scale
        let heights = model.cards.map { post in
            collectionView.fd_size(
                identifier: PostCardCell.reuseIdentifier, fittingWidth: columnWidth, cacheBy: CollectionItemKey.card(post.id)
            ) { (cell: PostCardCell) in
                cell.configure(with: post)
            }.height
        }
        var rows: [NSCollectionLayoutGroup] = []
        var totalHeight: CGFloat = 0
        for start in stride(from: 0, to: heights.count, by: columns) {
            let rowHeights = heights[start..<min(start + columns, heights.count)]
            let rowHeight = rowHeights.max() ?? 0
            let items = rowHeights.map { _ in
                NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                    widthDimension: .absolute(columnWidth), heightDimension: .fractionalHeight(1)))
            }
            let row = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width), heightDimension: .absolute(rowHeight)),
                subitems: items)
            row.interItemSpacing = .fixed(Self.spacing)
            rows.append(row)
            totalHeight += rowHeight
        }
        let group: NSCollectionLayoutGroup
        if rows.isEmpty {
            // No cards: a group must have a subitem; it lays out nothing.
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .absolute(columnWidth), heightDimension: .estimated(100)))
            group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width), heightDimension: .estimated(100)),
                subitems: [item])
        } else {
            totalHeight += Self.spacing * CGFloat(rows.count - 1)
            group = NSCollectionLayoutGroup.vertical(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width), heightDimension: .absolute(totalHeight)),
                subitems: rows)
            group.interItemSpacing = .fixed(Self.spacing)
        }
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: Self.sideInset, bottom: 0, trailing: Self.sideInset)
        return section
    }

    // MARK: List

    /// A plain list; its rows (`CachedSizeCollectionViewListCell`) size themselves once per
    /// post and width, then answer from the cache. The header's insets match the other
    /// sections' (a list section's own are zero).
    private func listSection(environment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .none
        return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
    }

    // MARK: Headers

    /// The section's header at the height its view measures at `width`, cached by section
    /// (supplementary keys are kept per kind, apart from the items').
    private func header(for section: CollectionDemoSection, width: CGFloat) -> NSCollectionLayoutBoundarySupplementaryItem {
        let size = collectionView.fd_size(
            ofSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            identifier: CollectionSectionHeaderView.reuseIdentifier, fittingWidth: width, cacheBy: section
        ) { (header: CollectionSectionHeaderView) in
            header.configure(with: section)
        }
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(size.height)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        if section == .list {
            // The list's section insets are zero; the other sections' headers follow theirs.
            header.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: Self.sideInset, bottom: 0, trailing: Self.sideInset)
        }
        return header
    }

    /// A section showing nothing, for a section index the screen does not have, or no chips.
    private static func emptySection(_ environment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        NSCollectionLayoutSection.list(using: UICollectionLayoutListConfiguration(appearance: .plain), layoutEnvironment: environment)
    }
}
#endif
