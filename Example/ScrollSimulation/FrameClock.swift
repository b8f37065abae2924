import Foundation

/// A display's frame clock, deterministic: frame *n* starts at *n* frame durations, in
/// simulated nanoseconds, so a session gives the same figures on any machine.
package struct FrameClock: Hashable, Sendable {
    /// Frames per second: 120 on ProMotion, 60 otherwise.
    package let framesPerSecond: Int

    /// Creates a clock; a rate below 1 becomes 60.
    package init(framesPerSecond: Int = 120) {
        self.framesPerSecond = framesPerSecond >= 1 ? framesPerSecond : 60
    }

    /// One frame's budget in nanoseconds (8,333,333 at 120 Hz): all the main thread may
    /// spend before the frame is late (WWDC20 "Eliminate animation hitches").
    package var frameNanoseconds: UInt64 { 1_000_000_000 / UInt64(framesPerSecond) }

    /// One frame in seconds, as `CADisplayLink` reports its duration.
    package var frameDuration: TimeInterval { 1 / Double(framesPerSecond) }

    /// When frame `index` starts.
    package func start(ofFrame index: Int) -> UInt64 { UInt64(max(0, index)) * frameNanoseconds }
}

/// What one frame spent: the table's own work, then the idle precache's, in nanoseconds.
package struct FrameRecord: Hashable, Sendable {
    /// Whether a frame is due: something moves (launch, scrolling, an animation). A frame
    /// interval where nothing moves renders nothing, so its work delays no frame and cannot
    /// hitch (Apple's hitch is a frame shown later than expected; WWDC20 "Eliminate
    /// animation hitches"), though it is still main-thread time.
    package var isAnimating = true
    /// Template layouts the table's height requests caused in this frame.
    package var layoutsInFrame = 0
    /// Nanoseconds of those layouts.
    package var frameWork: UInt64 = 0
    /// Template layouts the idle precache did in this frame's spare time.
    package var layoutsInIdle = 0
    /// Nanoseconds of those.
    package var idleWork: UInt64 = 0

    /// Everything the main thread did in this frame.
    package var totalWork: UInt64 { frameWork + idleWork }

    /// How late the frame is: the time over `budget`, 0 when it fits or no frame is due.
    package func hitch(budget: UInt64) -> UInt64 { isAnimating && totalWork > budget ? totalWork - budget : 0 }

    /// The time the frame leaves after the table's work: where the idle precache may run.
    package func idleTime(budget: UInt64) -> UInt64 { frameWork < budget ? budget - frameWork : 0 }
}
