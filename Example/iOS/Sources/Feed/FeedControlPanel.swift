#if canImport(UIKit)
import UIKit

/// The strip above the feed: the height-cache mode, the debug-log switch, and the live
/// statistics readout. It only shows state; the feed view controller owns the behaviour
/// and adds itself as the controls' target.
final class FeedControlPanel: UIView {
    /// Picks the ``HeightCacheMode``; its segments are the modes in declaration order.
    let cacheModeControl = UISegmentedControl(items: HeightCacheMode.allCases.map(\.title))
    /// Turns `fd_debugLogEnabled` on and off.
    let debugLogSwitch = UISwitch()
    private let statisticsLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground

        let debugLogLabel = UILabel()
        debugLogLabel.text = "Debug log"
        debugLogLabel.font = .preferredFont(forTextStyle: .subheadline)
        debugLogLabel.adjustsFontForContentSizeCategory = true
        let debugLogRow = UIStackView(arrangedSubviews: [debugLogLabel, debugLogSwitch])
        debugLogRow.spacing = 8
        debugLogRow.alignment = .center

        statisticsLabel.font = UIFontMetrics(forTextStyle: .footnote)
            .scaledFont(for: .monospacedDigitSystemFont(ofSize: 13, weight: .regular))
        statisticsLabel.adjustsFontForContentSizeCategory = true
        statisticsLabel.textColor = .secondaryLabel
        statisticsLabel.numberOfLines = 0
        statisticsLabel.accessibilityLabel = "Height statistics"

        let stack = UIStackView(arrangedSubviews: [cacheModeControl, debugLogRow, statisticsLabel])
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
            cacheModeControl.widthAnchor.constraint(equalTo: stack.widthAnchor),
        ])
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("FeedControlPanel is built in code only")
    }

    /// The mode the segmented control shows.
    var cacheMode: HeightCacheMode {
        get { HeightCacheMode(rawValue: cacheModeControl.selectedSegmentIndex) ?? .uncached }
        set { cacheModeControl.selectedSegmentIndex = newValue.rawValue }
    }

    /// Shows `text` as the statistics readout, touching the label only when it changes.
    func showStatistics(_ text: String) {
        if statisticsLabel.text != text { statisticsLabel.text = text }
    }
}
#endif
