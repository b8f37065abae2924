import Foundation
import Observation
import TemplateLayoutEngine

/// An entry as an app's observable model, written out as the `@Observable` macro expands it,
/// so the demo also compiles where the macro's plugin is not available (iOS builds here).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservableEntry: Observable {
    private let registrar = ObservationRegistrar()
    private var stored: FeedEntry

    init(_ entry: FeedEntry) {
        stored = entry
    }

    var entry: FeedEntry {
        get {
            registrar.access(self, keyPath: \.entry)
            return stored
        }
        set {
            registrar.withMutation(of: self, keyPath: \.entry) { stored = newValue }
        }
    }
}

/// Counts the turns the observed heights ask for; the demo runs each turn by hand.
private final class TurnCounter: @unchecked Sendable {
    // `asked` is read and written only under `lock`: the request may come from any thread.
    private let lock = NSLock()
    private var asked = 0
    var count: Int { lock.withLock { asked } }
    func ask() { lock.withLock { asked += 1 } }
}

/// What `fd_invalidatesHeightsOnObservedChanges` does, on the engine: a row whose
/// measurement read an observable entry is measured again after the entry is edited, with no
/// invalidate call, and two edits in one turn make one refresh.
enum ObservedEditDemo {
    /// Prints the outcome in two lines; `true` when the height followed the edit.
    static func run(template: FeedCellTemplate, id: Int = 42) -> Bool {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            print("Observed edit: skipped (Swift's Observation needs macOS 14)")
            return true
        }
        let template = template.withoutSimulatedCost
        let heights = TableHeightCache(context: FeedScript.startContext, log: DebugLog(reportsProblems: true, sink: .standardError))
        let turns = TurnCounter()
        let observed = ObservedHeights(heights: heights, schedule: { turns.ask() })
        let model = ObservableEntry(FeedGenerator.entry(id: id))
        // What heightForRowAt does with the setting on: look up, else measure while tracking.
        func height() -> CGFloat {
            heights.height(cachedBy: .key(id)) {
                observed.tracking(.key(id)) { template.height(for: model.entry, in: heights.context) }
            }
        }

        let before = height()
        // The author edits the post twice before the run loop turns; no invalidate call.
        model.entry = FeedGenerator.edited(model.entry)
        model.entry = FeedGenerator.edited(model.entry)
        let staleUntilTheTurn = heights.cachedHeight(for: .key(id)) == before
        let changes = observed.applyChanges()
        let after = height()
        let expected = template.height(for: model.entry, in: heights.context)
        let ok = staleUntilTheTurn && turns.count == 1 && changes.forgotten == [.key(id)]
            && after == expected && after != before && heights.statistics.layouts == 2
        print("""
        \(ok ? "verified" : "FAILED"): heights follow an @Observable entry, no invalidate call: entry \(id) edited twice in one turn,
          \(turns.count) turn asked, \(changes.forgotten.count) height forgotten, \(ReportPrinter.points(before)) -> \(ReportPrinter.points(after)) \
        (a fresh layout: \(ReportPrinter.points(expected))), \(heights.statistics.layouts) layouts
        """)
        return ok
    }
}
