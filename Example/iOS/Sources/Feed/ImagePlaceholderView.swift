#if canImport(UIKit)
import UIKit

/// Stands in for a post's picture: a tinted rectangle with a photo symbol, whose height
/// follows its width at the picture's aspect ratio, as an image view with an aspect-ratio
/// constraint would. No image is loaded, so measuring stays synchronous and deterministic.
final class ImagePlaceholderView: UIView {
    private let symbolView = UIImageView(image: UIImage(systemName: "photo"))
    private var aspectRatioConstraint: NSLayoutConstraint?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemFill
        layer.cornerRadius = 8
        clipsToBounds = true
        symbolView.tintColor = .tertiaryLabel
        symbolView.preferredSymbolConfiguration = UIImage.SymbolConfiguration(textStyle: .largeTitle)
        symbolView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(symbolView)
        NSLayoutConstraint.activate([
            symbolView.centerXAnchor.constraint(equalTo: centerXAnchor),
            symbolView.centerYAnchor.constraint(equalTo: centerYAnchor),
        ])
        isAccessibilityElement = true
        accessibilityLabel = "Picture"
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("ImagePlaceholderView is built in code only")
    }

    /// Shows a picture of `aspectRatio` (width over height), or hides the view for `nil`.
    ///
    /// A hidden view in a stack view is squeezed to zero height, which an aspect-ratio
    /// constraint would contradict, so the constraint exists only while the view shows.
    func show(aspectRatio: Double?) {
        aspectRatioConstraint?.isActive = false
        aspectRatioConstraint = nil
        guard let aspectRatio, aspectRatio > 0 else {
            isHidden = true
            return
        }
        isHidden = false
        let constraint = heightAnchor.constraint(equalTo: widthAnchor, multiplier: CGFloat(1 / aspectRatio))
        constraint.isActive = true
        aspectRatioConstraint = constraint
    }
}
#endif
