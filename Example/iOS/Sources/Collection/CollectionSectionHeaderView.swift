#if canImport(UIKit)
import UIKit

/// A section's header: its title and a line saying how its items are sized. Measured with
/// `fd_size(ofSupplementaryViewOfKind:identifier:fittingWidth:cacheBy:)` and given to the
/// layout at that absolute height.
final class CollectionSectionHeaderView: UICollectionReusableView {
    /// The identifier the screen registers and measures this view under.
    static let reuseIdentifier = "CollectionSectionHeaderView"

    private let titleLabel = UILabel()
    private let captionLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        captionLabel.font = .preferredFont(forTextStyle: .footnote)
        captionLabel.textColor = .secondaryLabel
        for label in [titleLabel, captionLabel] {
            label.adjustsFontForContentSizeCategory = true
            label.numberOfLines = 0
        }
        let stack = UIStackView(arrangedSubviews: [titleLabel, captionLabel])
        stack.axis = .vertical
        stack.spacing = 2
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        // Just below required, as in FeedCell: while UIKit briefly lays the view out at a
        // rounded height, the bottom edge yields instead of logging a conflict.
        let bottom = stack.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8)
        bottom.priority = .required - 1
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: topAnchor, constant: 12),
            stack.leadingAnchor.constraint(equalTo: leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: trailingAnchor),
            bottom,
        ])
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("CollectionSectionHeaderView is built in code only")
    }

    /// Shows `section`'s title and caption.
    func configure(with section: CollectionDemoSection) {
        titleLabel.text = section.title
        captionLabel.text = section.caption
    }
}
#endif
