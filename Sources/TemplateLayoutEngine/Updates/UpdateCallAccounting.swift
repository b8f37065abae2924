import Foundation

/// One call a table's update hooks intercept, in the order UIKit makes them.
///
/// Row and section changes and `reloadData` are not here: they go to the cache as
/// ``TableUpdate``s and `reloadData()`. These are the calls that open and close batches.
package enum UpdateCall: Hashable, Sendable {
    /// `performBatchUpdates(_:completion:)` was entered, before UIKit's method runs.
    case batchCallEntered
    /// The updates closure of the innermost `performBatchUpdates` starts.
    case batchBodyStarted
    /// The updates closure of the innermost `performBatchUpdates` returned.
    case batchBodyEnded
    /// UIKit's `performBatchUpdates(_:completion:)` returned.
    case batchCallLeft
    /// The public `beginUpdates()`, from the app or from UIKit itself.
    case beginUpdates
    /// The public `endUpdates()`, from the app or from UIKit itself.
    case endUpdates
    /// The main queue turned: no update call of this turn is still running.
    case turnEnded
}

/// Which intercepted calls open and close the index-path cache's batches, so that UIKit's
/// own calls inside its methods can never leave a batch open.
///
/// UIKit's `performBatchUpdates` (iOS 18.2 and 26.1) sends the public `beginUpdates()`,
/// runs the closure, and closes with a private method, never the public `endUpdates()`;
/// a version that closed publicly would send both. Counting the public pair would leave
/// every table inside a batch for good after one `performBatchUpdates`, recording every
/// later update and applying none. So the pair is not counted blindly:
/// - a `performBatchUpdates` owns the first `beginUpdates()` sent between its entry and
///   its closure, and an `endUpdates()` sent after its closure: neither opens nor closes
///   anything;
/// - its closure is the batch: opened when it starts, closed (and applied, before UIKit
///   resolves the batch and asks for heights) when it returns;
/// - any other `beginUpdates()` is the app's, and opens a batch its `endUpdates()` closes;
/// - when `performBatchUpdates` returns, whatever it left open is closed;
/// - nothing UIKit does spans a main-queue turn: a frame still open when the queue turns was
///   left by an exception thrown through the hooks (which skips their exits) or by a batch
///   UIKit closed privately. Nobody can say which updates UIKit applied then, so the cache
///   forgets everything: heights are measured again, never served for the wrong rows.
///
/// Invariant: ``openBatches`` is the number of `.body` and `.app` frames.
package struct UpdateCallAccounting: Hashable, Sendable {
    /// What the cache does for one call.
    package enum Effect: Hashable, Sendable {
        /// Open a batch level.
        case open
        /// Close a batch level; the outermost applies what it recorded.
        case close
        /// Something was left open: drop every level and forget every height.
        case abandon(String)
        /// Bad input, ignored; the text says what.
        case report(String)
    }

    /// One open call, innermost last.
    enum Frame: Hashable, Sendable {
        /// A `performBatchUpdates` call; whether it sent `beginUpdates()` (owned, not
        /// counted) and whether its closure has run.
        case call(sentBegin: Bool, ranBody: Bool)
        /// A `performBatchUpdates` closure: one batch level.
        case body
        /// An app's `beginUpdates()`: one batch level.
        case app
    }

    private(set) var frames: [Frame] = []

    /// Creates an accounting with nothing open.
    package init() {}

    /// How many batch levels are open.
    package var openBatches: Int { frames.reduce(0) { $0 + ($1.isCall ? 0 : 1) } }

    /// Whether a call is open, so that the end of the main-queue turn must be reported.
    package var isInsideCall: Bool { !frames.isEmpty }

    /// What the cache does for `call`, in order.
    ///
    /// Bad input (an `endUpdates()` or a closure end with nothing to close) is reported and
    /// changes nothing.
    ///
    /// - Complexity: O(*d*) for *d* open frames, O(1) for the usual one or two.
    package mutating func handle(_ call: UpdateCall) -> [Effect] {
        defer { checkInvariants() }
        switch call {
        case .batchCallEntered:
            frames.append(.call(sentBegin: false, ranBody: false))
            return []
        case .beginUpdates:
            if frames.last == .call(sentBegin: false, ranBody: false) {
                frames[frames.count - 1] = .call(sentBegin: true, ranBody: false)
                return [] // performBatchUpdates' own: its closure is the batch.
            }
            frames.append(.app)
            return [.open]
        case .endUpdates:
            switch frames.last {
            case .app:
                frames.removeLast()
                return [.close]
            case .call(sentBegin: true, ranBody: true):
                frames[frames.count - 1] = .call(sentBegin: false, ranBody: true)
                return [] // performBatchUpdates closing publicly: its batch closed with its closure.
            default:
                return [.report("endUpdates without beginUpdates; ignored")]
            }
        case .batchBodyStarted:
            if case .call(let sentBegin, ranBody: false) = frames.last {
                frames[frames.count - 1] = .call(sentBegin: sentBegin, ranBody: true)
            }
            frames.append(.body)
            return [.open]
        case .batchBodyEnded:
            guard let body = frames.lastIndex(of: .body) else {
                return [.report("a performBatchUpdates closure ended that was not seen starting; ignored")]
            }
            return closeFrames(from: body, reason: "beginUpdates without endUpdates inside performBatchUpdates")
        case .batchCallLeft:
            guard let index = frames.lastIndex(where: \.isCall) else {
                return [.report("performBatchUpdates returned without being seen entering; ignored")]
            }
            return closeFrames(from: index, reason: "a batch left open by performBatchUpdates")
        case .turnEnded:
            guard !frames.isEmpty else { return [] }
            frames = []
            return [.abandon(
                "an update call was still open when the main queue turned (an exception thrown through it, or a " +
                "batch UIKit closed without endUpdates); forgetting every index-path height")]
        }
    }

    /// Removes the frame at `index` and every one above it, closing each batch level they
    /// hold, innermost first; reports levels that were not the frame's own.
    private mutating func closeFrames(from index: Int, reason: String) -> [Effect] {
        let closed = frames[index...]
        frames.removeSubrange(index...)
        var effects: [Effect] = []
        let levels = closed.reduce(0) { $0 + ($1.isCall ? 0 : 1) }
        // The frame's own level (a closure's) is expected; anything above it was left open.
        let strays = levels - (closed.first == .body ? 1 : 0)
        if strays > 0 { effects.append(.report("\(reason) (\(strays)); closed")) }
        effects += Array(repeating: .close, count: levels)
        return effects
    }
}

extension UpdateCallAccounting.Frame {
    var isCall: Bool {
        if case .call = self { return true }
        return false
    }
}
