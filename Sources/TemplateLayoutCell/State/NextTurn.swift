#if canImport(UIKit)
import UIKit

/// An action run once on a later turn of the main queue, however many times it is scheduled
/// before that turn: the package's one way to do something after UIKit's current call (an
/// update, a layout pass, a reload) has returned.
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
        // Blocks submitted to the main queue run on the main thread, after the work of the
        // run-loop turn that submitted them (Dispatch).
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.isScheduled = false
                self.action()
            }
        }
    }
}
#endif
