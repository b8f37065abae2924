#if canImport(UIKit)
import UIKit

/// The strip above the collection screen: the grid's column count, a hint, and the live
/// `fd_sizeStatistics` readout. It only shows state; the view controller owns the behaviour.
final class CollectionControlPanel: UIView {
    /// The column counts the grid offers, in segment order.
    static let columnCounts = [2, 3]

    /// Picks the grid's column count (``columnCounts``).
    let columnControl = UISegmentedControl(items: CollectionControlPanel.columnCounts.map { "\($0) columns" })
    private let hintLabel = UILabel()
    private let statisticsLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground

        hintLabel.text = "2 → 3 → 2 columns: the cards are measured once per column width; going back only hits."
        hintLabel.font = .preferredFont(forTextStyle: .footnote)
        hintLabel.adjustsFontForContentSizeCategory = true
        hintLabel.numberOfLines = 0

        statisticsLabel.font = UIFontMetrics(forTextStyle: .footnote)
            .scaledFont(for: .monospacedDigitSystemFont(ofSize: 13, weight: .regular))
        statisticsLabel.adjustsFontForContentSizeCategory = true
        statisticsLabel.textColor = .secondaryLabel
        statisticsLabel.numberOfLines = 0
        statisticsLabel.accessibilityLabel = "Size statistics"

        let stack = UIStackView(arrangedSubviews: [columnControl, hintLabel, statisticsLabel])
        stack.axis = .vertical
        stack.spacing = 8
        stack.alignment = .leading
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
            stack.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
            columnControl.widthAnchor.constraint(equalTo: stack.widthAnchor),
        ])
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("CollectionControlPanel is built in code only")
    }

    /// The column count the segmented control shows.
    var columnCount: Int {
        get {
            let index = columnControl.selectedSegmentIndex
            return Self.columnCounts.indices.contains(index) ? Self.columnCounts[index] : Self.columnCounts[0]
        }
        set { columnControl.selectedSegmentIndex = Self.columnCounts.firstIndex(of: newValue) ?? 0 }
    }

    /// Shows `text` as the statistics readout, touching the label only when it changes.
    func showStatistics(_ text: String) {
        if statisticsLabel.text != text { statisticsLabel.text = text }
    }
}
#endif
