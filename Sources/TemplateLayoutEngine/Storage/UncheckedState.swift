/// A class's mutable state, stored where Swift does not check exclusive access at run time.
///
/// Why it exists: every access to a stored `var` of a class that the optimiser cannot prove
/// safe calls `swift_beginAccess`, the run-time half of Swift's exclusivity enforcement.
/// On a cache hit that was about 40 ns of 50, measured; without it a hit is a few
/// nanoseconds. The caches own their state alone, are used from one thread, and never
/// call out (to a log sink, a closure) while holding an access to it, which is exactly the
/// guarantee the run-time check exists to enforce, so it buys nothing here.
///
/// Non-copyable and stored inline in its owner, so a lookup goes from the owner straight to
/// the state, with no object in between.
///
/// Invariant: `pointer` is initialised from `init` until `deinit`, and nothing else ever
/// holds it.
struct UncheckedState<Value>: ~Copyable {
    private let pointer: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// The state, read and written in place.
    @inline(__always)
    var value: Value {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }
}
