#if canImport(UIKit)
import UIKit

/// A post laid out with Auto Layout: the author line, the body, an optional picture
/// placeholder of fixed aspect ratio, and a footer, stacked inside the content view's
/// margins. Its height comes only from its constraints, which is what the template cell
/// measures; fonts are Dynamic Type styles that follow the text size setting.
///
/// Not final: ``ObservedPostCell`` adds a model it observes.
class FeedCell: UITableViewCell {
    /// The identifier the feed registers and measures this cell under.
    static let reuseIdentifier = "FeedCell"
    /// The content version heights of this cell are persisted under
    /// (`fd_persistHeights(in:namespace:contentVersion:)`). Bump it whenever the layout
    /// changes (fonts, spacing, subviews), so heights measured for the old layout are
    /// discarded rather than served.
    static let layoutVersion = "1"

    private let authorLabel = UILabel()
    private let bodyLabel = UILabel()
    private let imagePlaceholder = ImagePlaceholderView()
    private let footerLabel = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        Self.style(authorLabel, textStyle: .headline, color: .label)
        Self.style(bodyLabel, textStyle: .body, color: .label)
        Self.style(footerLabel, textStyle: .footnote, color: .secondaryLabel)

        let stack = UIStackView(arrangedSubviews: [authorLabel, bodyLabel, imagePlaceholder, footerLabel])
        stack.axis = .vertical
        stack.spacing = 6
        stack.setCustomSpacing(10, after: bodyLabel)
        stack.setCustomSpacing(10, after: imagePlaceholder)
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)

        let margins = contentView.layoutMarginsGuide
        // Just below required: while UIKit briefly sizes the cell at a rounded height, the
        // bottom edge yields instead of logging an unsatisfiable-constraints warning.
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
        fatalError("FeedCell is built in code only")
    }

    /// Shows `post`, its body cut to `bodyLineLimit` lines (0: all of it). Called both on
    /// displayed cells and on the off-screen template cell the height is measured with, so
    /// it sets everything that affects the layout.
    func configure(with post: FeedPost, bodyLineLimit: Int = 0) {
        authorLabel.text = post.authorLine
        bodyLabel.text = post.body
        bodyLabel.numberOfLines = max(0, bodyLineLimit)
        imagePlaceholder.show(aspectRatio: post.imageAspectRatio)
        footerLabel.text = post.footerLine
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        authorLabel.text = nil
        bodyLabel.text = nil
        footerLabel.text = nil
        imagePlaceholder.show(aspectRatio: nil)
    }

    private static func style(_ label: UILabel, textStyle: UIFont.TextStyle, color: UIColor) {
        label.font = .preferredFont(forTextStyle: textStyle)
        label.adjustsFontForContentSizeCategory = true
        label.textColor = color
        label.numberOfLines = 0
    }
}
#endif
