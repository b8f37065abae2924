import Foundation

/// Following a table's update calls as its hooks intercept them, UIKit's own calls
/// included: see ``UpdateCallAccounting`` for which calls open and close batches.
extension IndexPathHeightCache {
    /// Whether an intercepted call is open: the next ``UpdateCall/turnEnded`` will make the
    /// cache forget every height.
    package var isInsideUpdateCall: Bool { state.value.accounting.isInsideCall }

    /// Follows one intercepted call: opens or closes batches as ``UpdateCallAccounting``
    /// decides, applying a batch when its outermost level closes.
    ///
    /// Bad input (an end with nothing open) is reported and changes nothing. A call still
    /// open at ``UpdateCall/turnEnded`` makes the cache drop its open batches and forget
    /// every height, with a report.
    ///
    /// - Returns: Whether a call is still open: the caller then sends ``UpdateCall/turnEnded``
    ///   once the main queue has turned.
    /// - Complexity: O(1), or that of the batch when one closes.
    @discardableResult
    package func track(_ call: UpdateCall) -> Bool {
        let effects = state.value.accounting.handle(call)
        for effect in effects {
            switch effect {
            case .open:
                recorder.begin()
            case .close:
                endUpdates()
            case .abandon(let problem):
                report(problem)
                recorder = UpdateRecorder()
                if aligns { invalidateAll() }
            case .report(let problem):
                report(problem)
            }
        }
        #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
        // The engine's own beginUpdates() may add levels; the tracked calls' are all counted.
        precondition(recorder.depth >= state.value.accounting.openBatches,
                     "IndexPathHeightCache: \(recorder.depth) batch levels, \(state.value.accounting.openBatches) tracked")
        #endif
        return state.value.accounting.isInsideCall
    }
}
