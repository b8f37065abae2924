#if canImport(UIKit)
import UIKit

/// The package's calls still running on the main thread (a `performBatchUpdates`, a template
/// measurement), so that work meant for "the next turn" does not run inside one of them.
///
/// A block of the main queue runs on a later turn of the main run loop, which is after the
/// current call has returned, unless code inside that call runs the run loop itself:
/// `NSAttributedString`'s HTML import does, and apps call it in configure closures. Such a
/// block would see a batch still open and forget every height, or send an update from inside
/// UIKit's own (review 18b, F1). The rules are the engine's ``LiveCallDepths`` and
/// ``LiveCallWait``; this feeds them the main run loop's entries and exits, from an
/// observer, and keeps the waiting work in order.
@MainActor
enum LiveCalls {
    private static var depths = LiveCallDepths()
    private static var observer: CFRunLoopObserver?
    /// Work that found itself inside a live call, in the order it came: run in that order
    /// once outside (a held batch's completion before later work of the same kind).
    private static var waiting: [@MainActor () -> Void] = []
    private static var wait = LiveCallWait()

    /// Runs `body` as a live call.
    static func during<T>(_ body: () throws -> T) rethrows -> T {
        let call = enter()
        defer { leave(call) }
        return try body()
    }

    /// Starts a live call; pass what it returns to ``leave(_:)`` when the call returns.
    static func enter() -> Int {
        installObserverIfNeeded()
        return depths.enter()
    }

    /// Ends the live call `call` returned by ``enter()``.
    static func leave(_ call: Int) {
        depths.leave(call)
    }

    /// How many runs of the main run loop are entered and not exited now: deeper than when
    /// a call started means a run entered inside it is going on.
    static var runLoopDepth: Int { depths.runLoopDepth }

    /// Whether the caller runs inside a live call: in a run of the main run loop that code
    /// inside that call entered.
    static var isInsideOne: Bool {
        depths.isInsideALiveCall()
    }

    /// Runs `action` on a later turn of the main queue that is not inside a live call.
    static func onLaterTurn(_ action: @escaping @MainActor () -> Void) {
        // Blocks submitted to the main queue run on the main thread, after the work of the
        // run-loop turn that submitted them (Dispatch).
        DispatchQueue.main.async { MainActor.assumeIsolated { runOutsideLiveCalls(action) } }
    }

    /// Runs `action` now, unless the caller is inside a live call; then on a later turn
    /// outside one, after the work that waited before it.
    static func runOutsideLiveCalls(_ action: @escaping @MainActor () -> Void) {
        waiting.append(action)
        if waiting.count == 1 { runWaitingWork() }
    }

    /// Runs the waiting work in order, or looks again a little later while inside a live
    /// call: not at once, as the run spun inside the call may be waiting for another thread
    /// (HTML import waits for WebKit's), and a block queued at once would keep waking it.
    private static func runWaitingWork() {
        while !waiting.isEmpty {
            if isInsideOne {
                guard wait.givesUp(atNanoseconds: DispatchTime.now().uptimeNanoseconds, activity: depths.callActivity) else {
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
                        MainActor.assumeIsolated { runWaitingWork() }
                    }
                    return
                }
                depths.forgetLiveCalls()
                report("work for the next turn waited \(LiveCallWait.longestWait) s while no call started or ended; a call may have been cut short by an exception; running it")
            }
            wait.ended()
            // Removed before it runs: work it schedules goes behind the rest. The rest is
            // looked at again on a later turn too, should this action raise and be caught
            // above (review 18e, E2): otherwise nothing would drain them again.
            let action = waiting.removeFirst()
            if !waiting.isEmpty { DispatchQueue.main.async { MainActor.assumeIsolated { runWaitingWork() } } }
            action()
        }
    }

    /// Reported once per process in debug builds, as the package reports other problems
    /// that are not a table's.
    private static var hasReported = false
    private static func report(_ message: String) {
        #if DEBUG
        guard !hasReported else { return }
        hasReported = true
        DebugLog(isEnabled: false, reportsProblems: true).problem(message)
        #endif
    }

    private static func installObserverIfNeeded() {
        guard observer == nil else { return }
        // Entry and exit are reported for every run of the loop in the observed modes, nested
        // ones included (CFRunLoop.h). The common modes are those the main queue is serviced
        // in, so every run that can run a block of it is counted.
        let observer = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity([.entry, .exit]).rawValue, true, 0
        ) { _, activity in
            // The main run loop's observers run on the main thread.
            MainActor.assumeIsolated { depths.runLoop(entered: activity.contains(.entry)) }
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
        self.observer = observer
    }
}
#endif
