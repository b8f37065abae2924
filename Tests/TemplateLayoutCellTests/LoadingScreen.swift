#if canImport(UIKit)
import UIKit
import TemplateLayoutCell

/// A screen whose table shows a skeleton whose placeholder closure captures the screen, as
/// apps' closures do: what the placeholder's lifetime tests hold and release.
@MainActor
final class LoadingScreen: UIViewController {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
    let sampleText = TableFixture.text(2)

    override func loadView() {
        table.register(LabelCell.self, forCellReuseIdentifier: RecordingTableFixture.cellIdentifier)
        view = table
    }

    func startLoading() {
        table.fd_showSkeleton(SkeletonConfiguration(identifier: RecordingTableFixture.cellIdentifier, rowCount: 3) { cell in
            (cell as? LabelCell)?.label.text = self.sampleText // captures the screen, as apps do
        })
        table.layoutIfNeeded()
    }
}
#endif
