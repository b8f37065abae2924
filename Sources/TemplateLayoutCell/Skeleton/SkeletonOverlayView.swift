#if canImport(UIKit)
import UIKit

/// Draws a skeleton layout over a cell's content view: one layer per part, animated by the
/// appearance's style, coloured for the style, level and contrast of the surface it is on.
///
/// It paints no background: the cell's own (a `backgroundConfiguration`, an inset-grouped
/// section's rounded fill, an elevated or translucent surface) shows around the parts. The
/// content under the parts is hidden by ``SkeletonController`` instead, and given back when
/// the skeleton hides.
///
/// Every animation starts from one shared origin (``phaseOrigin``), so all rows pulse or
/// shimmer together whenever their cells were configured; showing the same skeleton again
/// (a reused cell, a reload) leaves layers and running animations as they are
/// (``SkeletonRendering/change(from:to:)``).
final class SkeletonOverlayView: UIView {
    private var layout = SkeletonLayout.empty
    private var appearance = SkeletonAppearance()
    private var direction = SkeletonLayoutDirection.leftToRight
    private var partLayers: [CALayer] = []
    /// What the layers show now; `nil` before the first show.
    private(set) var rendering: SkeletonRendering?
    private var lastLayoutSize: CGSize?

    /// Called when the overlay's size changed in a layout pass (the cell's width changed: a
    /// rotation, a resized window) or the text size changed: the table's layout context may
    /// have moved on. The controller holds itself weakly in it.
    var onGeometryChange: (@MainActor () -> Void)?

    /// The media time every skeleton animation of the process counts its phase from
    /// (`CACurrentMediaTime()`, on the clock of `beginTime`), taken once.
    static let phaseOrigin: CFTimeInterval = CACurrentMediaTime()

    override init(frame: CGRect) {
        super.init(frame: frame)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        isUserInteractionEnabled = false
        isAccessibilityElement = false
        accessibilityElementsHidden = true
        clipsToBounds = true
        backgroundColor = nil
        isOpaque = false
        if #available(iOS 17, *) {
            // UIKit calls the handler after any of these traits changed in the view's trait
            // collection (UITraitCollection.h, iOS 17); layer colours are CGColors, which do
            // not follow traits by themselves.
            let colorTraits: [UITrait] = [UITraitUserInterfaceStyle.self, UITraitUserInterfaceLevel.self,
                                          UITraitAccessibilityContrast.self]
            registerForTraitChanges(colorTraits) { (view: SkeletonOverlayView, _: UITraitCollection) in
                view.traitsChanged()
            }
            // Text size and Bold Text are both in the layout context: either changes the rows' heights.
            registerForTraitChanges([UITraitPreferredContentSizeCategory.self, UITraitLegibilityWeight.self]) {
                (view: SkeletonOverlayView, _: UITraitCollection) in
                view.onGeometryChange?()
            }
        }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("not used") }

    /// The traits the colours depend on, from this view's trait collection.
    var traits: SkeletonTraits {
        SkeletonTraits(
            isDark: traitCollection.userInterfaceStyle == .dark,
            isElevated: traitCollection.userInterfaceLevel == .elevated,
            isHighContrast: traitCollection.accessibilityContrast == .high)
    }

    /// Shows `layout` with `appearance`; what already shows it is left alone.
    func show(_ layout: SkeletonLayout, appearance: SkeletonAppearance, direction: SkeletonLayoutDirection) {
        self.layout = layout
        self.appearance = appearance
        self.direction = direction
        render(force: nil)
    }

    /// Makes the layers again for the same layout: after a Reduce Motion change, since the
    /// style decides the layers' class (gradient layers for a shimmer, plain ones otherwise).
    func rebuild() {
        render(force: .rebuild)
    }

    /// Sets the colours and starts the animations again on the same layers: Core Animation
    /// drops a layer's animations when the app goes to the background.
    func restartAnimations() {
        render(force: .restyle)
    }

    private func traitsChanged() {
        render(force: nil)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        // From iOS 17 the registrations in init follow these traits.
        if #available(iOS 17, *) { return }
        render(force: nil)
        if traitCollection.preferredContentSizeCategory != previousTraitCollection?.preferredContentSizeCategory
            || traitCollection.legibilityWeight != previousTraitCollection?.legibilityWeight {
            onGeometryChange?()
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard bounds.size != lastLayoutSize else { return }
        let isFirst = lastLayoutSize == nil
        lastLayoutSize = bounds.size
        if !isFirst { onGeometryChange?() }
    }

    /// Brings the layers to the current rendering: only what changed, unless `force` asks
    /// for at least a restyle or a rebuild.
    private func render(force: SkeletonRendering.Change?) {
        let new = SkeletonRendering(
            layout: layout, appearance: appearance, reduceMotion: UIAccessibility.isReduceMotionEnabled,
            traits: traits, direction: direction)
        var change = SkeletonRendering.change(from: rendering, to: new)
        switch (force, change) {
        case (.rebuild?, _): change = .rebuild
        case (.restyle?, .none): change = .restyle
        default: break
        }
        rendering = new
        switch change {
        case .none:
            return
        case .rebuild:
            partLayers.forEach { $0.removeFromSuperlayer() }
            partLayers = layout.parts.map { part in
                let layer: CALayer = new.style == .shimmer ? CAGradientLayer() : CALayer()
                layer.frame = part.frame
                layer.cornerRadius = part.cornerRadius
                layer.masksToBounds = true
                self.layer.addSublayer(layer)
                return layer
            }
            restyle(new)
        case .restyle:
            restyle(new)
        }
    }

    private func restyle(_ rendering: SkeletonRendering) {
        let base = Self.cgColor(rendering.base)
        let highlight = Self.cgColor(rendering.highlight)
        // Core Animation's beginTime is in the layer's time space; converting the shared origin
        // from the global one (nil) puts every part at the same phase.
        let beginTime = layer.convertTime(Self.phaseOrigin, from: nil)
        for layer in partLayers {
            layer.removeAllAnimations()
            switch (rendering.style, layer) {
            case (.shimmer, let gradient as CAGradientLayer):
                gradient.colors = [base, highlight, base]
                let points = SkeletonAppearance.shimmerPoints(for: rendering.direction)
                gradient.startPoint = points.start
                gradient.endPoint = points.end
                gradient.locations = SkeletonAppearance.shimmerLocations.from.map { NSNumber(value: $0) }
                let animation = CABasicAnimation(keyPath: "locations")
                animation.fromValue = SkeletonAppearance.shimmerLocations.from.map { NSNumber(value: $0) }
                animation.toValue = SkeletonAppearance.shimmerLocations.to.map { NSNumber(value: $0) }
                gradient.add(Self.repeating(animation, rendering, beginTime: beginTime, autoreverses: false), forKey: "shimmer")
            case (.pulse, _):
                layer.backgroundColor = base
                let animation = CABasicAnimation(keyPath: "backgroundColor")
                animation.fromValue = base
                animation.toValue = highlight
                layer.add(Self.repeating(animation, rendering, beginTime: beginTime, autoreverses: true), forKey: "pulse")
            default:
                layer.backgroundColor = base
            }
        }
    }

    /// Stops the animation, leaving the parts in their base colours;
    /// ``restartAnimations()`` starts it again.
    func pauseAnimation() {
        for layer in partLayers { layer.removeAllAnimations() }
    }

    /// `animation`, repeating forever from the shared origin, at the style's low frame rate.
    private static func repeating(
        _ animation: CABasicAnimation, _ rendering: SkeletonRendering, beginTime: CFTimeInterval, autoreverses: Bool
    ) -> CABasicAnimation {
        animation.duration = rendering.duration
        animation.autoreverses = autoreverses
        animation.repeatCount = .infinity
        animation.beginTime = beginTime
        // Kept on the layer when the app goes to the background, where Core Animation
        // otherwise removes it; the controller restarts it on the way back as well.
        animation.isRemovedOnCompletion = false
        if #available(iOS 15, *) {
            // A hint to Core Animation (CAAnimation.h, iOS 15): a ProMotion screen may then
            // run this animation at the low rate instead of 120 Hz.
            let range = SkeletonAppearance.frameRateRange(for: rendering.style)
            animation.preferredFrameRateRange = CAFrameRateRange(
                minimum: range.minimum, maximum: range.maximum, preferred: range.preferred)
        }
        return animation
    }

    private static func cgColor(_ color: SkeletonColor) -> CGColor {
        UIColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha)).cgColor
    }
}
#endif
