#if canImport(UIKit)
import UIKit

/// A handle in a capsule: the chip row's cell. Its height is fixed by the layout; its width
/// is the label's plus padding, which `fd_size(of:fittingHeight:cacheBy:)` measures.
/// Registered with a `UICollectionView.CellRegistration`, so it has no reuse identifier: the
/// package makes its template from the class.
final class HandleChipCell: UICollectionViewCell {
    private let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .tertiarySystemFill
        contentView.layer.masksToBounds = true
        label.font = .preferredFont(forTextStyle: .subheadline)
        label.adjustsFontForContentSizeCategory = true
        label.textColor = .label
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        // Pinned sideways, centred vertically: the width follows the text, the height is
        // the row's.
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -12),
            label.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
        ])
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("HandleChipCell is built in code only")
    }

    /// Shows `handle`, e.g. `@adal`.
    func configure(handle: String) {
        label.text = handle
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        contentView.layer.cornerRadius = contentView.bounds.height / 2
    }
}
#endif
