#if canImport(UIKit)
import UIKit

/// An action run once on a later turn of the main queue, however many times it is scheduled
/// before that turn: the package's one way to do something after UIKit's current call (an
/// update, a layout pass, a reload) has returned. Not inside a run of the run loop that code
/// spun inside one of the package's calls (see ``LiveCalls``).
@MainActor
final class NextTurn {
    private let action: @MainActor () -> Void
    private var isScheduled = false

    init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    /// Runs the action on a later turn, unless it is scheduled already.
    func schedule() {
        guard !isScheduled else { return }
        isScheduled = true
        LiveCalls.onLaterTurn {
            self.isScheduled = false
            self.action()
        }
    }
}
#endif
