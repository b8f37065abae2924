#if canImport(UIKit)
/// A small pseudo-random generator (SplitMix64) whose output depends only on its seed.
///
/// The demo never asks the system for randomness: the same seed gives the same feed and
/// the same sequence of edits on every device and every launch, so a height problem seen
/// once can be reproduced by tapping the same buttons again.
///
/// The package's own generator (`SeededRandom`, beside the reference model) is `package`
/// and not in any product; this app is built by its own Xcode project, outside the package,
/// as an app using the library would be, so it keeps this small copy.
struct SeededGenerator: Sendable {
    private var state: UInt64

    /// Creates a generator that will produce the sequence of `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `range`. Written here rather than with `Int.random(in:using:)`, whose
    /// algorithm the standard library does not promise to keep, so feeds stay the same
    /// across Swift versions.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % span)
    }

    /// An index below `count`, which must be positive.
    mutating func index(below count: Int) -> Int {
        int(in: 0...(count - 1))
    }

    /// One element of a non-empty array.
    mutating func element<Element>(of elements: [Element]) -> Element {
        elements[index(below: elements.count)]
    }

    /// `true` one time in `n`, on average.
    mutating func oneIn(_ n: Int) -> Bool {
        int(in: 1...n) == 1
    }
}
#endif
