#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// The strip above the loading feed: the skeleton's animation style, the debug-log switch,
/// and a one-line readout of what the last load did. It only shows state; the view
/// controller adds itself as the controls' target.
final class LoadingControlPanel: UIView {
    /// Picks the skeleton's style; its segments are `SkeletonAppearance.Style.allCases`.
    let styleControl = UISegmentedControl(items: SkeletonAppearance.Style.allCases.map { $0.rawValue.capitalized })
    /// Turns `fd_debugLogEnabled` on, whose lines include each skeleton's rows by height source.
    let debugLogSwitch = UISwitch()
    private let readoutLabel = UILabel()

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

        readoutLabel.font = .preferredFont(forTextStyle: .footnote)
        readoutLabel.adjustsFontForContentSizeCategory = true
        readoutLabel.textColor = .secondaryLabel
        readoutLabel.numberOfLines = 0

        let stack = UIStackView(arrangedSubviews: [styleControl, debugLogRow, readoutLabel])
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
            styleControl.widthAnchor.constraint(equalTo: stack.widthAnchor),
            readoutLabel.widthAnchor.constraint(equalTo: stack.widthAnchor),
        ])
    }

    @available(*, unavailable, message: "built in code only")
    required init?(coder: NSCoder) {
        fatalError("LoadingControlPanel is built in code only")
    }

    /// The style the segmented control shows.
    var style: SkeletonAppearance.Style {
        get {
            let styles = SkeletonAppearance.Style.allCases
            let index = styleControl.selectedSegmentIndex
            return styles.indices.contains(index) ? styles[index] : .pulse
        }
        set { styleControl.selectedSegmentIndex = SkeletonAppearance.Style.allCases.firstIndex(of: newValue) ?? 0 }
    }

    /// Shows `text` as the readout.
    func showReadout(_ text: String) {
        readoutLabel.text = text
    }
}
#endif
