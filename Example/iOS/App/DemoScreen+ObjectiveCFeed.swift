import UIKit

extension DemoScreen {
    /// FDTemplateLayoutCell's own demo, in Objective-C (`FDObjectiveCFeedViewController`,
    /// seen through the bridging header). Defined here, in the app target only, because the
    /// package's `TemplateLayoutCellExample` target has no Objective-C code.
    @MainActor static let objectiveCFeed = DemoScreen(title: "Obj-C") {
        FDObjectiveCFeedViewController(style: .plain)
    }
}
