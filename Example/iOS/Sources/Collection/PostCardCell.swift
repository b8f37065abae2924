#if canImport(UIKit)
import UIKit

/// A post as a card in the grid: the author line, the body (at most six lines), an optional
/// picture placeholder and the footer, in a rounded box. Laid out with Auto Layout; its
/// height at a column width is what the template measures.
final class PostCardCell: UICollectionViewCell {
    /// The identifier the screen registers and measures this cell under.
    static let reuseIdentifier = "PostCardCell"

    private let authorLabel = UILabel()
    private let bodyLabel = UILabel()
    private let imagePlaceholder = ImagePlaceholderView()
    private let footerLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .secondarySystemBackground
        contentView.layer.cornerRadius = 12
        contentView.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        Self.style(authorLabel, textStyle: .subheadline, color: .label, lines: 2)
        authorLabel.font = UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .systemFont(ofSize: 15, weight: .semibold))
        Self.style(bodyLabel, textStyle: .subheadline, color: .label, lines: 6)
        Self.style(footerLabel, textStyle: .caption1, color: .secondaryLabel, lines: 0)

        let stack = UIStackView(arrangedSubviews: [authorLabel, bodyLabel, imagePlaceholder, footerLabel])
        stack.axis = .vertical
        stack.spacing = 6
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        let margins = contentView.layoutMarginsGuide
        // The grid gives every card of a row the row's tallest height: the content stays at
        // the top, and the measured height (the smallest the constraints allow) is the
        // content's own.
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: margins.topAnchor),
            stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            stack.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
        ])
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("PostCardCell is built in code only")
    }

    /// Shows `post`. Called on displayed cells and on the template the size is measured
    /// with, so it sets everything that affects the layout.
    func configure(with post: FeedPost) {
        authorLabel.text = post.authorLine
        bodyLabel.text = post.body
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

    private static func style(_ label: UILabel, textStyle: UIFont.TextStyle, color: UIColor, lines: Int) {
        label.font = .preferredFont(forTextStyle: textStyle)
        label.adjustsFontForContentSizeCategory = true
        label.textColor = color
        label.numberOfLines = lines
    }
}
#endif
