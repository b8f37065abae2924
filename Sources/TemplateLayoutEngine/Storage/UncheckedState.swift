/// A class's mutable state, stored where Swift does not check exclusive access at run time.
///
/// Why it exists: every access to a stored `var` of a class that the optimiser cannot prove
/// safe calls `swift_beginAccess`, the run-time half of Swift's exclusivity enforcement.
/// On a cache hit that was about 40 ns of 50, measured; without it a hit is a few
/// nanoseconds. The caches own their state alone, are used from one thread, and never
/// call out (to a log sink, a closure) while holding an access to it, which is exactly the
/// guarantee the run-time check exists to enforce, so it buys nothing here.
///
/// That promise is checked where it can break: the owners' coroutine accessors (`_read`,
/// `_modify`) bracket each access with ``beginAccess(modifying:)`` and ``endAccess(modifying:)``,
/// and every call-out asserts ``isAccessed`` is false first. Under
/// `TEMPLATE_LAYOUT_INTERNAL_CHECKS` these trap on an access that overlaps a modification
/// and on a call-out inside an access; otherwise they compile to nothing.
///
/// Non-copyable and stored inline in its owner, so a lookup goes from the owner straight to
/// the state, with no object in between.
///
/// Invariant: `pointer` is initialised from `init` until `deinit`, and nothing else ever
/// holds it.
struct UncheckedState<Value>: ~Copyable {
    private let pointer: UnsafeMutablePointer<Value>
    #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
    /// Accesses open now: reads, and modifications.
    private let open: UnsafeMutablePointer<(reads: Int, modifies: Int)>
    #endif

    init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
        #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
        open = .allocate(capacity: 1)
        open.initialize(to: (0, 0))
        #endif
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
        #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
        open.deallocate()
        #endif
    }

    /// The state, read and written in place.
    @inline(__always)
    var value: Value {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }

    /// An owner's accessor begins an access; traps (in checked builds) if it overlaps a
    /// modification, or if a modification overlaps any access.
    @inline(__always)
    func beginAccess(modifying: Bool) {
        #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
        precondition(open.pointee.modifies == 0 && (!modifying || open.pointee.reads == 0),
                     "UncheckedState: an access overlaps a modification of the state (a call-out re-entered its owner?)")
        if modifying { open.pointee.modifies += 1 } else { open.pointee.reads += 1 }
        #endif
    }

    /// The access begun by ``beginAccess(modifying:)`` ends.
    @inline(__always)
    func endAccess(modifying: Bool) {
        #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
        if modifying { open.pointee.modifies -= 1 } else { open.pointee.reads -= 1 }
        #endif
    }

    /// Whether an access is open; always `false` unless checked.
    var isAccessed: Bool {
        #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
        return open.pointee.reads + open.pointee.modifies > 0
        #else
        return false
        #endif
    }

    /// Traps (in checked builds) if an access is open: call it before calling out.
    @inline(__always)
    func assertNoAccess(before callOut: @autoclosure () -> String) {
        #if TEMPLATE_LAYOUT_INTERNAL_CHECKS
        precondition(!isAccessed, "UncheckedState: calling out (\(callOut())) while holding an access to the state")
        #endif
    }
}
