import Foundation

/// The measuring rules of FDTemplateLayoutCell, as decisions without views: which method
/// to try in which order, what counts as no answer, and what is added for the separator.
///
/// The UIKit layer supplies the two measurements as closures; only the ones needed run.
package enum SizingRules {
    /// `UITableView.automaticDimension`.
    package static let automaticDimension: CGFloat = -1

    /// Whether the Auto Layout measurement (the cell's own `systemLayoutSizeFitting`)
    /// already counts the separator below the content view, so that nothing is added to it.
    /// `false`: the separator is added, as FDTemplateLayoutCell added it to its content-view
    /// fitting height. Heights from `sizeThatFits` and the fallback always get the separator
    /// added (FD's contract for frame-layout cells: "fitting height should not include
    /// separator view").
    ///
    /// Only a device can say which is right: `SelfSizingParityTests.testSeparatorsOnAndOffMatchUIKit`
    /// compares the package's heights with UIKit's self-sized rows with separators on and
    /// off; if it fails by exactly one pixel with separators on, flip this.
    package static let autoLayoutFittingIncludesSeparator = false

    /// The height of a template: Auto Layout first (unless the cell enforces frame
    /// layout), then `sizeThatFits` if that gives no height, then `fallback`; plus the
    /// separator.
    ///
    /// "No height" is 0, negative, NaN or infinite: Auto Layout answers 0 for a content view
    /// without constraints, and a broken cell can answer anything.
    ///
    /// - Parameters:
    ///   - enforceFrameLayout: The cell's `fd_enforceFrameLayout`: skip Auto Layout.
    ///   - autoLayout: Measures with Auto Layout; called at most once.
    ///   - frameLayout: Measures with `sizeThatFits`; called only if Auto Layout gave no height.
    ///   - fallback: The height used when neither gives one; invalid values become 44.
    ///   - separator: Added to the result; see ``separatorHeight(showsSeparators:displayScale:)``.
    ///   - autoLayoutIncludesSeparator: Whether an Auto Layout height already holds the
    ///     separator; see ``autoLayoutFittingIncludesSeparator``.
    /// - Complexity: O(1) plus the closures called.
    package static func fittingHeight(
        enforceFrameLayout: Bool, autoLayout: () -> CGFloat, frameLayout: () -> CGFloat,
        fallback: CGFloat, separator: CGFloat,
        autoLayoutIncludesSeparator: Bool = autoLayoutFittingIncludesSeparator
    ) -> FittingHeight {
        let extra = isHeight(separator) ? separator : 0
        if !enforceFrameLayout {
            let height = autoLayout()
            if isHeight(height) {
                return FittingHeight(height: height + (autoLayoutIncludesSeparator ? 0 : extra), method: .autoLayout)
            }
        }
        let height = frameLayout()
        if isHeight(height) { return FittingHeight(height: height + extra, method: .frameLayout) }
        return FittingHeight(height: (isHeight(fallback) ? fallback : 44) + extra, method: .fallback)
    }

    /// The separator a plain `UITableViewCell` adds below its content: one device pixel,
    /// when the table shows separators.
    ///
    /// Bad input: a display scale that is not a positive finite number counts as 1.
    package static func separatorHeight(showsSeparators: Bool, displayScale: CGFloat) -> CGFloat {
        guard showsSeparators else { return 0 }
        return 1 / (displayScale.isFinite && displayScale > 0 ? displayScale : 1)
    }

    /// The height to answer when nothing can be measured: the table's estimated row height
    /// if it has a real one, else its row height, else 44 (UIKit's default).
    ///
    /// `automaticDimension` (-1) and other non-positive or invalid values are skipped.
    package static func fallbackRowHeight(estimatedRowHeight: CGFloat, rowHeight: CGFloat) -> CGFloat {
        if isHeight(estimatedRowHeight) { return estimatedRowHeight }
        if isHeight(rowHeight) { return rowHeight }
        return 44
    }

    private static func isHeight(_ value: CGFloat) -> Bool {
        value.isFinite && value > 0
    }
}
