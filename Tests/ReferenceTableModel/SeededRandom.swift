/// A small seeded pseudo-random generator (SplitMix64) whose every draw is defined
/// here, so a seed replays the same sequence on any platform and any Swift version.
///
/// The standard library's `Int.random(in:using:)` and `shuffled(using:)` are free to
/// change how they consume a generator between releases; a failing model-based test is
/// only useful if its seed still reproduces it later, so the draws that matter are
/// written out below instead.
///
/// The package's one seeded generator: the tests, the model, the benchmark and the
/// feed demo all draw from it (`package`, so no app sees it). It lives here, beside the
/// reference model, rather than in the engine, which ships in every app and has no use for
/// randomness. The iOS example app, built outside the package, keeps its own small copy.
///
/// Not cryptographic. A value type: copying it forks the sequence.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The generator's whole state; the next draw depends on nothing else.
    package private(set) var state: UInt64

    /// Creates a generator whose sequence is determined by `seed` alone.
    ///
    /// Bad input: none; every seed, 0 included, gives a full-period sequence.
    ///
    /// - Complexity: O(1).
    package init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64 random bits.
    ///
    /// Bad input: none.
    ///
    /// - Complexity: O(1).
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: a bijective scramble of 64 bits, for deriving seeds and
    /// hashing small values deterministically (unlike `Hasher`, which is seeded per process).
    ///
    /// Bad input: none; every value has exactly one image.
    ///
    /// - Complexity: O(1).
    package static func mix(_ value: UInt64) -> UInt64 {
        var bits = value
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        return bits ^ (bits >> 31)
    }

    /// A new generator whose sequence is independent of this one's continuation, for
    /// giving a sub-task its own stream without disturbing the caller's.
    ///
    /// Bad input: none.
    ///
    /// - Complexity: O(1).
    package mutating func split() -> SeededRandom {
        SeededRandom(seed: Self.mix(next() ^ 0x6A09_E667_F3BC_C909))
    }

    /// A uniformly distributed integer in `range` (Lemire's multiply-and-reject method).
    ///
    /// Bad input: an empty range traps, since it is a bug in the caller.
    ///
    /// - Complexity: O(1) expected.
    package mutating func int(in range: Range<Int>) -> Int {
        precondition(!range.isEmpty, "SeededRandom.int(in:) needs a non-empty range, got \(range)")
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        var product = next().multipliedFullWidth(by: span)
        if product.low < span {
            // Reject the few low words that would make some results more likely than others.
            let threshold = (0 &- span) % span
            while product.low < threshold {
                product = next().multipliedFullWidth(by: span)
            }
        }
        return range.lowerBound &+ Int(truncatingIfNeeded: product.high)
    }

    /// A uniformly distributed integer in `range`.
    ///
    /// Bad input: a range ending at `Int.max` traps.
    ///
    /// - Complexity: O(1) expected.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        int(in: range.lowerBound..<(range.upperBound + 1))
    }

    /// `true` with probability `probability`.
    ///
    /// Bad input: probabilities at or below 0 are never true, at or above 1 always.
    ///
    /// - Complexity: O(1).
    package mutating func chance(_ probability: Double) -> Bool {
        // 53 random bits make a uniform double in [0, 1).
        Double(next() >> 11) * 0x1p-53 < probability
    }

    /// A uniformly chosen element of `collection`.
    ///
    /// Bad input: an empty collection gives `nil`.
    ///
    /// - Complexity: O(1) for random-access collections, O(*n*) otherwise.
    package mutating func element<C: Collection>(of collection: C) -> C.Element? {
        guard !collection.isEmpty else { return nil }
        return collection[collection.index(collection.startIndex, offsetBy: int(in: 0..<collection.count))]
    }

    /// An index chosen with probability proportional to its weight, or `nil` if no
    /// weight is positive.
    ///
    /// Bad input: negative and non-finite weights count as 0.
    ///
    /// - Complexity: O(*n*) in the number of weights.
    package mutating func weightedIndex(_ weights: [Double]) -> Int? {
        let usable = weights.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        let total = usable.reduce(0, +)
        guard total > 0 else { return nil }
        var target = Double(next() >> 11) * 0x1p-53 * total
        for (index, weight) in usable.enumerated() where weight > 0 {
            if target < weight { return index }
            target -= weight
        }
        return usable.lastIndex { $0 > 0 }
    }

    /// Shuffles `array` in place (Fisher–Yates).
    ///
    /// Bad input: none; empty and one-element arrays stay as they are.
    ///
    /// - Complexity: O(*n*).
    package mutating func shuffle<Element>(_ array: inout [Element]) {
        guard array.count > 1 else { return }
        for index in stride(from: array.count - 1, to: 0, by: -1) {
            array.swapAt(index, int(in: 0...index))
        }
    }

    /// The elements of `sequence` in a random order.
    ///
    /// Bad input: an infinite sequence never returns.
    ///
    /// - Complexity: O(*n*).
    package mutating func shuffled<S: Sequence>(_ sequence: S) -> [S.Element] {
        var array = Array(sequence)
        shuffle(&array)
        return array
    }

    /// `count` distinct integers from `range`, in random order.
    ///
    /// Bad input: a negative `count` gives none; a `count` larger than the range gives
    /// the whole range, shuffled.
    ///
    /// - Complexity: O(*n*) in the size of the range.
    package mutating func sample(_ count: Int, from range: Range<Int>) -> [Int] {
        var pool = Array(range)
        let wanted = max(0, min(count, pool.count))
        // A partial Fisher–Yates: the first `wanted` places end up a uniform sample.
        for index in 0..<wanted {
            pool.swapAt(index, int(in: index..<pool.count))
        }
        return Array(pool.prefix(wanted))
    }
}
