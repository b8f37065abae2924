#if canImport(UIKit)
import UIKit

/// Prepares and measures collection-view templates: the table templates' preparation
/// (traits, Bold Text, configuration update, iOS 26 properties update, shared through
/// ``TemplatePreparation``), then a fitting along the free dimension by the engine's
/// ``ItemSizingRules``.
@MainActor
enum CollectionTemplateMeasurer {
    /// Before configuring: the collection view's text size, weight and scale (iOS 17 and
    /// later; earlier the state builds new templates when the text changes).
    static func prepare(_ view: UICollectionReusableView, for context: LayoutContext, state: CollectionLayoutState) {
        TemplatePreparation.applyTraits(
            contentSizeCategory: context.contentSizeCategory, displayScale: context.displayScale,
            legibilityWeight: context.legibilityWeight, to: view, reportOnce: state.reportOnce)
    }

    /// After configuring: a cell's configuration update, then the pending properties update
    /// (iOS 26), in the order and on the conditions of table cells (see
    /// `TemplatePreparation.runConfigurationUpdate(of:width:)`). Supplementary views have no
    /// configuration API (`UICollectionReusableView`): only the properties update.
    static func runConfigurationUpdate(of view: UICollectionReusableView, fixing dimension: LayoutContext.FixedDimension, length: CGFloat) {
        guard let cell = view as? UICollectionViewCell, hasOwnConfigurationUpdate(cell) else {
            TemplatePreparation.runPendingPropertiesUpdate(of: view)
            return
        }
        // Laid out at its measuring length, not init(frame: .zero)'s, so rigid constraints
        // do not break and log during the pass.
        setFixedLength(length, of: view, fixing: dimension)
        TemplatePreparation.runConfigurationUpdate(of: cell, requestUpdate: cell.setNeedsUpdateConfiguration) {
            let state = cell.configurationState
            cell.updateConfiguration(using: state)
            if let handler = cell.configurationUpdateHandler { handler(cell, state) }
        }
    }

    /// Whether `cell` sets content in a configuration update: a handler, or a class that
    /// overrides `updateConfiguration(using:)` (list cells do: UIKit's list cell styles its
    /// background there).
    static func hasOwnConfigurationUpdate(_ cell: UICollectionViewCell) -> Bool {
        if cell.configurationUpdateHandler != nil { return true }
        let selector = #selector(UICollectionViewCell.updateConfiguration(using:))
        return type(of: cell).instanceMethod(for: selector) != UICollectionViewCell.instanceMethod(for: selector)
    }

    /// The configured template's length along the free dimension, at `length` along
    /// `dimension`.
    ///
    /// Auto Layout goes through the view's own `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`,
    /// the call UIKit's self-sizing makes in `preferredLayoutAttributesFitting(_:)` ("The
    /// default implementation ... calls systemLayoutSizeFitting", UICollectionViewCell docs),
    /// with the fixed axis `.required` and the free one `.fittingSizeLevel`; then
    /// `sizeThatFits(_:)` at the fixed length; then `fallback` (``ItemSizingRules``).
    static func length(
        of view: UICollectionReusableView, fixing dimension: LayoutContext.FixedDimension, length: CGFloat,
        fallback: CGFloat, log: DebugLog
    ) -> FittingLength {
        setFixedLength(length, of: view, fixing: dimension)
        let fixesWidth = dimension == .width
        let result = ItemSizingRules.fittingLength(
            enforceFrameLayout: view.fd_enforceFrameLayout,
            autoLayout: {
                let target = fixesWidth
                    ? CGSize(width: length, height: UIView.layoutFittingCompressedSize.height)
                    : CGSize(width: UIView.layoutFittingCompressedSize.width, height: length)
                let size = view.systemLayoutSizeFitting(
                    target,
                    withHorizontalFittingPriority: fixesWidth ? .required : .fittingSizeLevel,
                    verticalFittingPriority: fixesWidth ? .fittingSizeLevel : .required)
                return fixesWidth ? size.height : size.width
            },
            frameLayout: {
                let size = view.sizeThatFits(fixesWidth ? CGSize(width: length, height: 0) : CGSize(width: 0, height: length))
                return fixesWidth ? size.height : size.width
            },
            fallback: fallback)
        log.trace(traceLine(for: result, free: fixesWidth ? "height" : "width"))
        return result
    }

    private static func setFixedLength(_ length: CGFloat, of view: UIView, fixing dimension: LayoutContext.FixedDimension) {
        switch dimension {
        case .width: if view.bounds.width != length { view.bounds.size.width = length }
        case .height: if view.bounds.height != length { view.bounds.size.height = length }
        }
    }

    private static func traceLine(for result: FittingLength, free: String) -> String {
        let length = String(describing: result.length)
        switch result.method {
        case .autoLayout: return "calculate \(free) using system fitting size (AutoLayout) - \(length)"
        case .frameLayout: return "calculate \(free) using sizeThatFits - \(length)"
        case .fallback: return "calculate \(free) using the fallback (neither Auto Layout nor sizeThatFits gave one) - \(length)"
        }
    }
}
#endif
