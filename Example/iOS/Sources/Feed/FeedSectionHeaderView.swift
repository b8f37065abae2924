#if canImport(UIKit)
import UIKit

/// A section header with a title and a summary of one to three sentences, so headers
/// differ in height and are measured like cells, with
/// `fd_headerHeight(identifier:inSection:configure:)`.
final class FeedSectionHeaderView: UITableViewHeaderFooterView {
    /// The identifier the feed registers and measures this header under.
    static let reuseIdentifier = "FeedSectionHeader"

    private let titleLabel = UILabel()
    private let summaryLabel = UILabel()

    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        titleLabel.font = .preferredFont(forTextStyle: .title3)
        summaryLabel.font = .preferredFont(forTextStyle: .subheadline)
        summaryLabel.textColor = .secondaryLabel
        for label in [titleLabel, summaryLabel] {
            label.adjustsFontForContentSizeCategory = true
            label.numberOfLines = 0
        }

        let stack = UIStackView(arrangedSubviews: [titleLabel, summaryLabel])
        stack.axis = .vertical
        stack.spacing = 2
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)

        let margins = contentView.layoutMarginsGuide
        let bottom = stack.bottomAnchor.constraint(equalTo: margins.bottomAnchor)
        bottom.priority = .required - 1
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: margins.topAnchor),
            stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            bottom,
        ])
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("FeedSectionHeaderView is built in code only")
    }

    /// Shows the title and summary of `section`.
    func configure(with section: FeedSection) {
        titleLabel.text = section.title
        summaryLabel.text = section.summary
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        titleLabel.text = nil
        summaryLabel.text = nil
    }
}
#endif
