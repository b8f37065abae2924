import Foundation
import TemplateLayoutEngine

/// What a self-sizing table answers from `estimatedHeightForRowAt`.
package enum EstimateStrategy: CaseIterable, Hashable, Sendable {
    /// Plain self-sizing: `estimatedRowHeight` for every row, nothing recorded.
    case plain
    /// This package: the height UIKit gave each displayed row, recorded by entry per layout
    /// context and persisted (`recordDisplayedHeight`), answered as the estimate, else the
    /// identifier's median, else `estimatedRowHeight` (`TableHeightCache.estimate`).
    case recorded

    package var name: String {
        switch self {
        case .plain: "plain self-sizing"
        case .recorded: "recorded heights"
        }
    }
}

/// One launch's estimates: the strategy's memory of heights.
final class LaunchEstimates {
    let strategy: EstimateStrategy
    let tableEstimate: CGFloat
    private let cache: TableHeightCache?
    private let disk: SimulatedDisk

    init(strategy: EstimateStrategy, tableEstimate: CGFloat, screen: ScreenLayout, disk: SimulatedDisk) {
        self.strategy = strategy
        self.tableEstimate = tableEstimate
        self.disk = disk
        switch strategy {
        case .plain:
            cache = nil
        case .recorded:
            let cache = TableHeightCache(context: screen.context)
            cache.persistence = disk.launch(on: screen.context)
            self.cache = cache
        }
    }

    /// The estimate for `entry` of `kind`.
    func estimate(entry: Int, kind: CellKind) -> CGFloat {
        guard let cache else { return tableEstimate }
        return cache.estimate(for: .key(entry), identifier: kind.identifier, tableEstimate: tableEstimate).height
    }

    /// UIKit displayed `entry` at `height`: the app's `willDisplay` records it.
    func displayed(entry: Int, kind: CellKind, height: CGFloat) {
        cache?.recordDisplayedHeight(height, for: .key(entry), identifier: kind.identifier)
    }

    func screenChanged(to screen: ScreenLayout) {
        cache?.switchContext(to: screen.context)
        disk.waitForReads()
    }
}

extension CellKind {
    /// The reuse identifier of the kind's cell.
    var identifier: String {
        switch self {
        case .simple: "Simple"
        case .textHeavy: "Text"
        case .complex: "Complex"
        }
    }
}
