#if canImport(UIKit)
import UIKit

/// Draws a skeleton layout over a cell's content view: one layer per part, animated by the
/// appearance's style, coloured for the current light or dark mode.
///
/// It covers the real content with an opaque background, so whatever the placeholder
/// configuration put there never shows through.
final class SkeletonOverlayView: UIView {
    private var layout = SkeletonLayout.empty
    private var appearance = SkeletonAppearance()
    private var direction = SkeletonLayoutDirection.leftToRight
    private var partLayers: [CALayer] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        isUserInteractionEnabled = false
        isAccessibilityElement = false
        accessibilityElementsHidden = true
        clipsToBounds = true
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not used") }

    /// Shows `layout` with `appearance`, replacing what was shown.
    func show(_ layout: SkeletonLayout, appearance: SkeletonAppearance, direction: SkeletonLayoutDirection) {
        self.layout = layout
        self.appearance = appearance
        self.direction = direction
        partLayers.forEach { $0.removeFromSuperlayer() }
        partLayers = layout.parts.map { part in
            let layer: CALayer = appearance.effectiveStyle(reduceMotion: UIAccessibility.isReduceMotionEnabled) == .shimmer
                ? CAGradientLayer() : CALayer()
            layer.frame = part.frame
            layer.cornerRadius = part.cornerRadius
            layer.masksToBounds = true
            self.layer.addSublayer(layer)
            return layer
        }
        applyColorsAndAnimation()
    }

    /// Makes the layers again for the same layout: after a Reduce Motion change, since the
    /// style decides the layers' class (gradient layers for a shimmer, plain ones otherwise).
    func rebuild() {
        show(layout, appearance: appearance, direction: direction)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        // Layer colours are CGColors, which do not follow the interface style by themselves.
        if traitCollection.userInterfaceStyle != previousTraitCollection?.userInterfaceStyle {
            applyColorsAndAnimation()
        }
    }

    /// Reads the interface style again and restarts the animation (Reduce Motion is read
    /// too, but a change of it needs ``rebuild()``, which calls this).
    func applyColorsAndAnimation() {
        let dark = traitCollection.userInterfaceStyle == .dark
        let style = appearance.effectiveStyle(reduceMotion: UIAccessibility.isReduceMotionEnabled)
        let colors = appearance.colors(dark: dark)
        backgroundColor = dark ? .black : .white
        if let background = superview?.backgroundColor ?? superview?.superview?.backgroundColor, background.cgColor.alpha > 0.99 {
            backgroundColor = background
        }
        for layer in partLayers {
            layer.removeAllAnimations()
            switch (style, layer) {
            case (.shimmer, let gradient as CAGradientLayer):
                gradient.colors = appearance.shimmerColors(dark: dark).map { Self.cgColor($0) }
                let points = SkeletonAppearance.shimmerPoints(for: direction)
                gradient.startPoint = points.start
                gradient.endPoint = points.end
                gradient.locations = SkeletonAppearance.shimmerLocations.from.map { NSNumber(value: $0) }
                let animation = CABasicAnimation(keyPath: "locations")
                animation.fromValue = SkeletonAppearance.shimmerLocations.from.map { NSNumber(value: $0) }
                animation.toValue = SkeletonAppearance.shimmerLocations.to.map { NSNumber(value: $0) }
                animation.duration = appearance.shimmerDuration
                animation.repeatCount = .infinity
                // Kept on the layer when the app goes to the background, where Core Animation
                // otherwise removes it; the controller restarts it on the way back as well.
                animation.isRemovedOnCompletion = false
                gradient.add(animation, forKey: "shimmer")
            case (.pulse, _):
                layer.backgroundColor = Self.cgColor(colors.base)
                let animation = CABasicAnimation(keyPath: "backgroundColor")
                animation.fromValue = Self.cgColor(colors.base)
                animation.toValue = Self.cgColor(colors.highlight)
                animation.duration = appearance.pulseDuration
                animation.autoreverses = true
                animation.repeatCount = .infinity
                animation.isRemovedOnCompletion = false
                layer.add(animation, forKey: "pulse")
            default:
                layer.backgroundColor = Self.cgColor(colors.base)
            }
        }
    }

    /// Stops the animation, leaving the parts in their base colours;
    /// ``applyColorsAndAnimation()`` starts it again.
    func pauseAnimation() {
        for layer in partLayers { layer.removeAllAnimations() }
    }

    private static func cgColor(_ color: SkeletonColor) -> CGColor {
        UIColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha)).cgColor
    }
}
#endif
