import Foundation

/// Times code with the monotonic clock and keeps a checksum of what the timed code
/// returns, so that the optimiser cannot drop the work being timed.
final class TimingHarness {
    /// The sum of every value a timed body returned; printed at the end.
    private(set) var checksum: Double = 0
    /// The fastest timed run of the last measurement, in nanoseconds: far below the
    /// median when other work shared the processor during the measurement.
    private(set) var lastFastest: Double = 0

    /// Nanoseconds on the monotonic clock.
    @inline(__always)
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The median of `repeats` timed runs of `body`, in nanoseconds, after `warmups`
    /// untimed ones. `prepare` makes each run's input, untimed; the input is released
    /// only after the clock stops, so tearing it down is never timed either.
    func medianNanoseconds<Input>(
        warmups: Int, repeats: Int, prepare: () -> Input, body: (Input) -> Double
    ) -> Double {
        var samples: [UInt64] = []
        samples.reserveCapacity(repeats)
        for run in 0..<(warmups + repeats) {
            let input = prepare()
            withExtendedLifetime(input) {
                let start = Self.now()
                let result = body(input)
                let elapsed = Self.now() - start
                checksum += result
                if run >= warmups { samples.append(elapsed) }
            }
        }
        // A closure, not `map(Double.init)`: that resolves to `Double(bitPattern:)` here.
        lastFastest = samples.min().map { Double($0) } ?? 0
        return Self.median(samples)
    }

    /// ``medianNanoseconds(warmups:repeats:prepare:body:)`` without per-run input.
    func medianNanoseconds(warmups: Int, repeats: Int, body: () -> Double) -> Double {
        medianNanoseconds(warmups: warmups, repeats: repeats, prepare: { () }, body: { _ in body() })
    }

    /// The median of `samples` (the mean of the middle two for an even count); 0 if empty.
    static func median(_ samples: [UInt64]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2)
            ? (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
            : Double(sorted[middle])
    }
}
