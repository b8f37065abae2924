#if canImport(UIKit)
import UIKit

/// The loading feed's section footer: how far batch fetching has got, e.g.
/// `2 of 4 pages · more load as you near the end`, or the end of the feed.
///
/// Measured like a cell, with `fd_headerFooterHeight(identifier:cacheBy:configure:)` keyed by
/// its text: the text changes with every page, and a height cached by section would be the
/// old text's. Each text is measured once.
final class LoadingFooterView: UITableViewHeaderFooterView {
    /// The identifier the loading feed registers and measures this footer under.
    static let reuseIdentifier = "LoadingFooter"

    private let label = UILabel()

    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        label.font = .preferredFont(forTextStyle: .footnote)
        label.adjustsFontForContentSizeCategory = true
        label.textColor = .secondaryLabel
        label.textAlignment = .center
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)

        let margins = contentView.layoutMarginsGuide
        // Just below required, as in FeedCell: a rounded height never conflicts.
        let bottom = label.bottomAnchor.constraint(equalTo: margins.bottomAnchor)
        bottom.priority = .required - 1
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: margins.topAnchor),
            label.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            bottom,
        ])
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("LoadingFooterView is built in code only")
    }

    /// Shows `text`.
    func configure(text: String) {
        label.text = text
    }
}
#endif
